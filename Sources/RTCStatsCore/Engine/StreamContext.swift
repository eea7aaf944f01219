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
