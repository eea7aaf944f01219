/// Received video paused: W3C `pauseCount` (no frame rendered for 5 s or more) and
/// `totalPausesDuration`.
///
/// A pause is the sender stopping on purpose (`replaceTrack(null)`,
/// `encodings.active = false`, a source that stopped), not a freeze and not a network fault.
///
/// One finding per pause, from the increment of `totalPausesDuration` before the poll that
/// counted it to that poll.
struct VideoPauseRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "videoPause",
      template:
        "video paused for {pauseSeconds} s (the sender stopped sending frames: not a freeze, not the network)",
      severity: .info),
    summary: "received video paused by the sender",
    formula: "ΔpauseCount > 0: a pause from end − ΔtotalPausesDuration to end",
    inputs: ["inbound-rtp.pauseCount", "inbound-rtp.totalPausesDuration"],
    source: "W3C webrtc-stats pauseCount definition (no frame for ≥ 5 s)",
    guards: [
      "a pause while every received track stopped (a network cut) is part of mediaStopped, not a pause",
      "track.enabled = false sends black frames: no pause, and none is reported",
    ],
    thresholds: [ThresholdValue("minPauses", 1, "pauses counted in an interval to report")])

  private let minPauses: Double
  /// When every received track of the connection last stopped together (a cut), per poll.
  private var stoppedSince: Double?
  private var lastStopEnd: Double?

  init(thresholds: ThresholdEntry) { minPauses = thresholds.number("minPauses", or: 1) }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    if poll.everyInboundStopped, let interval = poll.interval {
      stoppedSince = stoppedSince ?? interval.start
      lastStopEnd = interval.end
    } else if poll.hasInbound {
      stoppedSince = nil
    }
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.isInboundVideo && track.duration != nil else { continue }
      guard let pauses = track.pauses, pauses >= minPauses, let end = track.end else { continue }
      let length = track.pauseDuration ?? 0
      let start = end - length
      if let lastStopEnd, lastStopEnd > start { continue }
      sink.report(
        Diagnostic(
          Self.code, peerConnection: poll.peerConnection, track: poll.id(of: track), start: start, end: end,
          evidence: ["pauseCount": .integer(Int(pauses)), "pauseSeconds": .seconds(length)],
          threshold: ThresholdEntry(Self.code.rawValue, [ThresholdValue("minPauses", minPauses, "")]).evidence
        ))
    }
  }
}
