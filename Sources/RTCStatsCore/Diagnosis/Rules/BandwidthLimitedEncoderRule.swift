/// The video encoder held back by the network: `qualityLimitationReason` is `bandwidth` and
/// the estimate is not well above what is sent (see ``EncoderLimit``).
///
/// Per interval 1 when network-limited, else 0; raised in 2 of 3 intervals.
struct BandwidthLimitedEncoderRule: TrackEpisodeRule {
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

  var episodes: TrackEpisodes
  private let parameters: EncoderLimit.Parameters
  private var context = EncoderContext()

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds)
    parameters = EncoderLimit.Parameters(thresholds)
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for track in poll.tracks where track.direction == .outbound && track.kind == .video {
      let judgement = EncoderLimit.judge(track, in: poll, parameters)
      if episodes.open(track.slot) == nil && judgement != .network { context = EncoderContext() }
      if judgement == .network { context.note(track, poll) }
      let change = episodes.feed(track, in: poll, value: judgement == .network ? 1 : 0)
      sink.note(change) {
        finding($0, track: poll.id(of: track), isOpen: $1, peerConnection: poll.peerConnection)
      }
    }
  }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? { nil }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence { context.evidence }
}

/// The last figures of an encoder-limit interval, for the evidence.
struct EncoderContext: Sendable, Hashable {
  var sent = 0.0
  var estimate: Double?
  var lowestSent: Double?
  var lowestEstimate: Double?
  var highestEstimate: Double?
  var width: Double?
  var height: Double?
  var sourceWidth: Double?
  var sourceHeight: Double?

  mutating func note(_ track: TrackPoll, _ poll: PollContext) {
    sent = BandwidthNeed.sent(poll)
    estimate = poll.transport?.availableOutgoingBitrate
    lowestSent = Swift.min(lowestSent ?? sent, sent)
    if let estimate {
      lowestEstimate = Swift.min(lowestEstimate ?? estimate, estimate)
      highestEstimate = Swift.max(highestEstimate ?? estimate, estimate)
    }
    width = track.width
    height = track.height
    sourceWidth = track.sourceWidth
    sourceHeight = track.sourceHeight
  }

  var evidence: Evidence {
    let unknown = EvidenceValue.text("unknown")
    var result: Evidence = [
      "sentBitrate": .rounded(sent, 0), "lowestSentBitrate": .rounded(lowestSent ?? sent, 0),
      "resolution": .text(Self.size(width, height)),
      "sourceResolution": sourceWidth == nil ? unknown : .text(Self.size(sourceWidth, sourceHeight)),
      "estimate": estimate.map { .rounded($0, 0) } ?? unknown,
      "lowestEstimate": lowestEstimate.map { .rounded($0, 0) } ?? unknown,
    ]
    if let estimate, sent > 0 { result.set("estimateToSent", .rounded(estimate / sent, 1)) }
    if let lowestEstimate, let lowestSent, lowestSent > 0 {
      result.set("lowestEstimateToSent", .rounded(lowestEstimate / lowestSent, 1))
    }
    return result
  }

  static func size(_ width: Double?, _ height: Double?) -> String {
    guard let width, let height else { return "?" }
    return "\(Int(width))x\(Int(height))"
  }
}
