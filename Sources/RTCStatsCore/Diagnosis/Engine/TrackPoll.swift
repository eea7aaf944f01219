/// One track at one poll, as the diagnosis reads it: its streams' rows merged (sums for
/// counts and rates, the worst layer for loss, jitter and RTT, the largest layer for frame
/// rate and resolution), increments as W3C counters changed over the interval.
///
/// Every figure is `nil` when the dump cannot give it for this interval (no previous sample,
/// member absent): rules skip such intervals rather than read a 0.
public struct TrackPoll: Sendable, Equatable {
  /// Position of the track in the connection's diagnosis (stable for the call); its id is
  /// ``PollContext/id(of:)``.
  public var slot: Int
  /// Sent or received.
  public var direction: Direction
  /// Audio, video, or `nil` while unknown.
  public var kind: MediaKind?
  /// Start of the interval (end − duration), ms since the epoch.
  public var start: Double?
  /// End of the interval: the stream objects' timestamp, ms since the epoch.
  public var end: Double?
  /// Interval length, ms; `nil` when no stream of the track closed an interval.
  public var duration: Double?
  /// Payload bitrate, bps (Δbytes · 8 / Δt, summed over layers).
  public var bitrate: Double?
  /// Payload bytes over the interval.
  public var bytes: Double?
  /// Packets sent or received over the interval.
  public var packets: Double?
  /// Packets lost over the interval (inbound).
  public var packetsLost: Double?
  /// Loss over the interval, 0–100: ΔpacketsLost/(Δreceived+Δlost) inbound, the `fractionLost`
  /// · 100 of a receiver report that arrived at this poll outbound (a report covers the time
  /// since the previous one: applying an old one to later intervals would smear a burst).
  public var lossPercent: Double?
  /// Whether a new receiver report arrived for the track at this poll (outbound).
  public var tookReceiverReport = false
  /// Outbound: the latest receiver report's loss even when it arrived at an earlier poll (it
  /// holds until the next report); ``lossPercent`` has it only at the poll that took it.
  public var reportedLossPercent: Double?
  /// Outbound: the latest receiver report's jitter, held like ``reportedLossPercent``.
  public var reportedJitter: Double?
  /// Jitter, ms (inbound `jitter`; outbound the `remote-inbound-rtp.jitter` of a receiver
  /// report that arrived at this poll).
  public var jitter: Double?
  /// Round-trip time from the receiver report, ms (outbound).
  public var roundTripTime: Double?
  /// Decoded (inbound) or encoded (outbound) frames per second.
  public var frameRate: Double?
  /// Frames decoded or encoded over the interval.
  public var frames: Double?
  /// Frame width, px.
  public var width: Double?
  /// Frame height, px.
  public var height: Double?
  /// Freezes that ended in the interval (inbound video).
  public var freezes: Double?
  /// Time frozen, ms, of the freezes that ended in the interval.
  public var freezeDuration: Double?
  /// Pauses that ended in the interval (inbound video).
  public var pauses: Double?
  /// Time paused, ms, of the pauses that ended in the interval.
  public var pauseDuration: Double?
  /// Concealed audio over the interval, 0–100 (inbound audio).
  public var concealmentPercent: Double?
  /// NACKs sent (inbound) or received (outbound) over the interval.
  public var nacks: Double?
  /// PLIs sent (inbound) or received (outbound).
  public var plis: Double?
  /// FIRs sent (inbound) or received (outbound).
  public var firs: Double?
  /// Key frames decoded or encoded.
  public var keyFrames: Double?
  /// Retransmitted payload bytes over the interval.
  public var retransmittedBytes: Double?
  /// Average jitter-buffer delay per emitted sample or frame, ms (inbound).
  public var jitterBufferDelay: Double?
  /// The encoder's `qualityLimitationReason` (outbound video).
  public var qualityLimitationReason: QualityLimitationReason?
  /// The encoder's `targetBitrate`, bps (outbound, summed over layers).
  public var targetBitrate: Double?
  /// The capture source's frame width, px (outbound video, from `media-source`).
  public var sourceWidth: Double?
  /// The capture source's frame height, px.
  public var sourceHeight: Double?
  /// The capture source's frame rate, fps.
  public var sourceFrameRate: Double?
  /// Payload bytes the stream had already carried at its first sample (whole counter), when
  /// this poll is the track's first: how long the call ran before the stats start.
  public var bytesBeforeFirstSample: Double?
  /// Whether the sender's `mediaSourceId` names no `media-source` object in the report (the
  /// track was replaced by `null`: a deliberate stop).
  public var isSourceDetached = false
  /// Whether the track has more than one encoding (see ``PollContext/layers``).
  public var hasLayers = false

  /// Creates an empty poll of the track in `slot`.
  ///
  /// The type holds no reference (no strings, no arrays), so that the rules reading every
  /// track of every poll copy it cheaply.
  public init(slot: Int, direction: Direction, kind: MediaKind?) {
    self.slot = slot
    self.direction = direction
    self.kind = kind
  }
  /// Whether the track is received video.
  public var isInboundVideo: Bool { direction == .inbound && kind == .video }
  /// Whether the track is received audio.
  public var isInboundAudio: Bool { direction == .inbound && kind == .audio }
}

/// One encoding of an outbound video track at one poll.
public struct LayerPoll: Sendable, Equatable {
  /// The track's slot.
  public var slot: Int
  /// Index of the stream in ``Timeline/streams``.
  public var stream: Int
  /// Simulcast `rid`, or the stats id when there is none.
  public var name: String
  /// `active`, when reported.
  public var active: Bool?
  /// Payload bytes over the interval.
  public var bytes: Double?
  /// Frame height, px.
  public var height: Double?

  /// Creates a layer.
  public init(slot: Int, stream: Int, name: String, active: Bool?, bytes: Double?, height: Double?) {
    self.slot = slot
    self.stream = stream
    self.name = name
    self.active = active
    self.bytes = bytes
    self.height = height
  }
}
