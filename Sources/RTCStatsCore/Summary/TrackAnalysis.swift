/// One sent or received media track of a peer connection.
///
/// An inbound track is one `inbound-rtp` stream (a new SSRC for the same track continues
/// it). An outbound track is every `outbound-rtp` stream of one media source: one per
/// simulcast encoding, listed in ``layers``.
public struct TrackAnalysis: Sendable {
  public var direction: Direction
  public var kind: MediaKind
  /// `trackIdentifier` of the `MediaStreamTrack`, when the dump names it.
  public var trackIdentifier: String?
  /// The transceiver `mid`.
  public var mid: String?
  /// Codec name from `codec.mimeType` without the `audio/`/`video/` prefix (e.g. `VP8`).
  public var codec: String?
  /// The primary SSRC of an inbound track, or of a single-encoding outbound track.
  public var ssrc: UInt32?
  /// Every SSRC the track used, in order of appearance.
  public var ssrcs: [UInt32]
  /// Payload bitrate, bps. For outbound video: the sum over the layers.
  public var bitrate: Distribution?
  /// Bitrate with RTP headers and padding, bps.
  public var totalBitrate: Distribution?
  /// `packetsSent` (outbound) or `packetsReceived` (inbound) at the end.
  public var packets: Int?
  /// Packets lost: inbound `packetsLost`, outbound `remote-inbound-rtp.packetsLost`.
  public var packetsLost: Int?
  /// Loss over the call, 0–100: lost / (received + lost).
  public var packetLossPercent: Double?
  /// Interarrival jitter, ms (inbound `jitter`, outbound `remote-inbound-rtp.jitter`).
  public var jitter: Distribution?
  /// Round-trip time from RTCP, ms (outbound: `remote-inbound-rtp.roundTripTime`).
  public var roundTripTime: Distribution?
  /// Frames per second: decoded (inbound) or encoded (outbound).
  public var frameRate: Distribution?
  /// Frame width held for the longest time, pixels.
  public var width: Int?
  /// Frame height held for the longest time, pixels.
  public var height: Int?
  /// `freezeCount` (inbound video).
  public var freezeCount: Int?
  /// `totalFreezesDuration`, ms.
  public var totalFreezesDuration: Double?
  /// `pauseCount` (inbound video).
  public var pauseCount: Int?
  /// `totalPausesDuration`, ms.
  public var totalPausesDuration: Double?
  /// Encoder limitation (outbound video).
  public var qualityLimitation: QualityLimitation?
  /// `encoderImplementation` (outbound).
  public var encoderImplementation: String?
  /// `decoderImplementation` (inbound).
  public var decoderImplementation: String?
  /// Concealed audio samples, 0–100 (inbound audio).
  public var concealmentPercent: Double?
  /// Audio level, 0–1 linear (inbound `audioLevel`, outbound `media-source.audioLevel`).
  public var audioLevel: Distribution?
  /// Simulcast encodings or the one SVC encoding (outbound video).
  public var layers: [LayerAnalysis]
  /// The figures per polling interval.
  public var intervals: [IntervalSample]

  public init(direction: Direction, kind: MediaKind) {
    self.direction = direction
    self.kind = kind
    self.ssrcs = []
    self.layers = []
    self.intervals = []
  }
}

/// One encoding of an outbound video track: a simulcast layer or the SVC stream.
public struct LayerAnalysis: Sendable {
  /// Simulcast RID (`rid`), when rid-based simulcast is used.
  public var rid: String?
  /// `encodingIndex` in `RTCRtpSendParameters.encodings`.
  public var encodingIndex: Int?
  public var ssrc: UInt32?
  /// Frame width held for the longest time, pixels.
  public var width: Int?
  /// Frame height held for the longest time, pixels.
  public var height: Int?
  /// Encoded frames per second.
  public var encodedFrameRate: Distribution?
  /// Payload bitrate, bps.
  public var bitrate: Distribution?
  /// Bitrate with RTP headers and padding, bps.
  public var totalBitrate: Distribution?
  /// `scalabilityMode` (e.g. `L1T3`, `L3T3_KEY`).
  public var scalabilityMode: String?
  /// The quality limitation reason with the largest share of time.
  public var qualityLimitationReason: QualityLimitationReason?
  /// Codec name (e.g. `VP8`).
  public var codec: String?
  /// Whether the encoding was sending: `active` when reported, else whether bytes flowed.
  public var active: Bool?
  /// The figures per polling interval.
  public var intervals: [IntervalSample]

  public init() {
    self.intervals = []
  }
}
