import RTCStatsCore

/// Encodes a ``CallView`` as the call document (its own schema, version 1, see README "Call
/// view"): `dumps`, `clockOffsets`, `links`, `unlinked`, `findings`.
///
/// Units: rates bps, durations and delays ms, percentages 0–100, times ms since the epoch
/// on the subscriber's clock; a figure the dumps cannot give is `null`.
struct CallJSONEncoder {
  /// The version of the call document, independent of `analyze`'s.
  static let schemaVersion = 1

  /// The whole view as one object.
  func encode(_ view: CallView, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("schemaVersion", Self.schemaVersion)
    writer.key("dumps")
    writer.beginArray()
    for dump in view.dumps { encode(dump, into: &writer) }
    writer.endArray()
    writer.key("clockOffsets")
    writer.beginArray()
    for offset in view.clockOffsets { encode(offset, view: view, into: &writer) }
    writer.endArray()
    writer.key("links")
    writer.beginArray()
    for link in view.links { encode(link, view: view, into: &writer) }
    writer.endArray()
    writer.key("unlinked")
    writer.beginArray()
    for stream in view.unlinked { encode(stream, view: view, into: &writer) }
    writer.endArray()
    writer.key("findings")
    writer.beginArray()
    for finding in view.findings { AnalysisJSONEncoder.encode(finding, into: &writer) }
    writer.endArray()
    writer.endObject()
  }

  private func encode(_ dump: CallDump, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("source", dump.source)
    writer.member("format", dump.format)
    writer.key("peerConnections")
    writer.beginArray()
    for connection in dump.analysis.peerConnections {
      writer.beginObject()
      writer.member("id", connection.id)
      writer.member("startTime", connection.startTime)
      writer.member("endTime", connection.endTime)
      writer.key("tracks")
      writer.beginArray()
      for track in connection.tracks {
        writer.beginObject()
        writer.member("direction", track.direction.rawValue)
        writer.member("kind", track.kind.rawValue)
        writer.member("track", track.id.group.key)
        Self.encodeSSRCs(track.ssrcs, into: &writer)
        writer.endObject()
      }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  private func encode(_ offset: ClockOffset, view: CallView, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("from", view.dumps[offset.from].source)
    writer.member("to", view.dumps[offset.to].source)
    writer.member("offset", offset.offset)
    writer.member("confidence", offset.confidence)
    writer.member("method", offset.method.rawValue)
    writer.member("support", offset.support)
    writer.endObject()
  }

  private func encode(_ stream: UnlinkedStream, view: CallView, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("source", view.dumps[stream.reference.dump].source)
    writer.member("peerConnection", stream.reference.peerConnection)
    writer.member("ssrc", stream.ssrcs.first.map { Int($0) })
    Self.encodeSSRCs(stream.ssrcs, into: &writer)
    writer.member("kind", stream.kind.rawValue)
    writer.member("direction", stream.direction.rawValue)
    writer.member("track", stream.reference.track.group.key)
    writer.member("reason", stream.reason.rawValue)
    writer.member("bestScore", stream.bestScore)
    writer.endObject()
  }

  /// `ssrcs: [..]`.
  static func encodeSSRCs(_ ssrcs: [UInt32], into writer: inout JSONWriter) {
    writer.key("ssrcs")
    writer.beginArray()
    for ssrc in ssrcs { writer.integer(Int(ssrc)) }
    writer.endArray()
  }
}
