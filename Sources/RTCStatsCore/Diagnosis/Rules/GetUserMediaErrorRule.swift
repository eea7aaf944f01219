/// `getUserMedia` (or `getDisplayMedia`) failed: the top cause of "my camera does not work"
/// tickets.
///
/// The error's name says which: permission denied, no such device, device busy,
/// constraints that no device meets.
struct GetUserMediaErrorRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "getUserMediaError", template: "{call} failed: {problem} ({error})", severity: .critical),
    summary: "getUserMedia / getDisplayMedia failed",
    formula:
      "a getUserMedia or getDisplayMedia failure event; NotAllowedError/PermissionDeniedError/SecurityError → permission denied, NotFoundError/DevicesNotFoundError → device not found, NotReadableError/TrackStartError/AbortError → device in use or unreadable, OverconstrainedError/ConstraintNotSatisfiedError → constraints not satisfiable",
    inputs: ["event getUserMediaOnFailure", "event getDisplayMediaOnFailure"],
    source: "W3C Media Capture and Streams §10.2 (getUserMedia errors); rtcstats-js event names",
    guards: [
      "a failure followed by a success (a retry with other constraints) is still reported: the first attempt failed"
    ],
    thresholds: [])

  private let entry: ThresholdEntry

  init(thresholds: ThresholdEntry) { entry = thresholds }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {}

  mutating func observe(event: StatsEvent, into sink: inout FindingSink) {
    guard event.kind == .getUserMedia || event.kind == .getDisplayMedia, event.outcome == .failure else {
      return
    }
    let error = event.value ?? "unknown error"
    sink.report(
      Diagnostic(
        Self.code, peerConnection: event.peerConnection, start: event.time, end: event.time,
        evidence: [
          "call": .text(event.kind == .getDisplayMedia ? "getDisplayMedia" : "getUserMedia"),
          "problem": .text(Self.problem(of: error)), "error": .text(error),
        ], threshold: entry.evidence))
  }

  /// What an error's text says, in words.
  static func problem(of error: String) -> String {
    let text = error.lowercased()
    let classes: [(names: [String], problem: String)] = [
      (
        ["notallowederror", "permissiondeniederror", "securityerror", "permission denied"],
        "permission denied"
      ),
      (["notfounderror", "devicesnotfounderror", "requested device not found"], "device not found"),
      (
        ["notreadableerror", "trackstarterror", "aborterror", "could not start"],
        "device in use or unreadable"
      ),
      (["overconstrainederror", "constraintnotsatisfiederror"], "constraints no device satisfies"),
      (["typeerror"], "invalid constraints"),
    ]
    return classes.first { $0.names.contains(where: text.contains) }?.problem ?? "other error"
  }
}
