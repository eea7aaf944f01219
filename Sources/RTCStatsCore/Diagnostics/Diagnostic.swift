/// A fact about a dump or a call, as data: what (``code``), how much it matters
/// (``severity``), where (peer connection, track, time range) and the evidence.
///
/// Parsers report damage and oddities of the input with it (a truncated dump, ignored
/// members, µs timestamps), the engine reports what it did about the data (counter resets,
/// skipped samples, polling gaps), and the diagnosis reports its findings. Only a frontend
/// turns a diagnostic into words, by filling ``DiagnosticCode/template`` with the
/// ``evidence``; the JSON output writes the fields as they are.
public struct Diagnostic: Sendable, Hashable {
  /// What the diagnostic is about.
  public var code: DiagnosticCode
  /// How much it matters.
  public var severity: Severity
  /// The peer connection concerned, when there is one.
  public var peerConnection: String?
  /// The track concerned, when there is one.
  public var track: TrackID?
  /// Start of the time range concerned, ms since the epoch.
  public var start: Double?
  /// End of the time range concerned, ms since the epoch.
  public var end: Double?
  /// The facts, named as the template's placeholders.
  public var evidence: Evidence
  /// For a finding of the diagnosis: the thresholds that fired (the rule's table entry).
  public var threshold: Evidence

  /// Creates a diagnostic; the severity defaults to the code's.
  public init(
    _ code: DiagnosticCode, severity: Severity? = nil, peerConnection: String? = nil,
    track: TrackID? = nil, start: Double? = nil, end: Double? = nil, evidence: Evidence = Evidence(),
    threshold: Evidence = Evidence()
  ) {
    self.code = code
    self.severity = severity ?? code.defaultSeverity
    self.peerConnection = peerConnection ?? track?.peerConnection
    self.track = track
    self.start = start
    self.end = end
    self.evidence = evidence
    self.threshold = threshold
  }
}
