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
  func isReset(after previous: CounterSample) -> Bool {
    if !ssrc.isNaN && !previous.ssrc.isNaN && ssrc != previous.ssrc { return true }
    return bytes < previous.bytes || packets < previous.packets || frames < previous.frames
  }
}

/// `b − a`, or NaN when either is unknown.
@inline(__always)
func delta(_ a: Double, _ b: Double) -> Double { b - a }
