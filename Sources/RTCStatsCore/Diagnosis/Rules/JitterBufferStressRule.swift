/// The audio jitter buffer holding samples long: the path delivers unevenly and the buffer
/// grows to cover it, adding delay to the conversation.
///
/// Per interval: ΔjitterBufferDelay / ΔjitterBufferEmittedCount · 1000 of received audio.
/// Raised at 150 ms (ITU-T G.114's one-way budget spent in the buffer alone) in 3 of 5
/// intervals, cleared below 100 ms.
struct JitterBufferStressRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "jitterBufferStress",
      template:
        "audio jitter buffer holds samples {meanDelay} ms on average, {peakDelay} ms at worst, for {seconds} s",
      severity: .warning),
    summary: "audio jitter buffer under stress (long buffering delay)",
    formula: "per interval ΔjitterBufferDelay/ΔjitterBufferEmittedCount·1000 (inbound audio)",
    inputs: ["inbound-rtp.jitterBufferDelay", "inbound-rtp.jitterBufferEmittedCount"],
    source: "ITU-T G.114 (150 ms one-way delay budget); client-monitor-js JitterBufferStressDetector",
    guards: [
      "audio only: a video buffer also waits for audio/video sync and NACK repair",
      "intervals in which nothing was emitted (a stopped stream) are not judged",
      "3 of 5 intervals are needed: the buffer's adaptation after one late burst is normal",
    ],
    entry: .hysteresis(
      "jitterBufferStress", alertOn: 150, alertOff: 100, unit: "ms", minIntervals: 3, window: 5))

  var episodes: TrackEpisodes

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? {
    track.isInboundAudio ? track.jitterBufferDelay : nil
  }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["meanDelay": .rounded(episode.mean, 0), "peakDelay": .rounded(episode.peak, 0)]
  }
}
