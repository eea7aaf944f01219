/// One sample of a linked stream: its counters summed from the start of the dump (over every
/// segment and every stream of the endpoint) and its gauges, at one poll.
///
/// Built from ``Timeline`` rows by ``MediaSeries``; counters come from the rows' increments,
/// so a counter reset or an SSRC change does not make them go backwards.
public struct MediaSample: Sendable, Equatable {
  /// The stats object's `timestamp`, ms since the epoch, on its dump's clock.
  public var time: Double
  /// Media payload bytes: `bytesSent`/`bytesReceived` minus the retransmitted bytes.
  public var bytes: Double = 0
  /// `packetsSent` / `packetsReceived`.
  public var packets: Double = 0
  /// Inbound: `packetsLost`; outbound: the receiver report's `packetsLost`.
  public var packetsLost: Double = 0
  /// Outbound: packets sent when the receiver reports were taken (the loss ratio's base).
  public var reportedPackets: Double = 0
  /// `framesEncoded` / `framesDecoded`.
  public var frames: Double = 0
  /// Frames per picture: the spatial layers of the `scalabilityMode` (Chrome counts one encoded
  /// frame per spatial layer), 1 otherwise.
  public var spatialLayers: Double = 1
  /// Receiver reports taken so far (outbound): a new `remote-inbound-rtp` report adds one.
  public var receiverReports: Double = 0
  /// `framesSent` / `framesReceived`.
  public var framesTransferred: Double = 0
  /// `freezeCount` (inbound video).
  public var freezes: Double = 0
  /// `totalFreezesDuration`, s (inbound video).
  public var freezeDuration: Double = 0
  /// `pauseCount` (inbound video).
  public var pauses: Double = 0
  /// `concealedSamples` (inbound audio).
  public var concealedSamples: Double = 0
  /// `totalSamplesReceived` (inbound audio).
  public var totalSamples: Double = 0
  /// `frameWidth`, px, when known at this poll.
  public var width: Double?
  /// `frameHeight`, px, when known at this poll.
  public var height: Double?
  /// The latest receiver report's `fractionLost`, 0–1 (outbound).
  public var fractionLost: Double?
  /// The latest receiver report's `roundTripTime`, s (outbound).
  public var roundTripTime: Double?
  /// Whether the sender reported the encoding `active` (outbound; `nil` when not reported).
  public var active: Bool?

  /// A sample at `time` with every counter at 0.
  public init(time: Double) {
    self.time = time
  }
}
