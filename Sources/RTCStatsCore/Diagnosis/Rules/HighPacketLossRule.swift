/// Sustained packet loss on a track.
///
/// Per interval: inbound ΔpacketsLost / (ΔpacketsReceived + ΔpacketsLost) · 100, outbound the
/// latest receiver report's `fractionLost` · 100 (it holds until the next report). Raised when
/// 3 of the last 5 intervals reach 3 % (Vonage's acceptable limit; Twilio's
/// `packetsLostFraction` warning counts 3 of 5 samples), cleared below 1 % (Twilio's own
/// threshold); critical when an interval reaches 10 % (LiveKit's video packet score is 0).
struct HighPacketLossRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "highPacketLoss",
      template: "{meanLossPercent}% of packets lost on average, {peakLossPercent}% at worst, for {seconds} s",
      severity: .warning),
    summary: "sustained packet loss on a track",
    formula:
      "per interval: inbound Δlost/(Δreceived+Δlost)·100, outbound remote-inbound-rtp.fractionLost·100; raised when minIntervals of the last window intervals reach alertOn",
    inputs: ["inbound-rtp.packetsLost", "inbound-rtp.packetsReceived", "remote-inbound-rtp.fractionLost"],
    source:
      "Vonage bandwidth requirements (acceptable < 3 % loss); Twilio StatsMonitor packetsLostFraction (> 1 %, 3 of 5 samples); LiveKit connection quality (video score 0 at 10 %)",
    guards: [
      "intervals with fewer than minPackets packets (DTX audio, a paused video) are not judged",
      "one lossy interval is a burst (lossBurst), not sustained loss: 3 of 5 are needed",
    ],
    entry: .hysteresis(
      "highPacketLoss", alertOn: 3, alertOff: 1, unit: "%", minIntervals: 3, window: 5,
      extra: [
        ThresholdValue("critical", 10, "critical when an interval reaches this (%)"),
        ThresholdValue("minPackets", 10, "packets an interval needs to be judged (inbound)"),
      ]))

  var episodes: TrackEpisodes
  private let minPackets: Double

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds)
    minPackets = thresholds.number("minPackets", or: 10)
  }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? {
    let enough = track.direction == .outbound || (track.packets ?? 0) + (track.packetsLost ?? 0) >= minPackets
    return enough ? track.lossPercent : nil
  }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["meanLossPercent": .rounded(episode.mean, 2), "peakLossPercent": .rounded(episode.peak, 2)]
  }
}
