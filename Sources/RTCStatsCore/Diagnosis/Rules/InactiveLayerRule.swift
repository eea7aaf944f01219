/// A simulcast encoding that stopped sending while others of the same track send: disabled
/// (`active` false) or idle (no bytes: the encoder dropped it for bandwidth or CPU, or the
/// SFU asked for it to stop).
///
/// Per layer and interval 1 when idle while another layer sent bytes, else 0; raised in 3 of
/// 5 intervals (info).
struct InactiveLayerRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "inactiveLayer",
      template: "simulcast layer {layer} sent nothing for {seconds} s while other layers sent ({state})",
      severity: .info),
    summary: "a simulcast layer disabled or idle",
    formula:
      "per layer: ΔbytesSent = 0 (or active = false) while another layer of the track has ΔbytesSent > 0",
    inputs: ["outbound-rtp.active", "outbound-rtp.bytesSent", "outbound-rtp.rid"],
    source: "W3C webrtc-stats active; LiveKit connection quality (missing layers lower the score)",
    guards: [
      "a track with one encoding (SVC or no simulcast) is not judged",
      "the start of a call, where layers come up one by one, needs 3 of 5 intervals",
    ],
    entry: .hysteresis("inactiveLayer", alertOn: 1, alertOff: 1, unit: "1 = idle", minIntervals: 3, window: 5)
  )

  private var episodes: TrackEpisodes
  /// Per stream index: a detector slot.
  private var layerNames: [Int: String] = [:]
  private var disabled: [Int: Bool] = [:]

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.hasLayers else { continue }
      guard let start = track.start, let end = track.end else { continue }
      let layers = poll.layers(of: track)
      let anySending = layers.contains { ($0.bytes ?? 0) > 0 }
      for layer in layers {
        layerNames[layer.stream] = layer.name
        disabled[layer.stream] = layer.active == false
        let idle = anySending && (layer.active == false || layer.bytes == 0)
        let value: Double? = layer.bytes == nil && layer.active != false ? nil : (idle ? 1 : 0)
        let change = episodes.feed(
          slot: layer.stream, track: poll.id(of: track), value: value, start: start, end: end)
        sink.note(change) {
          finding(
            $0, stream: layer.stream, track: poll.id(of: track), isOpen: $1,
            peerConnection: poll.peerConnection)
        }
      }
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for (stream, track, episode) in episodes.finish() {
      sink.report(
        finding(episode, stream: stream, track: track, isOpen: false, peerConnection: sink.peerConnection))
    }
  }

  private func finding(
    _ episode: Episode, stream: Int, track: TrackID?, isOpen: Bool, peerConnection: String?
  )
    -> Diagnostic
  {
    episode.finding(
      Self.code, peerConnection: peerConnection, track: track,
      evidence: [
        "layer": .text(layerNames[stream] ?? "?"),
        "state": .text(disabled[stream] == true ? "active = false" : "no bytes sent"),
      ], threshold: episodes.entry, isOpen: isOpen)
  }
}
