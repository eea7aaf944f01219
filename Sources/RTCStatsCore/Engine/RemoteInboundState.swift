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

  init(report: borrowing StatsReport, index: Int, timestamp: Double) {
    // Read in place: a nested function capturing `report` made a copy of it (every column
    // retained and released) per receiver report.
    self.timestamp = timestamp
    packetsLost = report.number(.packetsLost, at: index) ?? .nan
    packetsReceived = report.number(.packetsReceived, at: index) ?? .nan
    fractionLost = report.number(.fractionLost, at: index) ?? .nan
    jitter = report.number(.jitter, at: index) ?? .nan
    roundTripTime = report.number(.roundTripTime, at: index) ?? .nan
    roundTripTimeMeasurements = report.number(.roundTripTimeMeasurements, at: index) ?? .nan
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
