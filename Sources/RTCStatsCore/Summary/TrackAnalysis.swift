/// One sent or received media track of a peer connection, summarised over the call.
///
/// An inbound track is every `inbound-rtp` stream with the same `trackIdentifier`. An outbound
/// track is every `outbound-rtp` stream of one media source: one per simulcast encoding, listed
/// in ``layers``. Figures are read with ``subscript(_:)`` by ``MetricDescriptor``, or through the
/// named accessors; a figure the dump cannot give is `nil`, never 0.
public struct TrackAnalysis: Sendable, Equatable {
  /// The track's id.
  public var id: TrackID
  /// Sent or received.
  public var direction: Direction
  /// Audio or video (inferred from the figures when no stats object said).
  public var kind: MediaKind
  /// `trackIdentifier` of the `MediaStreamTrack`, when the dump names it.
  public var trackIdentifier: String?
  /// The transceiver `mid`.
  public var mid: String?
  /// Codec name from `codec.mimeType` without the `audio/`/`video/` prefix (for example `VP8`).
  public var codec: String?
  /// The primary SSRC of an inbound track, or of a single-encoding outbound track.
  public var ssrc: UInt32?
  /// Every SSRC the track used, in order of appearance.
  public var ssrcs: [UInt32] = []
  /// Indices of the track's streams in ``Timeline/streams``.
  public var streamIndices: [Int] = []
  /// Encoder limitation (outbound video).
  public var qualityLimitation: QualityLimitation?
  /// `encoderImplementation` (outbound).
  public var encoderImplementation: String?
  /// `decoderImplementation` (inbound).
  public var decoderImplementation: String?
  /// Simulcast encodings or the one SVC encoding (outbound video).
  public var layers: [LayerAnalysis] = []
  /// Per metric of ``MetricRegistry/metrics`` (by position): the call-level figure.
  var figures: [SummaryValue?]

  /// An empty summary of `id`.
  public init(id: TrackID, direction: Direction, kind: MediaKind) {
    self.id = id
    self.direction = direction
    self.kind = kind
    figures = MetricRegistry.metrics.map { _ in nil }
  }

  /// The call-level figure of `metric`, or `nil`.
  public subscript(metric: MetricDescriptor) -> SummaryValue? {
    get { figures[MetricRegistry.position(of: metric)] }
    set { figures[MetricRegistry.position(of: metric)] = newValue }
  }

  /// Payload bitrate, bps.
  ///
  /// For outbound video: the sum over the layers.
  public var bitrate: Distribution? { self[.bitrate]?.distribution }
  /// Bitrate with RTP headers and padding, bps.
  public var totalBitrate: Distribution? { self[.totalBitrate]?.distribution }
  /// `packetsSent` (outbound) or `packetsReceived` (inbound) at the end.
  public var packets: Int? { self[.packets]?.integer }
  /// Packets lost: inbound `packetsLost`, outbound `remote-inbound-rtp.packetsLost`.
  public var packetsLost: Int? { self[.packetsLost]?.integer }
  /// Loss over the call, 0–100: lost / (received + lost).
  public var packetLossPercent: Double? { self[.packetLossPercent]?.number }
  /// Interarrival jitter, ms.
  public var jitter: Distribution? { self[.jitter]?.distribution }
  /// Round-trip time from RTCP, ms (outbound).
  public var roundTripTime: Distribution? { self[.roundTripTime]?.distribution }
  /// Frames per second: decoded (inbound) or encoded (outbound).
  public var frameRate: Distribution? { self[.frameRate]?.distribution }
  /// Frame width held for the longest time, pixels.
  public var width: Int? { self[.width]?.integer }
  /// Frame height held for the longest time, pixels.
  public var height: Int? { self[.height]?.integer }
  /// `freezeCount` (inbound video).
  public var freezeCount: Int? { self[.freezeCount]?.integer }
  /// `totalFreezesDuration`, ms.
  public var totalFreezesDuration: Double? { self[.totalFreezesDuration]?.number }
  /// `pauseCount` (inbound video).
  public var pauseCount: Int? { self[.pauseCount]?.integer }
  /// `totalPausesDuration`, ms.
  public var totalPausesDuration: Double? { self[.totalPausesDuration]?.number }
  /// Concealed audio samples, 0–100 (inbound audio).
  public var concealmentPercent: Double? { self[.concealmentPercent]?.number }
  /// Audio level, 0–1 linear.
  public var audioLevel: Distribution? { self[.audioLevel]?.distribution }
}

/// One encoding of an outbound video track: a simulcast layer or the SVC stream.
public struct LayerAnalysis: Sendable, Equatable {
  /// The stream's id.
  public var id: StreamID
  /// Index of the stream in ``Timeline/streams``.
  public var streamIndex: Int
  /// Simulcast RID (`rid`), when rid-based simulcast is used.
  public var rid: String?
  /// `encodingIndex` in `RTCRtpSendParameters.encodings`.
  public var encodingIndex: Int?
  /// The encoding's SSRC (the last one, when it changed).
  public var ssrc: UInt32?
  /// `scalabilityMode` (for example `L1T3`, `L3T3_KEY`).
  public var scalabilityMode: String?
  /// The quality limitation reason with the largest share of time.
  public var qualityLimitationReason: QualityLimitationReason?
  /// Codec name (for example `VP8`).
  public var codec: String?
  /// Whether the encoding was sending: `active` when reported, else whether bytes flowed.
  public var active: Bool?
  var figures: [SummaryValue?]

  /// An empty summary of stream `streamIndex`.
  public init(id: StreamID, streamIndex: Int) {
    self.id = id
    self.streamIndex = streamIndex
    figures = MetricRegistry.metrics.map { _ in nil }
  }

  /// The layer's own figure of `metric`, or `nil`.
  public subscript(metric: MetricDescriptor) -> SummaryValue? {
    get { figures[MetricRegistry.position(of: metric)] }
    set { figures[MetricRegistry.position(of: metric)] = newValue }
  }

  /// Frame width held for the longest time, pixels.
  public var width: Int? { self[.width]?.integer }
  /// Frame height held for the longest time, pixels.
  public var height: Int? { self[.height]?.integer }
  /// Encoded frames per second.
  public var encodedFrameRate: Distribution? { self[.frameRate]?.distribution }
  /// Payload bitrate, bps.
  public var bitrate: Distribution? { self[.bitrate]?.distribution }
  /// Bitrate with RTP headers and padding, bps.
  public var totalBitrate: Distribution? { self[.totalBitrate]?.distribution }
}
