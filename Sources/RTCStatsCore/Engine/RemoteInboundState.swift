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

/// What a stream reads from other stats objects of the same report.
struct StreamContext {
  /// The `codec` object `codecId` points at.
  var codec: CodecInfo?
  /// The receiver report for an outbound stream.
  var remoteInbound: RemoteInboundState?
  /// `media-source.audioLevel` for an outbound audio stream.
  var sourceAudioLevel: Double?
  /// `trackIdentifier` of the media source (outbound) or obsolete `track` object.
  var trackIdentifier: String?
  /// Freeze and pause counters from an obsolete `track` object (Chrome ≤ M100).
  var legacyTrack: LegacyTrackCounters?
}

/// Freeze/pause counters and frame size from an obsolete `track` stats object.
struct LegacyTrackCounters {
  var freezeCount: Double
  var totalFreezesDuration: Double
  var pauseCount: Double
  var totalPausesDuration: Double
  var frameWidth: Double
  var frameHeight: Double
  var trackIdentifier: String?
}
