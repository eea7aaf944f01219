/// The figures of one track or layer over one polling interval, between two consecutive
/// samples of its RTP stream.
///
/// Stored compactly (`Float`, NaN for unknown) because a long dump has tens of thousands of
/// intervals per track; read through the optional accessors.
public struct IntervalSample: Sendable, Equatable {
  /// End of the interval: the timestamp of the later sample (ms since epoch).
  public var end: Double
  private var storedDuration: Float
  private var storedBitrate: Float = .nan
  private var storedTotalBitrate: Float = .nan
  private var storedPacketsLost: Float = .nan
  private var storedPacketLossPercent: Float = .nan
  private var storedFrameRate: Float = .nan
  private var storedWidth: Float = .nan
  private var storedHeight: Float = .nan
  private var storedJitter: Float = .nan
  private var storedRoundTripTime: Float = .nan
  private var storedFreezeCount: Float = .nan
  private var storedPauseCount: Float = .nan
  private var storedConcealmentPercent: Float = .nan
  private var storedAudioLevel: Float = .nan
  private var storedLimitation: UInt8 = .max

  /// Creates an interval ending at `end` that lasted `duration` ms, with no figures yet.
  public init(end: Double, duration: Double) {
    self.end = end
    self.storedDuration = Float(duration)
  }

  /// Length of the interval in ms.
  public var duration: Double { Double(storedDuration) }
  /// Start of the interval (ms since epoch).
  public var start: Double { end - duration }

  /// Payload bitrate over the interval, bps.
  public var bitrate: Double? {
    get { Self.read(storedBitrate) }
    set { storedBitrate = Self.store(newValue) }
  }
  /// Bitrate with RTP headers and padding, bps.
  public var totalBitrate: Double? {
    get { Self.read(storedTotalBitrate) }
    set { storedTotalBitrate = Self.store(newValue) }
  }
  /// Packets lost during the interval.
  public var packetsLost: Double? {
    get { Self.read(storedPacketsLost) }
    set { storedPacketsLost = Self.store(newValue) }
  }
  /// Packet loss over the interval, 0–100.
  public var packetLossPercent: Double? {
    get { Self.read(storedPacketLossPercent) }
    set { storedPacketLossPercent = Self.store(newValue) }
  }
  /// Frames per second (decoded for inbound, encoded for outbound).
  public var frameRate: Double? {
    get { Self.read(storedFrameRate) }
    set { storedFrameRate = Self.store(newValue) }
  }
  /// Frame width at the end of the interval, pixels.
  public var width: Double? {
    get { Self.read(storedWidth) }
    set { storedWidth = Self.store(newValue) }
  }
  /// Frame height at the end of the interval, pixels.
  public var height: Double? {
    get { Self.read(storedHeight) }
    set { storedHeight = Self.store(newValue) }
  }
  /// Interarrival jitter at the end of the interval, ms.
  public var jitter: Double? {
    get { Self.read(storedJitter) }
    set { storedJitter = Self.store(newValue) }
  }
  /// Round-trip time known at the end of the interval, ms.
  public var roundTripTime: Double? {
    get { Self.read(storedRoundTripTime) }
    set { storedRoundTripTime = Self.store(newValue) }
  }
  /// Freezes that ended during the interval.
  public var freezeCount: Double? {
    get { Self.read(storedFreezeCount) }
    set { storedFreezeCount = Self.store(newValue) }
  }
  /// Pauses that ended during the interval.
  public var pauseCount: Double? {
    get { Self.read(storedPauseCount) }
    set { storedPauseCount = Self.store(newValue) }
  }
  /// Share of concealed audio samples over the interval, 0–100.
  public var concealmentPercent: Double? {
    get { Self.read(storedConcealmentPercent) }
    set { storedConcealmentPercent = Self.store(newValue) }
  }
  /// Audio level at the end of the interval, 0–1 linear.
  public var audioLevel: Double? {
    get { Self.read(storedAudioLevel) }
    set { storedAudioLevel = Self.store(newValue) }
  }
  /// The encoder's quality limitation at the end of the interval.
  public var qualityLimitationReason: QualityLimitationReason? {
    get {
      storedLimitation == .max
        ? nil : QualityLimitationReason.allCases[Int(storedLimitation)]
    }
    set {
      storedLimitation =
        newValue.flatMap { reason in
          QualityLimitationReason.allCases.firstIndex(of: reason).map(UInt8.init)
        } ?? .max
    }
  }

  /// Equal when every figure is equal or unknown in both.
  public static func == (lhs: IntervalSample, rhs: IntervalSample) -> Bool {
    lhs.end == rhs.end && lhs.duration == rhs.duration && lhs.bitrate == rhs.bitrate
      && lhs.totalBitrate == rhs.totalBitrate && lhs.packetsLost == rhs.packetsLost
      && lhs.packetLossPercent == rhs.packetLossPercent && lhs.frameRate == rhs.frameRate
      && lhs.width == rhs.width && lhs.height == rhs.height && lhs.jitter == rhs.jitter
      && lhs.roundTripTime == rhs.roundTripTime && lhs.freezeCount == rhs.freezeCount
      && lhs.pauseCount == rhs.pauseCount && lhs.concealmentPercent == rhs.concealmentPercent
      && lhs.audioLevel == rhs.audioLevel && lhs.qualityLimitationReason == rhs.qualityLimitationReason
  }

  private static func read(_ value: Float) -> Double? { value.isNaN ? nil : Double(value) }
  private static func store(_ value: Double?) -> Float {
    guard let value, value.isFinite else { return .nan }
    return Float(value)
  }
}
