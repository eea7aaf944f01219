/// Whether a bandwidth-limited encoder is held back by the network or by a sender cap, shared
/// by ``BandwidthLimitedEncoderRule`` and ``ApplicationLimitedEncoderRule``.
///
/// `qualityLimitationReason` is `bandwidth` both when the estimate is low and when the
/// application capped the bitrate (`maxBitrate`) or the encoder reached its own cap for the
/// resolution: libwebrtc cannot tell them apart. The stats can: a sender cap leaves the
/// estimate (`availableOutgoingBitrate`) well above what is sent — at least `headroom` times
/// it — and at least what the capture source needs for excellent quality, with no sign of
/// congestion (RTT below `maxRoundTripTime`, loss below `maxLossPercent`).
enum EncoderLimit: Sendable, Hashable {
  case network
  case application

  struct Parameters: Sendable, Hashable {
    var headroom: Double
    var maxRoundTripTime: Double
    var maxLossPercent: Double

    init(_ entry: ThresholdEntry) {
      headroom = entry.number("headroom", or: 1.5)
      maxRoundTripTime = entry.number("maxRoundTripTime", or: 400)
      maxLossPercent = entry.number("maxLossPercent", or: 2)
    }

    static let values = [
      ThresholdValue("headroom", 1.5, "an estimate at least this many times what is sent is a sender cap"),
      ThresholdValue("maxRoundTripTime", 400, "a sender cap needs the RTT below this (ms)"),
      ThresholdValue("maxLossPercent", 2, "a sender cap needs the reported loss below this (%)"),
    ]
  }

  /// The judgement for `track` (outbound video) at `poll`; `nil` unless the encoder reports
  /// `bandwidth`.
  @inline(__always)
  static func judge(_ track: TrackPoll, in poll: PollContext, _ parameters: Parameters) -> EncoderLimit? {
    guard track.direction == .outbound, track.kind == .video, track.qualityLimitationReason == .bandwidth,
      (track.bytes ?? 0) > 0
    else { return nil }
    guard let estimate = poll.transport?.availableOutgoingBitrate else { return .network }
    let sent = BandwidthNeed.sent(poll)
    let need = BandwidthNeed.of(poll)
    let calm =
      (poll.transport?.measuredRoundTripTime ?? 0) < parameters.maxRoundTripTime
      && (track.lossPercent ?? 0) < parameters.maxLossPercent
    return estimate >= parameters.headroom * sent && estimate >= need && calm ? .application : .network
  }
}
