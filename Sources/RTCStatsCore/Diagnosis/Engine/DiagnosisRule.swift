/// A diagnosis rule: fed every poll and every event of one peer connection as they arrive, it
/// reports findings (``Diagnostic``s with its code) into a ``FindingSink``.
///
/// One rule per file under `Diagnosis/Rules/`, listed once in ``RuleRegistry``. A rule keeps
/// only bounded state (per track, a few intervals), so the diagnosis runs live with a bounded
/// timeline. Its thresholds come from the ``ThresholdTable`` entry keyed by its code.
public protocol DiagnosisRule: Sendable {
  /// The rule's documentation and default thresholds.
  static var descriptor: RuleDescriptor { get }
  /// A rule for one peer connection with `thresholds` (the table's entry for the rule).
  init(thresholds: ThresholdEntry)
  /// Reads one poll.
  mutating func observe(_ poll: PollContext, into sink: inout FindingSink)
  /// Reads one event of the connection (or, for page-level rules, of the page).
  mutating func observe(event: StatsEvent, into sink: inout FindingSink)
  /// The call ended (or a snapshot of the analysis is taken): report what is still open.
  mutating func finish(into sink: inout FindingSink)
}

extension DiagnosisRule {
  /// Most rules read no events.
  public mutating func observe(event: StatsEvent, into sink: inout FindingSink) {}
  /// Rules without open episodes have nothing to finish.
  public mutating func finish(into sink: inout FindingSink) {}
  /// The rule's code.
  public static var code: DiagnosticCode { descriptor.code }
}

/// Where rules put findings: the complete ones (``reported``) and, for live use, the ones
/// that started at this poll (``started``: the episode so far).
public struct FindingSink: Sendable {
  /// The peer connection the findings belong to (`nil` for page-level ones).
  public let peerConnection: String?
  /// Findings completed at this poll (or at the end of the call), in order.
  public internal(set) var reported: [Diagnostic] = []
  /// Findings that started at this poll and are still open.
  public internal(set) var started: [Diagnostic] = []

  /// An empty sink.
  public init(peerConnection: String?) { self.peerConnection = peerConnection }

  /// Reports a complete finding.
  public mutating func report(_ finding: Diagnostic) { reported.append(finding) }

  /// Notes a finding that started now and is still open.
  public mutating func open(_ finding: Diagnostic) { started.append(finding) }
}

extension ThresholdEntry {
  /// The values as evidence (`threshold{…}` of a finding): whole numbers as integers.
  public var evidence: Evidence {
    Evidence(
      values.map { value in
        let whole = value.value == value.value.rounded() && abs(value.value) < 1e15
        return Evidence.Item(
          name: value.name, value: whole ? .integer(Int(value.value)) : .number(value.value))
      })
  }
}
