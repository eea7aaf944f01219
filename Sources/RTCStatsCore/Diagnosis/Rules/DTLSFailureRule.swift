/// The DTLS handshake failed (`dtlsState` `failed`): no keys, so no media at all — a
/// certificate or fingerprint mismatch, or a middlebox eating the handshake.
struct DTLSFailureRule: ConnectionStateRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "dtlsFailure", template: "DTLS {state}: the connection cannot carry media", severity: .critical),
    summary: "DTLS handshake failed",
    formula: "transport.dtlsState = failed, or a DTLS state event with value failed",
    inputs: ["transport.dtlsState", "event dtlsstatechange"],
    source: "W3C webrtc-pc RTCDtlsTransportState; client-monitor-js DtlsHandshakeFailedDetector",
    guards: ["closed at the end of a call is not a failure"],
    thresholds: [])

  var states = ConnectionStateEpisodes()
  let entry: ThresholdEntry
  var lastTime: Double?

  init(thresholds: ThresholdEntry) { entry = thresholds }

  func badState(of transport: TransportPoll) -> String? { transport.isDTLSFailed ? "failed" : nil }

  func badState(of event: StatsEvent) -> String?? {
    guard event.kind == .dtlsState, let value = event.value?.lowercased() else { return nil }
    return .some(value == "failed" ? "failed" : nil)
  }

  func finding(_ episode: (start: Double, end: Double, state: String), _ sink: FindingSink)
    -> Diagnostic
  {
    Diagnostic(
      Self.code, peerConnection: sink.peerConnection, start: episode.start, end: episode.end,
      evidence: ["state": .text(episode.state)], threshold: entry.evidence)
  }
}
