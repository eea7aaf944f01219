import RTCStatsCore
import RTCStatsFormats

/// Encodes analyses as the documented JSON (schema version 1, see `Sources/rtcstats/SCHEMA.md`
/// and README).
///
/// Units: rates bps, durations and delays ms, percentages 0–100, times ms since the epoch;
/// a figure the dump cannot give is `null`. Interval rows carry only the figures known for
/// the interval.
struct AnalysisJSONEncoder {
  static let schemaVersion = 1

  /// Whether per-interval series are written.
  var includeIntervals = true

  /// One file as a JSON object.
  func encode(_ file: FileAnalysis, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("schemaVersion", Self.schemaVersion)
    switch file.outcome {
    case .success(let success):
      encodeSource(path: file.path, info: success.info, into: &writer)
      writer.member("reportCount", success.info.reportCount)
      writer.member("truncated", success.info.isTruncated)
      writer.key("warnings")
      writer.beginArray()
      for warning in success.info.warnings { writer.string(warning) }
      writer.endArray()
      writer.key("peerConnections")
      writer.beginArray()
      for connection in success.analysis.peerConnections { encode(connection, into: &writer) }
      writer.endArray()
    case .failure(let error):
      writer.key("source")
      writer.beginObject()
      writer.member("path", file.path)
      writer.endObject()
      writer.key("error")
      writer.beginObject()
      writer.member("message", error.message)
      writer.member("line", error.line)
      writer.member("column", error.column)
      writer.member("exitCode", Int(file.status.rawValue))
      writer.endObject()
    }
    writer.endObject()
  }

  private func encodeSource(path: String, info: DumpInfo, into writer: inout JSONWriter) {
    writer.key("source")
    writer.beginObject()
    writer.member("path", path)
    Self.encodeSourceMembers(of: info, into: &writer)
    writer.endObject()
  }

  /// The members of `source` that describe the dump (shared with `inspect`): format, bytes,
  /// compressed, details, userAgent.
  static func encodeSourceMembers(of info: DumpInfo, into writer: inout JSONWriter) {
    writer.member("format", info.format.rawValue)
    writer.member("bytes", info.bytes)
    writer.member("compressed", info.isCompressed)
    writer.key("details")
    writer.beginArray()
    for detail in info.details { writer.string(detail) }
    writer.endArray()
    writer.member("userAgent", info.userAgent)
  }

  private func encode(_ connection: PeerConnectionAnalysis, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", connection.id)
    writer.member("startTime", connection.startTime)
    writer.member("endTime", connection.endTime)
    writer.member("duration", connection.duration)
    writer.member("reportCount", connection.reportCount)
    encode(connection.transport, into: &writer)
    writer.key("tracks")
    writer.beginArray()
    for track in connection.tracks { encode(track, into: &writer) }
    writer.endArray()
    writer.endObject()
  }

  private func encode(_ transport: TransportAnalysis, into writer: inout JSONWriter) {
    writer.key("transport")
    writer.beginObject()
    member("roundTripTime", transport.roundTripTime, into: &writer)
    member("availableOutgoingBitrate", transport.availableOutgoingBitrate, into: &writer)
    member("availableIncomingBitrate", transport.availableIncomingBitrate, into: &writer)
    writer.key("selectedCandidatePair")
    if let pair = transport.selectedCandidatePair {
      writer.beginObject()
      writer.member("localCandidateType", pair.localCandidateType)
      writer.member("remoteCandidateType", pair.remoteCandidateType)
      writer.member("protocol", pair.protocol)
      writer.member("relayProtocol", pair.relayProtocol)
      writer.member("networkType", pair.networkType)
      writer.endObject()
    } else {
      writer.null()
    }
    writer.member("selectedCandidatePairChanges", transport.selectedCandidatePairChanges)
    if includeIntervals {
      writer.key("intervals")
      writer.beginArray()
      for sample in transport.intervals {
        writer.beginObject()
        writer.member("time", sample.time)
        if let value = sample.roundTripTime { writer.member("roundTripTime", value) }
        if let value = sample.availableOutgoingBitrate {
          writer.member("availableOutgoingBitrate", value)
        }
        if let value = sample.availableIncomingBitrate {
          writer.member("availableIncomingBitrate", value)
        }
        writer.endObject()
      }
      writer.endArray()
    }
    writer.endObject()
  }

  private func encode(_ track: TrackAnalysis, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("direction", track.direction.rawValue)
    writer.member("kind", track.kind.rawValue)
    writer.member("trackIdentifier", track.trackIdentifier)
    writer.member("mid", track.mid)
    writer.member("codec", track.codec)
    writer.member("ssrc", track.ssrc.map { Int($0) })
    writer.key("ssrcs")
    writer.beginArray()
    for ssrc in track.ssrcs { writer.integer(Int(ssrc)) }
    writer.endArray()
    member("bitrate", track.bitrate, into: &writer)
    member("totalBitrate", track.totalBitrate, into: &writer)
    writer.member("packets", track.packets)
    writer.member("packetsLost", track.packetsLost)
    writer.member("packetLossPercent", track.packetLossPercent)
    member("jitter", track.jitter, into: &writer)
    member("roundTripTime", track.roundTripTime, into: &writer)
    if track.kind == .video {
      member("frameRate", track.frameRate, into: &writer)
      writer.member("width", track.width)
      writer.member("height", track.height)
    }
    if track.kind == .video && track.direction == .inbound {
      writer.member("freezeCount", track.freezeCount)
      writer.member("totalFreezesDuration", track.totalFreezesDuration)
      writer.member("pauseCount", track.pauseCount)
      writer.member("totalPausesDuration", track.totalPausesDuration)
    }
    if track.kind == .video && track.direction == .outbound {
      encode(track.qualityLimitation, into: &writer)
    }
    if track.direction == .outbound {
      writer.member("encoderImplementation", track.encoderImplementation)
    } else {
      writer.member("decoderImplementation", track.decoderImplementation)
    }
    if track.kind == .audio {
      if track.direction == .inbound { writer.member("concealmentPercent", track.concealmentPercent) }
      member("audioLevel", track.audioLevel, into: &writer)
    }
    if track.kind == .video && track.direction == .outbound {
      writer.key("layers")
      writer.beginArray()
      for layer in track.layers { encode(layer, into: &writer) }
      writer.endArray()
    }
    if includeIntervals { encode(track.intervals, into: &writer) }
    writer.endObject()
  }

  private func encode(_ limitation: QualityLimitation?, into writer: inout JSONWriter) {
    writer.key("qualityLimitation")
    guard let limitation else { return writer.null() }
    writer.beginObject()
    writer.member("reason", limitation.reason.rawValue)
    writer.key("percentages")
    writer.beginObject()
    for reason in QualityLimitationReason.allCases {
      writer.key(reason.rawValue)
      writer.number(limitation.percentages[reason])
    }
    writer.endObject()
    writer.key("durations")
    writer.beginObject()
    for reason in QualityLimitationReason.allCases {
      writer.key(reason.rawValue)
      writer.number(limitation.durations[reason].map(Durations.milliseconds(fromSeconds:)))
    }
    writer.endObject()
    writer.member("resolutionChanges", limitation.resolutionChanges)
    writer.endObject()
  }

  private func encode(_ layer: LayerAnalysis, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("rid", layer.rid)
    writer.member("encodingIndex", layer.encodingIndex)
    writer.member("ssrc", layer.ssrc.map { Int($0) })
    writer.member("width", layer.width)
    writer.member("height", layer.height)
    member("encodedFrameRate", layer.encodedFrameRate, into: &writer)
    member("bitrate", layer.bitrate, into: &writer)
    member("totalBitrate", layer.totalBitrate, into: &writer)
    writer.member("scalabilityMode", layer.scalabilityMode)
    writer.member("qualityLimitationReason", layer.qualityLimitationReason?.rawValue)
    writer.member("codec", layer.codec)
    writer.member("active", layer.active)
    if includeIntervals { encode(layer.intervals, into: &writer) }
    writer.endObject()
  }

  private func encode(_ intervals: [IntervalSample], into writer: inout JSONWriter) {
    writer.key("intervals")
    writer.beginArray()
    for interval in intervals {
      writer.beginObject()
      writer.key("time")
      writer.number(interval.end)
      writer.key("duration")
      writer.number(interval.duration)
      if let value = interval.bitrate { writer.member("bitrate", value) }
      if let value = interval.totalBitrate { writer.member("totalBitrate", value) }
      if let value = interval.packetsLost { writer.member("packetsLost", value) }
      if let value = interval.packetLossPercent { writer.member("packetLossPercent", value) }
      if let value = interval.jitter { writer.member("jitter", value) }
      if let value = interval.roundTripTime { writer.member("roundTripTime", value) }
      if let value = interval.frameRate { writer.member("frameRate", value) }
      if let value = interval.width { writer.member("width", value) }
      if let value = interval.height { writer.member("height", value) }
      if let value = interval.freezeCount { writer.member("freezeCount", value) }
      if let value = interval.pauseCount { writer.member("pauseCount", value) }
      if let value = interval.concealmentPercent { writer.member("concealmentPercent", value) }
      if let value = interval.audioLevel { writer.member("audioLevel", value) }
      if let reason = interval.qualityLimitationReason {
        writer.key("qualityLimitationReason")
        writer.string(reason.rawValue)
      }
      writer.endObject()
    }
    writer.endArray()
  }

  private func optional(_ name: StaticString, _ value: Double?, into writer: inout JSONWriter) {
    if let value { writer.member(name, value) }
  }

  private func member(_ name: StaticString, _ distribution: Distribution?, into writer: inout JSONWriter) {
    writer.key(name)
    guard let distribution else { return writer.null() }
    writer.beginObject()
    writer.member("mean", distribution.mean)
    writer.member("p50", distribution.p50)
    writer.member("p95", distribution.p95)
    writer.member("min", distribution.min)
    writer.member("max", distribution.max)
    writer.endObject()
  }
}
