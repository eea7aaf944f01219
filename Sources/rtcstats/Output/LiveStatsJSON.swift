import RTCStatsCore

/// One NDJSON line per interval for `rtcstats follow -f ndjson`.
///
///     {"peerConnection","sequence","time","send":{grade,reason,degradationSource},"receive":{…},
///      "roundTripTime","availableOutgoingBitrate","availableIncomingBitrate",
///      "tracks":[{direction,kind,trackIdentifier,mid,codec,
///                 "interval":{time,duration,…every interval metric known…}|null,
///                 "totals":{packets,packetsLost,packetLossPercent,freezeCount,…},
///                 "videoLayers":[{rid,ssrc,width,height,encodedFrameRate,bitrate,totalBitrate,
///                                 scalabilityMode,qualityLimitationReason,codec}]}],
///      "findingsStarted":[finding…],"findingsEnded":[finding…]}
///
/// `interval` is written exactly as the track's element of `intervals` in `analyze -f json`.
enum LiveStatsJSON {
  /// The totals written per track, when the track has them.
  static let totals: [MetricDescriptor] = [
    .packets, .packetsLost, .packetLossPercent, .freezeCount, .totalFreezesDuration, .pauseCount,
    .totalPausesDuration, .concealmentPercent,
  ]

  /// The line of `stats`, newline included.
  static func line(_ stats: LiveStats) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writer.member("peerConnection", stats.peerConnection)
    writer.member("sequence", stats.sequence)
    writer.member("time", stats.timestamp)
    encode(stats.send, as: "send", into: &writer)
    encode(stats.receive, as: "receive", into: &writer)
    writer.member("roundTripTime", stats.roundTripTime)
    writer.member("availableOutgoingBitrate", stats.availableOutgoingBitrate)
    writer.member("availableIncomingBitrate", stats.availableIncomingBitrate)
    writer.key("tracks")
    writer.beginArray()
    let layers = Dictionary(stats.publisherVideo.map { ($0.figures.track, $0.videoLayers) }) { first, _ in
      first
    }
    for track in stats.tracks { encode(track, layers: layers[track.track], into: &writer) }
    writer.endArray()
    writer.key("findingsStarted")
    writer.beginArray()
    for finding in stats.findingsStarted { AnalysisJSONEncoder.encode(finding, into: &writer) }
    writer.endArray()
    writer.key("findingsEnded")
    writer.beginArray()
    for finding in stats.findingsEnded { AnalysisJSONEncoder.encode(finding, into: &writer) }
    writer.endArray()
    writer.endObject()
    return writer.bytes + [0x0A]
  }

  private static func encode(_ condition: LiveCondition, as name: String, into writer: inout JSONWriter) {
    writer.key(name)
    writer.beginObject()
    writer.member("grade", condition.grade.rawValue)
    writer.member("reason", condition.reason.rawValue)
    writer.member("degradationSource", condition.degradationSource.rawValue)
    writer.endObject()
  }

  private static func encode(
    _ track: LiveTrackFigures, layers: [VideoLayerStats]?, into writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.member("direction", track.direction.rawValue)
    writer.member("kind", track.kind?.rawValue)
    writer.member("trackIdentifier", track.stream.trackIdentifier)
    writer.member("mid", track.stream.mid)
    writer.member("codec", track.stream.codec)
    writer.key("interval")
    if track.duration == nil {
      writer.null()
    } else {
      AnalysisJSONEncoder.encodeInterval(time: track.timestamp, duration: track.duration, into: &writer) {
        track.value(at: $0)
      }
    }
    writer.key("totals")
    writer.beginObject()
    for metric in totals
    where track.kind.map({ metric.scope.contains(direction: track.direction, kind: $0) }) ?? false {
      guard let value = track.total(metric) else { continue }
      writer.key(metric.name)
      AnalysisJSONEncoder.encode(value, into: &writer)
    }
    writer.endObject()
    if let layers {
      writer.key("videoLayers")
      writer.beginArray()
      for layer in layers { encode(layer, into: &writer) }
      writer.endArray()
    }
    writer.endObject()
  }

  private static func encode(_ layer: VideoLayerStats, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("rid", layer.rid)
    writer.member("ssrc", layer.ssrc.map { Int($0) })
    writer.member("width", layer.width)
    writer.member("height", layer.height)
    writer.member("encodedFrameRate", layer.encodedFrameRate)
    writer.member("bitrate", layer.bitrate)
    writer.member("totalBitrate", layer.totalBitrate)
    writer.member("scalabilityMode", layer.scalabilityMode)
    writer.member("qualityLimitationReason", layer.qualityLimitationReason?.rawValue)
    writer.member("codec", layer.codec)
    writer.endObject()
  }
}
