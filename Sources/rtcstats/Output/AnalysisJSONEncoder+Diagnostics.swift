import RTCStatsCore

extension AnalysisJSONEncoder {
  /// `diagnostics: [{code, severity, message, peerConnection, track, start, end, evidence}]`.
  static func encode(_ diagnostics: [Diagnostic], into writer: inout JSONWriter) {
    writer.key("diagnostics")
    writer.beginArray()
    for diagnostic in diagnostics { encode(diagnostic, into: &writer) }
    writer.endArray()
  }

  /// One diagnostic as an object.
  static func encode(_ diagnostic: Diagnostic, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("code", diagnostic.code.rawValue)
    writer.member("severity", diagnostic.severity.rawValue)
    writer.member("message", DiagnosticText.message(diagnostic))
    writer.member("peerConnection", diagnostic.peerConnection)
    writer.key("track")
    if let track = diagnostic.track {
      encode(track, into: &writer)
    } else {
      writer.null()
    }
    writer.member("start", diagnostic.start)
    writer.member("end", diagnostic.end)
    writer.key("evidence")
    encode(diagnostic.evidence, into: &writer)
    writer.endObject()
  }

  /// `{direction, kind, group}`.
  static func encode(_ track: TrackID, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("direction", track.direction.rawValue)
    writer.member("kind", track.kind?.rawValue)
    writer.member("group", track.group.key)
    writer.endObject()
  }

  /// Evidence as an object of its items.
  static func encode(_ evidence: Evidence, into writer: inout JSONWriter) {
    writer.beginObject()
    for item in evidence {
      writer.key(item.name)
      switch item.value {
      case .number(let value): writer.number(value)
      case .integer(let value): writer.integer(value)
      case .text(let value): writer.string(value)
      case .bool(let value): writer.bool(value)
      }
    }
    writer.endObject()
  }

  /// `events: [{time, peerConnection?, kind, outcome, name, value}]`.
  static func encode(events: [StatsEvent], withPeerConnection: Bool, into writer: inout JSONWriter) {
    writer.key("events")
    writer.beginArray()
    for event in events {
      writer.beginObject()
      writer.member("time", event.time)
      if withPeerConnection { writer.member("peerConnection", event.peerConnection) }
      writer.member("kind", event.kind.rawValue)
      writer.member("outcome", event.outcome.rawValue)
      writer.member("name", event.name)
      writer.member("value", event.value)
      writer.endObject()
    }
    writer.endArray()
  }
}
