/// The video encoder held back by a sender cap, not by the network: `qualityLimitationReason`
/// is `bandwidth` while the estimate is well above what is sent (see ``EncoderLimit``).
///
/// The
/// network grade is not lowered for it.
///
/// Per interval 1 when application-limited, else 0; raised in 3 of 5 intervals.
struct ApplicationLimitedEncoderRule: EncoderLimitRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "applicationLimitedEncoder",
      template:
        "limited by the application's bitrate setting for {seconds} s, not by the network: down to {lowestSentBitrate} bps sent (at {resolution} of a {sourceResolution} source) while the bandwidth estimate stayed at {lowestEstimate} bps or more",
      severity: .info),
    summary: "video encoder limited by a sender cap (maxBitrate or the encoder's cap), not by the network",
    formula:
      "qualityLimitationReason = bandwidth and availableOutgoingBitrate ≥ headroom·sent and ≥ the source's need, RTT < maxRoundTripTime, loss < maxLossPercent",
    inputs: [
      "outbound-rtp.qualityLimitationReason", "candidate-pair.availableOutgoingBitrate",
      "outbound-rtp.bytesSent",
    ],
    source: "W3C webrtc-stats qualityLimitationReason; RTCRtpEncodingParameters.maxBitrate",
    guards: [
      "congestion (high RTT or loss) makes it bandwidthLimitedEncoder even with a high estimate",
      "an estimate below what the capture source needs is the network's limit",
    ],
    entry: .hysteresis(
      "applicationLimitedEncoder", alertOn: 1, alertOff: 1, unit: "1 = application-limited", minIntervals: 3,
      window: 5, extra: EncoderLimit.Parameters.values))

  static let limit = EncoderLimit.application

  var episodes: TrackEpisodes
  let parameters: EncoderLimit.Parameters
  var context = EncoderContext()

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds)
    parameters = EncoderLimit.Parameters(thresholds)
  }
}
