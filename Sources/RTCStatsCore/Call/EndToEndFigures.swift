/// What a link's sender sent and what its receiver got, over the time both dumps cover.
///
/// Rates in bps, durations and delays in ms, percentages 0–100, times ms since the epoch on
/// the subscriber's clock. A figure the dumps cannot give is `nil`.
public struct EndToEndFigures: Sendable, Equatable {
  /// One end's figures.
  public struct Side: Sendable, Equatable {
    /// Media bitrate (payload without retransmissions): sent, every layer summed; received.
    public var bitrate: Double?
    /// Sent: the layers the receiver got, interval by interval (simulcast); received: `nil`.
    public var forwardedBitrate: Double?
    /// Frames per second: encoded on the largest layer, decoded at the receiver.
    public var frameRate: Double?
    /// Width held longest, px: the largest layer's, or the received one.
    public var width: Int?
    /// Height held longest, px.
    public var height: Int?
    /// Packets lost: the sender's receiver reports (uplink), or the receiver's `packetsLost`.
    public var packetsLost: Double?
    /// Loss, percent of the packets.
    public var lossPercent: Double?
    /// `freezeCount` increase (received video).
    public var freezeCount: Int?
    /// `totalFreezesDuration` increase, ms (received video).
    public var freezesDuration: Double?
    /// Concealed samples, percent (received audio).
    public var concealmentPercent: Double?

    /// Nothing known.
    public init() {}
  }

  /// One range of time during which the receiver got one encoding of a simulcast sender.
  public struct ForwardedLayer: Sendable, Equatable {
    /// Index of the encoding in the sender's layers.
    public var layer: Int
    /// Its `rid`, when it has one.
    public var rid: String?
    /// The sent width, px.
    public var width: Int?
    /// The sent height, px.
    public var height: Int?
    /// Start, ms, subscriber's clock.
    public var start: Double
    /// End, ms, subscriber's clock.
    public var end: Double

    /// Creates a range.
    public init(layer: Int, rid: String?, width: Int?, height: Int?, start: Double, end: Double) {
      self.layer = layer
      self.rid = rid
      self.width = width
      self.height = height
      self.start = start
      self.end = end
    }
  }

  /// Start of the compared time, ms, subscriber's clock.
  public var start: Double?
  /// End of the compared time, ms, subscriber's clock.
  public var end: Double?
  /// The sender's figures.
  public var sent = Side()
  /// The receiver's figures.
  public var received = Side()
  /// Which encoding arrived when (senders with several encodings).
  public var forwardedLayers: [ForwardedLayer] = []
  /// Loss added on the publisher's uplink, percent (its receiver reports).
  public var uplinkLossPercent: Double?
  /// Loss added after it, percent: the subscriber's loss beyond the uplink's.
  public var downlinkLossPercent: Double?
  /// The publisher's round-trip time to its peer (receiver reports), ms.
  public var uplinkRoundTripTime: Double?
  /// The subscriber's round-trip time to its peer (candidate pair), ms.
  public var downlinkRoundTripTime: Double?
  /// Sender to receiver, ms, estimated as half of each leg's round-trip time (symmetric paths
  /// assumed; not measured: see ``EndToEndCalculator``).
  public var oneWayDelay: Double?

  /// Nothing known.
  public init() {}
}
