/// Many key-frame requests on a video track: picture loss indications (PLI) and full intra
/// requests (FIR) the receiver keeps sending because it cannot decode, each answered by an
/// expensive key frame.
///
/// Per interval (ΔpliCount + ΔfirCount) per second, sent (inbound) or received (outbound).
/// Raised at 1 per second in 3 of 5 intervals, cleared below 0.3 per second.
struct KeyframeStormRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "keyframeStorm",
      template:
        "{meanPerSecond} key-frame requests (PLI/FIR) per second on average, {peakPerSecond} at worst, for {seconds} s",
      severity: .warning),
    summary: "key-frame request (PLI/FIR) storm",
    formula: "(ΔpliCount + ΔfirCount) / Δt per interval",
    inputs: [
      "inbound-rtp.pliCount", "inbound-rtp.firCount", "outbound-rtp.pliCount", "outbound-rtp.firCount",
    ],
    source: "RFC 4585 §6.3.1 (PLI) and RFC 5104 (FIR); client-monitor-js KeyframeStormDetector",
    guards: [
      "a subscriber joining or a layer switch asks for one key frame: 3 of 5 intervals are needed"
    ],
    entry: .hysteresis(
      "keyframeStorm", alertOn: 1, alertOff: 0.3, unit: "requests/s", minIntervals: 3, window: 5))

  var episodes: TrackEpisodes

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? {
    guard track.kind == .video, let duration = track.duration, duration > 0 else { return nil }
    guard track.plis != nil || track.firs != nil else { return nil }
    return ((track.plis ?? 0) + (track.firs ?? 0)) / duration * 1000
  }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["meanPerSecond": .rounded(episode.mean, 1), "peakPerSecond": .rounded(episode.peak, 1)]
  }
}
