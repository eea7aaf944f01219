/// The cumulative counters of one RTP stream at one sample, NaN where absent.
struct CounterSample {
  var timestamp: Double
  var ssrc: Double
  var bytes: Double
  var headerBytes: Double
  var packets: Double
  var packetsLost: Double
  var retransmittedPackets: Double
  var frames: Double
  var freezeCount: Double
  var totalFreezesDuration: Double
  var pauseCount: Double
  var totalPausesDuration: Double
  var concealedSamples: Double
  var totalSamplesReceived: Double

  /// Reads the counters of row `index`; `direction` picks the sent or received members.
  init(report: StatsReport, index: Int, timestamp: Double, direction: Direction) {
    func value(_ field: NumericField) -> Double { report.number(field, at: index) ?? .nan }
    self.timestamp = timestamp
    ssrc = value(.ssrc)
    switch direction {
    case .inbound:
      bytes = value(.bytesReceived)
      headerBytes = value(.headerBytesReceived)
      packets = value(.packetsReceived)
      packetsLost = value(.packetsLost)
      retransmittedPackets = value(.retransmittedPacketsReceived)
      frames = value(.framesDecoded)
    case .outbound:
      bytes = value(.bytesSent)
      headerBytes = value(.headerBytesSent)
      packets = value(.packetsSent)
      packetsLost = .nan
      retransmittedPackets = value(.retransmittedPacketsSent)
      frames = value(.framesEncoded)
    }
    freezeCount = value(.freezeCount)
    totalFreezesDuration = value(.totalFreezesDuration)
    pauseCount = value(.pauseCount)
    totalPausesDuration = value(.totalPausesDuration)
    concealedSamples = value(.concealedSamples)
    totalSamplesReceived = value(.totalSamplesReceived)
  }

  /// Whether a counter that only grows went backwards between `previous` and `self`: the
  /// stream was reset (new SSRC, renegotiation, a new sender behind the same id).
  ///
  /// A jump no real stream can make (more than ``implausibleBitsPerSecond`` over the
  /// interval, e.g. a counter that went from 10⁶ to 10³⁰⁰) is treated as a reset too, so that
  /// a corrupt value never becomes an absurd rate.
  func isReset(after previous: CounterSample) -> Bool {
    if !ssrc.isNaN && !previous.ssrc.isNaN && ssrc != previous.ssrc { return true }
    if bytes < previous.bytes || packets < previous.packets || frames < previous.frames { return true }
    let milliseconds = timestamp - previous.timestamp
    let sent = (bytes - previous.bytes) + (headerBytes.isNaN ? 0 : headerBytes - previous.headerBytes)
    if milliseconds > 0, sent * 8 * 1000 / milliseconds > Self.implausibleBitsPerSecond { return true }
    if headerBytes < previous.headerBytes { return true }
    return false
  }

  /// 100 Gbit/s: beyond any WebRTC stream.
  static let implausibleBitsPerSecond = 1e11
}

/// `b − a`, or NaN when either is unknown.
@inline(__always)
func delta(_ a: Double, _ b: Double) -> Double { b - a }
