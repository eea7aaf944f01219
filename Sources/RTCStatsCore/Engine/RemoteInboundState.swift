/// The latest RTCP receiver report for one sent stream (a `remote-inbound-rtp` object).
struct RemoteInboundState {
  /// When the report arrived (the object's own timestamp), ms.
  var timestamp: Double
  var packetsLost: Double
  var packetsReceived: Double
  var fractionLost: Double
  /// Seconds, as W3C gives it.
  var jitter: Double
  /// Seconds, as W3C gives it.
  var roundTripTime: Double
  var roundTripTimeMeasurements: Double
  /// Media packets sent (`packetsSent` − `retransmittedPacketsSent` of the outbound stream)
  /// at the first poll that showed this report; NaN until a stream takes the report.
  var mediaPacketsSentAtArrival = Double.nan

  init(report: StatsReport, index: Int, timestamp: Double) {
    func value(_ field: NumericField) -> Double { report.number(field, at: index) ?? .nan }
    self.timestamp = timestamp
    packetsLost = value(.packetsLost)
    packetsReceived = value(.packetsReceived)
    fractionLost = value(.fractionLost)
    jitter = value(.jitter)
    roundTripTime = value(.roundTripTime)
    roundTripTimeMeasurements = value(.roundTripTimeMeasurements)
  }

  /// Whether `self` is a newer receiver report than `other`.
  func isNewer(than other: RemoteInboundState) -> Bool {
    if !roundTripTimeMeasurements.isNaN && !other.roundTripTimeMeasurements.isNaN {
      return roundTripTimeMeasurements != other.roundTripTimeMeasurements
        || timestamp > other.timestamp
    }
    return timestamp > other.timestamp
  }
}
