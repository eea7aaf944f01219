import RTCStatsCore

extension CallJSONEncoder {
  /// One link: `kind, publisher, subscriber, matchedBy, confidence, score, offset,
  /// degradation, sent, received, forwardedLayers, loss, delay, start, end`.
  func encode(_ link: StreamLink, view: CallView, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("kind", link.kind.rawValue)
    writer.key("publisher")
    encodeEnd(link.publisher, view: view, into: &writer)
    writer.key("subscriber")
    encodeEnd(link.subscriber, view: view, into: &writer)
    writer.member("matchedBy", link.method.rawValue)
    writer.member("confidence", link.confidence)
    writer.key("score")
    if let score = link.score {
      writer.beginObject()
      writer.member("value", score.value)
      writer.member("fingerprint", score.fingerprint)
      writer.member("identical", score.identical)
      writer.member("intervals", score.intervals)
      writer.member("runnerUp", link.runnerUpScore)
      writer.member("resolvedByCompanion", link.resolvedByCompanion)
      writer.endObject()
    } else {
      writer.null()
    }
    writer.member("offset", link.offset)
    writer.key("degradation")
    encode(link.degradation, into: &writer)
    let figures = link.figures
    writer.member("start", figures.start)
    writer.member("end", figures.end)
    writer.key("sent")
    encode(figures.sent, into: &writer)
    writer.key("received")
    encode(figures.received, into: &writer)
    writer.key("forwardedLayers")
    writer.beginArray()
    for layer in figures.forwardedLayers {
      writer.beginObject()
      writer.member("layer", layer.layer)
      writer.member("rid", layer.rid)
      writer.member("width", layer.width)
      writer.member("height", layer.height)
      writer.member("start", layer.start)
      writer.member("end", layer.end)
      writer.endObject()
    }
    writer.endArray()
    writer.key("loss")
    writer.beginObject()
    writer.member("uplinkPercent", figures.uplinkLossPercent)
    writer.member("downlinkPercent", figures.downlinkLossPercent)
    writer.endObject()
    writer.key("delay")
    writer.beginObject()
    writer.member("uplinkRoundTripTime", figures.uplinkRoundTripTime)
    writer.member("downlinkRoundTripTime", figures.downlinkRoundTripTime)
    writer.member("oneWayEstimate", figures.oneWayDelay)
    writer.endObject()
    writer.endObject()
  }

  /// `{source, peerConnection, ssrc, ssrcs, track, trackIdentifier, mid, rids}`.
  private func encodeEnd(_ reference: EndpointReference, view: CallView, into writer: inout JSONWriter) {
    let endpoint = view.endpoint(reference)
    writer.beginObject()
    writer.member("source", view.dumps[reference.dump].source)
    writer.member("peerConnection", reference.peerConnection)
    let ssrcs = endpoint?.ssrcs ?? []
    writer.member(
      "ssrc", ssrcs.count == 1 ? ssrcs.first.map { Int($0) } : endpoint?.summary.ssrc.map { Int($0) })
    Self.encodeSSRCs(ssrcs, into: &writer)
    writer.member("track", reference.track.group.key)
    writer.member("trackIdentifier", endpoint?.summary.trackIdentifier)
    writer.member("mid", endpoint?.summary.mid)
    writer.key("rids")
    writer.beginArray()
    for rid in endpoint?.layers.compactMap(\.rid) ?? [] { writer.string(rid) }
    writer.endArray()
    writer.endObject()
  }

  private func encode(_ degradation: Degradation?, into writer: inout JSONWriter) {
    guard let degradation else { return writer.null() }
    writer.beginObject()
    writer.member("segment", degradation.segment.rawValue)
    writer.member("start", degradation.start)
    writer.member("end", degradation.end)
    writer.key("evidence")
    AnalysisJSONEncoder.encode(degradation.evidence, into: &writer)
    writer.key("ranges")
    writer.beginArray()
    for range in degradation.ranges {
      writer.beginObject()
      writer.member("segment", range.segment.rawValue)
      writer.member("start", range.start)
      writer.member("end", range.end)
      writer.key("evidence")
      AnalysisJSONEncoder.encode(range.evidence, into: &writer)
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  private func encode(_ side: EndToEndFigures.Side, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("bitrate", side.bitrate)
    writer.member("forwardedBitrate", side.forwardedBitrate)
    writer.member("frameRate", side.frameRate)
    writer.member("width", side.width)
    writer.member("height", side.height)
    writer.member("packetsLost", side.packetsLost)
    writer.member("lossPercent", side.lossPercent)
    writer.member("freezeCount", side.freezeCount)
    writer.member("freezesDuration", side.freezesDuration)
    writer.member("concealmentPercent", side.concealmentPercent)
    writer.endObject()
  }
}
