/// An ICE restart: the application called `restartIce()` (or offered with `iceRestart`), a
/// sign that it saw the path fail and tried another.
struct IceRestartRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode("iceRestart", template: "ICE restarted ({name})", severity: .info),
    summary: "ICE restart",
    formula: "a restartIce event, or a createOffer event whose options ask for iceRestart",
    inputs: ["event restartIce", "event createOffer"],
    source: "W3C webrtc-pc restartIce(); client-monitor-js IceRestartDetector",
    guards: ["an offer without iceRestart is ordinary renegotiation"],
    thresholds: [])

  private let entry: ThresholdEntry

  init(thresholds: ThresholdEntry) { entry = thresholds }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {}

  mutating func observe(event: StatsEvent, into sink: inout FindingSink) {
    let restart =
      event.kind == .restartIce
      || (event.kind == .createOffer && event.outcome == .call
        && (event.value?.replacingSpaces().contains("\"iceRestart\":true") ?? false))
    guard restart, let time = event.time else { return }
    sink.report(
      Diagnostic(
        Self.code, peerConnection: sink.peerConnection, start: time, end: time,
        evidence: ["name": .text(event.name)],
        threshold: entry.evidence))
  }
}

extension String {
  /// The string without spaces, for matching JSON text written with or without them.
  fileprivate func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
