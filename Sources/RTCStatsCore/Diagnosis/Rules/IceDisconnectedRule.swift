/// ICE lost the path: `iceState`/`iceConnectionState`/`connectionState` `disconnected`
/// (consent checks failing; it may recover) or `failed` (it gave up).
///
/// From the transport's `iceState` at each poll (the episode starts at the poll before the
/// first bad one) and from the state-change events; the two are merged. `disconnected` is a
/// warning, `failed` critical.
struct IceDisconnectedRule: ConnectionStateRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode("iceDisconnected", template: "ICE {state} for {seconds} s", severity: .warning),
    summary: "ICE disconnected or failed",
    formula:
      "transport.iceState, or the iceConnectionState/connectionState events, in {disconnected, failed}",
    inputs: ["transport.iceState", "event iceconnectionstatechange", "event connectionstatechange"],
    source: "W3C webrtc-pc RTCIceConnectionState; RFC 7675 consent freshness",
    guards: [
      "checking and new are set-up states, not a lost path",
      "the two sources of one episode make one finding",
    ],
    thresholds: [ThresholdValue("failedIsCritical", 1, "1: failed is critical")])

  var states = ConnectionStateEpisodes()
  let entry: ThresholdEntry
  var lastTime: Double?

  init(thresholds: ThresholdEntry) { entry = thresholds }

  func badState(of transport: TransportPoll) -> String? {
    transport.isIceFailed ? "failed" : (transport.isIceDisconnected ? "disconnected" : nil)
  }

  func badState(of event: StatsEvent) -> String?? {
    guard event.kind == .iceConnectionState || event.kind == .connectionState,
      let value = event.value?.lowercased(), !["new", "checking"].contains(value)
    else { return nil }
    return .some(value == "disconnected" || value == "failed" ? value : nil)
  }

  func finding(_ episode: (start: Double, end: Double, state: String), _ sink: FindingSink)
    -> Diagnostic
  {
    let critical = episode.state == "failed" && entry.number("failedIsCritical", or: 1) != 0
    return Diagnostic(
      Self.code, severity: critical ? .critical : .warning, peerConnection: sink.peerConnection,
      start: episode.start, end: episode.end,
      evidence: ["state": .text(episode.state), "seconds": .seconds(episode.end - episode.start)],
      threshold: entry.evidence)
  }
}
