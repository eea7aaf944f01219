/// What the diagnosis learned from one poll of one peer connection, for live use: the
/// findings that started or ended in this interval and the network condition now.
///
/// Memory is O(1) per snapshot: only the last poll's is kept (``CallDiagnosis/latest(of:)``).
public struct PollDiagnosis: Sendable, Equatable {
  /// The engine's report number.
  public var sequence: Int
  /// The poll's time, ms since the epoch.
  public var time: Double?
  /// Findings that started at this poll and are still open (their end is the end so far).
  public var started: [Diagnostic]
  /// Findings that ended at this poll, complete.
  public var ended: [Diagnostic]
  /// The send direction's grade and reason holding now.
  public var send: (grade: NetworkGrade, reason: ConditionReason)
  /// The receive direction's grade and reason holding now.
  public var receive: (grade: NetworkGrade, reason: ConditionReason)

  /// Compares every member.
  public static func == (lhs: PollDiagnosis, rhs: PollDiagnosis) -> Bool {
    lhs.sequence == rhs.sequence && lhs.time == rhs.time && lhs.started == rhs.started
      && lhs.ended == rhs.ended
      && lhs.send == rhs.send && lhs.receive == rhs.receive
  }
}
