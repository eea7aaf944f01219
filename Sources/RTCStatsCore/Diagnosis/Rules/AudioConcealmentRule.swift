/// Received audio concealed: samples the decoder had to invent (loss concealment, "robot
/// voice").
///
/// Per interval ΔconcealedSamples / ΔtotalSamplesReceived · 100 of received audio. Raised at
/// 5 % in 2 of 3 intervals, cleared below 2 %; critical at 20 %.
struct AudioConcealmentRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "audioConcealment",
      template:
        "{meanPercent}% of the received audio concealed on average, {peakPercent}% at worst, for {seconds} s",
      severity: .warning),
    summary: "received audio concealed (loss concealment)",
    formula: "ΔconcealedSamples / ΔtotalSamplesReceived · 100 per interval (inbound audio)",
    inputs: [
      "inbound-rtp.concealedSamples", "inbound-rtp.totalSamplesReceived", "inbound-rtp.packetsReceived",
    ],
    source: "W3C webrtc-stats concealedSamples; client-monitor-js AudioConcealmentDetector",
    guards: [
      "DTX silence: intervals receiving fewer than minPacketRate packets per second are not judged",
      "a stream that stopped (nothing received) is noMediaFlowing or mediaStopped, not concealment",
    ],
    entry: .hysteresis(
      "audioConcealment", alertOn: 5, alertOff: 2, unit: "%", minIntervals: 2, window: 3,
      extra: [
        ThresholdValue("critical", 20, "critical when an interval reaches this (%)"),
        ThresholdValue("minPacketRate", 10, "packets per second an interval needs to be judged"),
      ]))

  var episodes: TrackEpisodes
  private let minPacketRate: Double

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds)
    minPacketRate = thresholds.number("minPacketRate", or: 10)
  }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? {
    guard track.isInboundAudio, let duration = track.duration, duration > 0, let packets = track.packets,
      packets / duration * 1000 >= minPacketRate
    else { return nil }
    return track.concealmentPercent
  }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["meanPercent": .rounded(episode.mean, 1), "peakPercent": .rounded(episode.peak, 1)]
  }
}
