/// ICE lost the path: `iceState`/`iceConnectionState`/`connectionState` `disconnected`
/// (consent checks failing; it may recover) or `failed` (it gave up).
///
/// From the transport's `iceState` at each poll (the episode starts at the poll before the
/// first bad one) and from the state-change events; the two are merged. `disconnected` is a
/// warning, `failed` critical.
struct IceDisconnectedRule: DiagnosisRule {
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

  private var states = ConnectionStateEpisodes()
  private let entry: ThresholdEntry
  private var lastTime: Double?

  init(thresholds: ThresholdEntry) { entry = thresholds }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard let transport = poll.transport, let start = transport.start ?? poll.previousTime else { return }
    lastTime = transport.end
    let bad = transport.isIceFailed ? "failed" : (transport.isIceDisconnected ? "disconnected" : nil)
    if let episode = states.poll(bad, start: start, end: transport.end) {
      sink.report(finding(episode, sink))
    }
  }

  mutating func observe(event: StatsEvent, into sink: inout FindingSink) {
    guard event.kind == .iceConnectionState || event.kind == .connectionState, let time = event.time,
      let value = event.value?.lowercased()
    else { return }
    if ["new", "checking"].contains(value) { return }
    let bad = value == "disconnected" || value == "failed" ? value : nil
    if let episode = states.event(bad, time: time) { sink.report(finding(episode, sink)) }
  }

  mutating func finish(into sink: inout FindingSink) {
    for episode in states.finish(end: lastTime) { sink.report(finding(episode, sink)) }
  }

  private func finding(_ episode: (start: Double, end: Double, state: String), _ sink: FindingSink)
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
