/// The figures behind one graded interval, kept for the evidence of the worst grade.
public struct ConditionFigures: Sendable, Hashable {
  /// The worst track's loss, 0–100.
  public var lossPercent: Double?
  /// Round-trip time, ms.
  public var roundTripTime: Double?
  /// The worst track's jitter, ms.
  public var jitter: Double?
  /// The send-side estimate, bps.
  public var availableBitrate: Double?
  /// What the sent media needs for excellent quality, bps.
  public var neededBitrate: Double?
  /// The worst received video's share of the interval frozen, 0–100.
  public var freezeShare: Double?
  /// The received video bitrate and what its resolution needs, bps (when it was graded).
  public var receivedBitrate: Double?
  /// What the received resolution needs, bps.
  public var receivedNeed: Double?
  /// Whether media stopped, or connectivity checks went unanswered, while the connection lived.
  public var mediaStopped = false
  /// `transport.iceState` was `failed` (else `disconnected` when ``iceDisconnected``).
  public var iceFailed = false
  /// `transport.iceState` was `disconnected` or `failed`.
  public var iceDisconnected = false
  /// Whether the selected candidate pair changed.
  public var pairChanged = false

  /// No figures.
  public init() {}
}

/// One interval of one direction before hysteresis: the badness (0 excellent … 4 critical,
/// −1 unknown) each reason's inputs give, and the figures.
struct ConditionSample: Sendable, Hashable {
  var start: Double
  var end: Double
  var bandwidth: Int8 = -1
  var packetLoss: Int8 = -1
  var change: Int8 = -1
  var figures = ConditionFigures()

  /// The interval's badness: the worst reason's, −1 when no input was known.
  var level: Int { Int(Swift.max(bandwidth, packetLoss, change)) }

  /// The reason that reaches `level`, by priority: a path change explains the rest, a
  /// bandwidth shortfall explains the loss that comes with it (queues overflow), loss last.
  func reason(reaching level: Int) -> ConditionReason? {
    if Int(change) >= level { return .networkConditionChange }
    if Int(bandwidth) >= level { return .bandwidth }
    if Int(packetLoss) >= level { return .packetLoss }
    return nil
  }

  mutating func raise(_ reason: ConditionReason, _ badness: Int?) {
    guard let badness else { return }
    let value = Int8(clamping: badness)
    switch reason {
    case .bandwidth: bandwidth = Swift.max(bandwidth, value)
    case .packetLoss: packetLoss = Swift.max(packetLoss, value)
    case .networkConditionChange: change = Swift.max(change, value)
    case .none, .unknown: break
    }
  }
}
