import RTCStatsCore
import RTCStatsFormats

extension InspectCommand {
  /// The JSON document of one inspection (JSON escapes every control character itself).
  ///
  /// Besides the source, reports, warnings and peer connections (each with its time span,
  /// reports, objects, types, `eventCount` and `connectionState`), `eventCount` and, when the
  /// dump records them, `getUserMedia` and `getDisplayMedia` as
  /// `{calls, successes, failures, firstFailure}`.
  static func encode(_ inspection: Inspection, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("schemaVersion", AnalysisJSONEncoder.schemaVersion)
    writer.key("source")
    writer.beginObject()
    writer.member("path", inspection.path)
    switch inspection.outcome {
    case .failure(let error) where error.isNotADump:
      writer.endObject()
      writer.key("skipped")
      writer.beginObject()
      writer.member("reason", error.message)
      writer.endObject()
    case .failure(let error):
      writer.endObject()
      AnalysisJSONEncoder.encodeError(error, status: inspection.status, into: &writer)
    case .success(let result):
      let info = result.info
      AnalysisJSONEncoder.encodeSourceMembers(of: info.summary, into: &writer)
      writer.endObject()
      writer.member("reportCount", info.reportCount)
      writer.member("truncated", info.isTruncated)
      writer.key("warnings")
      writer.beginArray()
      for warning in info.warnings + result.inventory.warnings() { writer.string(warning) }
      writer.endArray()
      encodeEvents(of: result.inventory, into: &writer)
      writer.key("peerConnections")
      writer.beginArray()
      for connection in result.inventory.peerConnections { encode(connection, into: &writer) }
      writer.endArray()
    }
    writer.endObject()
  }

  private static func encodeEvents(of inventory: StatsInventory, into writer: inout JSONWriter) {
    writer.member("eventCount", inventory.eventCount)
    for (name, requests) in [
      ("getUserMedia", inventory.getUserMedia), ("getDisplayMedia", inventory.getDisplayMedia),
    ]
    where !requests.isEmpty {
      writer.key(name)
      writer.beginObject()
      writer.member("calls", requests.calls)
      writer.member("successes", requests.successes)
      writer.member("failures", requests.failures)
      writer.member("firstFailure", requests.firstFailure)
      writer.endObject()
    }
  }

  private static func encode(_ connection: StatsInventory.PeerConnection, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", connection.id)
    writer.member("startTime", connection.firstTimestamp)
    writer.member("endTime", connection.lastTimestamp)
    writer.member("reportCount", connection.reportCount)
    writer.member("objectCount", connection.objectCount)
    if connection.hasMoreObjects { writer.member("objectCountIsCapped", true) }
    writer.member("typicalInterval", connection.typicalInterval)
    writer.key("types")
    writer.beginObject()
    for (name, count) in connection.typeCounts.sorted(by: { $0.key < $1.key }) {
      writer.key(name)
      writer.integer(count)
    }
    writer.endObject()
    writer.member("eventCount", connection.eventCount)
    writer.member("connectionState", connection.lastConnectionState)
    writer.endObject()
  }
}
