/// The video encoder held back by the network: `qualityLimitationReason` is `bandwidth` and
/// the estimate is not well above what is sent (see ``EncoderLimit``).
///
/// Per interval 1 when network-limited, else 0; raised in 2 of 3 intervals.
struct BandwidthLimitedEncoderRule: EncoderLimitRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "bandwidthLimitedEncoder",
      template:
        "the encoder is limited by the network for {seconds} s: down to {lowestSentBitrate} bps sent, at {resolution} of a {sourceResolution} source, bandwidth estimate down to {lowestEstimate} bps",
      severity: .warning),
    summary: "video encoder limited by the network's bandwidth",
    formula:
      "qualityLimitationReason = bandwidth and not (availableOutgoingBitrate ≥ headroom·sent and ≥ the source's need, RTT < maxRoundTripTime, loss < maxLossPercent)",
    inputs: [
      "outbound-rtp.qualityLimitationReason", "candidate-pair.availableOutgoingBitrate",
      "outbound-rtp.bytesSent",
      "media-source.width", "media-source.height",
    ],
    source: "W3C webrtc-stats qualityLimitationReason; Vonage bandwidth requirements for the need",
    guards: [
      "a sender cap (maxBitrate, the encoder's cap for the resolution) is applicationLimitedEncoder, not this",
      "one interval is not a limitation: 2 of 3 are needed",
    ],
    entry: .hysteresis(
      "bandwidthLimitedEncoder", alertOn: 1, alertOff: 1, unit: "1 = network-limited", minIntervals: 2,
      window: 3,
      extra: EncoderLimit.Parameters.values))

  static let limit = EncoderLimit.network

  var episodes: TrackEpisodes
  let parameters: EncoderLimit.Parameters
  var context = EncoderContext()

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds)
    parameters = EncoderLimit.Parameters(thresholds)
  }
}
