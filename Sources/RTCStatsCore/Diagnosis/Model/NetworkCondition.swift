/// The network condition of one direction, or of a whole peer connection, over a call.
///
/// ``grade`` is the worst *sustained* grade (hysteresis drops single bad intervals, see
/// ``ConditionTracker``), ``reason`` what drove it, ``timeShare`` the share of graded time per
/// grade and ``timeline`` the call as runs of one grade and reason.
public struct NetworkConditionSummary: Sendable, Equatable {
  /// The worst sustained grade; ``NetworkGrade/unknown`` when no interval had inputs.
  public var grade: NetworkGrade
  /// What drove the worst grade (``ConditionReason/none`` when excellent).
  public var reason: ConditionReason
  /// Which side caused the degradation.
  public var degradationSource: DegradationSource
  /// The figures and thresholds behind ``grade`` and ``degradationSource``.
  public var evidence: Evidence
  /// Share of the graded time per grade, 0–100 (unknown time is counted under `unknown`).
  public var timeShare: GradeShares
  /// The call as runs of constant grade and reason, oldest first.
  public var timeline: [ConditionRun]

  /// Creates a summary.
  public init(
    grade: NetworkGrade, reason: ConditionReason, degradationSource: DegradationSource,
    evidence: Evidence = Evidence(), timeShare: GradeShares = GradeShares(), timeline: [ConditionRun] = []
  ) {
    self.grade = grade
    self.reason = reason
    self.degradationSource = degradationSource
    self.evidence = evidence
    self.timeShare = timeShare
    self.timeline = timeline
  }

  /// No interval graded.
  public static let unknown = NetworkConditionSummary(
    grade: .unknown, reason: .unknown, degradationSource: .unknown)
}

/// The network condition of a peer connection: overall, and per direction (`send`: this
/// side's uplink, judged from what the remote receiver reports; `receive`: this side's
/// downlink, judged from what arrives).
public struct NetworkCondition: Sendable, Equatable {
  /// Both directions together: per interval the worse of the two.
  public var overall: NetworkConditionSummary
  /// This side's uplink.
  public var send: NetworkConditionSummary
  /// This side's downlink.
  public var receive: NetworkConditionSummary

  /// Creates a condition.
  public init(
    overall: NetworkConditionSummary, send: NetworkConditionSummary, receive: NetworkConditionSummary
  ) {
    self.overall = overall
    self.send = send
    self.receive = receive
  }
}
