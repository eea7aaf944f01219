/// One published (sent) video layer over one interval, shaped like Vonage's
/// `VideoLayerStats` (`OTPublisherKitVideoLayerStats`): one simulcast encoding, or the one
/// SVC encoding with its `scalabilityMode`.
public struct VideoLayerStats: Sendable, Equatable {
  /// `outbound-rtp.rid`.
  public var rid: String?
  /// The layer's current SSRC.
  public var ssrc: UInt32?
  /// `frameWidth`, px.
  public var width: Double?
  /// `frameHeight`, px.
  public var height: Double?
  /// Encoded frames per second over the interval (ΔframesEncoded / Δt).
  public var encodedFrameRate: Double?
  /// Payload bitrate over the interval, bps (ΔbytesSent · 8 / Δt).
  public var bitrate: Double?
  /// Bitrate with RTP headers and padding, bps.
  public var totalBitrate: Double?
  /// `scalabilityMode` (`L1T3`, `L3T3_KEY`).
  public var scalabilityMode: String?
  /// `qualityLimitationReason` at the end of the interval.
  public var qualityLimitationReason: QualityLimitationReason?
  /// The codec (`VP8`).
  public var codec: String?

  /// The layer of stream `info` in `row`.
  init(row: StreamRow, info: StreamInfo) {
    rid = info.rid
    ssrc = info.ssrcs.last
    width = row.figure(.width)
    height = row.figure(.height)
    encodedFrameRate = row.figure(.frameRate)
    bitrate = row.figure(.bitrate)
    totalBitrate = row.figure(.totalBitrate)
    scalabilityMode = info.scalabilityMode
    qualityLimitationReason = row.figure(.qualityLimitationReason).flatMap { index in
      let reasons = QualityLimitationReason.allCases
      return reasons.indices.contains(Int(index)) ? reasons[Int(index)] : nil
    }
    codec = info.codec
  }
}

/// A published video track over one interval, shaped like Vonage's `PublisherVideoStats`
/// (`OTPublisherKitVideoNetworkStats`): cumulative packets and bytes since ``startTime``, the
/// interval's rates, and one ``VideoLayerStats`` per layer.
public struct PublisherVideoStats: Sendable, Equatable {
  /// The track's figures: every interval metric and every total, by descriptor.
  public let figures: LiveTrackFigures
  /// The layers that sent in the interval (or all of the track's layers at the poll).
  public let videoLayers: [VideoLayerStats]
  /// The poll's diagnosis of this side's uplink.
  public let transport: TransportStats

  /// Packets the receiver reported lost, total (`remote-inbound-rtp.packetsLost`).
  public var videoPacketsLost: Int? { figures.count(.packetsLost) }
  /// Packets sent, total (`packetsSent`).
  public var videoPacketsSent: Int? { figures.count(.packets) }
  /// Payload bytes sent, total (`bytesSent`).
  public var videoBytesSent: Double? { figures.sum(.bytes) }
  /// End of the interval, ms since the epoch.
  public var timestamp: Double? { figures.timestamp }
  /// Where the totals start, ms since the epoch.
  public var startTime: Double? { figures.startTime }
  /// The track's payload bitrate over the interval (its layers' sum), bps.
  public var bitrate: Double? { figures.value(.bitrate) }
  /// The track's bitrate with headers and padding, bps.
  public var totalBitrate: Double? { figures.value(.totalBitrate) }
  /// The largest sending layer's encoded frame rate, fps.
  public var frameRate: Double? { figures.value(.frameRate) }
  /// The largest sending layer's width, px.
  public var width: Double? { figures.value(.width) }
  /// The largest sending layer's height, px.
  public var height: Double? { figures.value(.height) }
  /// The receiver-reported loss over the interval, 0–100.
  public var packetLossPercent: Double? { figures.value(.packetLossPercent) }
  /// The codec (`VP8`).
  public var codec: String? { figures.stream.codec }
}

/// A published audio track over one interval, shaped like Vonage's `PublisherAudioStats`
/// (`OTPublisherKitAudioNetworkStats`).
public struct PublisherAudioStats: Sendable, Equatable {
  /// The track's figures: every interval metric and every total, by descriptor.
  public let figures: LiveTrackFigures
  /// The poll's diagnosis of this side's uplink.
  public let transport: TransportStats

  /// Packets the receiver reported lost, total.
  public var audioPacketsLost: Int? { figures.count(.packetsLost) }
  /// Packets sent, total.
  public var audioPacketsSent: Int? { figures.count(.packets) }
  /// Payload bytes sent, total.
  public var audioBytesSent: Double? { figures.sum(.bytes) }
  /// End of the interval, ms since the epoch.
  public var timestamp: Double? { figures.timestamp }
  /// Where the totals start, ms since the epoch.
  public var startTime: Double? { figures.startTime }
  /// Payload bitrate over the interval, bps.
  public var bitrate: Double? { figures.value(.bitrate) }
  /// Bitrate with headers, bps.
  public var totalBitrate: Double? { figures.value(.totalBitrate) }
  /// The receiver-reported loss over the interval, 0–100.
  public var packetLossPercent: Double? { figures.value(.packetLossPercent) }
  /// The codec (`opus`).
  public var codec: String? { figures.stream.codec }
}
