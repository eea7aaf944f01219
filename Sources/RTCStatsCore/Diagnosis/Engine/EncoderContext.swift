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
