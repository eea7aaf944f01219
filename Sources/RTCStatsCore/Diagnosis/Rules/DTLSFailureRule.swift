/// The DTLS handshake failed (`dtlsState` `failed`): no keys, so no media at all — a
/// certificate or fingerprint mismatch, or a middlebox eating the handshake.
struct DTLSFailureRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "dtlsFailure", template: "DTLS {state}: the connection cannot carry media", severity: .critical),
    summary: "DTLS handshake failed",
    formula: "transport.dtlsState = failed, or a DTLS state event with value failed",
    inputs: ["transport.dtlsState", "event dtlsstatechange"],
    source: "W3C webrtc-pc RTCDtlsTransportState; client-monitor-js DtlsHandshakeFailedDetector",
    guards: ["closed at the end of a call is not a failure"],
    thresholds: [])

  private var states = ConnectionStateEpisodes()
  private let entry: ThresholdEntry
  private var lastTime: Double?

  init(thresholds: ThresholdEntry) { entry = thresholds }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard let transport = poll.transport, let start = transport.start ?? poll.previousTime else { return }
    lastTime = transport.end
    let bad = transport.isDTLSFailed ? "failed" : nil
    if let episode = states.poll(bad, start: start, end: transport.end) {
      sink.report(finding(episode, sink))
    }
  }

  mutating func observe(event: StatsEvent, into sink: inout FindingSink) {
    guard event.kind == .dtlsState, let time = event.time, let value = event.value?.lowercased() else {
      return
    }
    if let episode = states.event(value == "failed" ? "failed" : nil, time: time) {
      sink.report(finding(episode, sink))
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for episode in states.finish(end: lastTime) { sink.report(finding(episode, sink)) }
  }

  private func finding(_ episode: (start: Double, end: Double, state: String), _ sink: FindingSink)
    -> Diagnostic
  {
    Diagnostic(
      Self.code, peerConnection: sink.peerConnection, start: episode.start, end: episode.end,
      evidence: ["state": .text(episode.state)], threshold: entry.evidence)
  }
}
