/// A subscribed (received) video track over one interval, shaped like Vonage's
/// `SubscriberVideoStats` (`OTSubscriberKitVideoNetworkStats`): cumulative packets, bytes,
/// freezes and pauses, and the interval's rates, frame rate and resolution.
public struct SubscriberVideoStats: Sendable, Equatable {
  /// The track's figures: every interval metric and every total, by descriptor.
  public let figures: LiveTrackFigures

  /// Packets lost, total (`packetsLost`).
  public var videoPacketsLost: Int? { figures.count(.packetsLost) }
  /// Packets received, total (`packetsReceived`).
  public var videoPacketsReceived: Int? { figures.count(.packets) }
  /// Payload bytes received, total (`bytesReceived`).
  public var videoBytesReceived: Double? { figures.sum(.bytes) }
  /// End of the interval, ms since the epoch.
  public var timestamp: Double? { figures.timestamp }
  /// `frameWidth` at the end of the interval, px.
  public var width: Double? { figures.value(.width) }
  /// `frameHeight` at the end of the interval, px.
  public var height: Double? { figures.value(.height) }
  /// Decoded frames per second over the interval.
  public var decodedFrameRate: Double? { figures.value(.frameRate) }
  /// Payload bitrate over the interval, bps.
  public var bitrate: Double? { figures.value(.bitrate) }
  /// Bitrate with headers and padding, bps.
  public var totalBitrate: Double? { figures.value(.totalBitrate) }
  /// Pauses, total (`pauseCount`).
  public var pauseCount: Int? { figures.count(.pauseCount) }
  /// Time paused, total, ms (`totalPausesDuration` · 1000).
  public var totalPausesDuration: Double? { figures.number(.totalPausesDuration) }
  /// Freezes, total (`freezeCount`).
  public var freezeCount: Int? { figures.count(.freezeCount) }
  /// Time frozen, total, ms (`totalFreezesDuration` · 1000).
  public var totalFreezesDuration: Double? { figures.number(.totalFreezesDuration) }
  /// Loss over the interval, 0–100.
  public var packetLossPercent: Double? { figures.value(.packetLossPercent) }
  /// The codec (`VP8`).
  public var codec: String? { figures.stream.codec }
}

/// A subscribed audio track over one interval, shaped like Vonage's `SubscriberAudioStats`
/// (`OTSubscriberKitAudioNetworkStats`).
public struct SubscriberAudioStats: Sendable, Equatable {
  /// The track's figures: every interval metric and every total, by descriptor.
  public let figures: LiveTrackFigures

  /// Packets lost, total.
  public var audioPacketsLost: Int? { figures.count(.packetsLost) }
  /// Packets received, total.
  public var audioPacketsReceived: Int? { figures.count(.packets) }
  /// Payload bytes received, total.
  public var audioBytesReceived: Double? { figures.sum(.bytes) }
  /// End of the interval, ms since the epoch.
  public var timestamp: Double? { figures.timestamp }
  /// Payload bitrate over the interval, bps.
  public var bitrate: Double? { figures.value(.bitrate) }
  /// Bitrate with headers, bps.
  public var totalBitrate: Double? { figures.value(.totalBitrate) }
  /// Loss over the interval, 0–100.
  public var packetLossPercent: Double? { figures.value(.packetLossPercent) }
  /// Concealed samples over the interval, 0–100.
  public var concealmentPercent: Double? { figures.value(.concealmentPercent) }
  /// The codec (`opus`).
  public var codec: String? { figures.stream.codec }
}
