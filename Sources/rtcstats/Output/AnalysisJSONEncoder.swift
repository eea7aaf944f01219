import RTCStatsCore
import RTCStatsFormats

/// Encodes analyses as the documented JSON (schema version 1, see README).
///
/// Units: rates bps, durations and delays ms, percentages 0–100, times ms since the epoch;
/// a figure the dump cannot give is `null`. Interval rows carry only the figures known for
/// the interval. Track members follow ``MetricRegistry/entries``.
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
      writer.key("source")
      writer.beginObject()
      writer.member("path", file.path)
      Self.encodeSourceMembers(of: success.source, into: &writer)
      writer.endObject()
      writer.member("reportCount", success.source.reportCount)
      writer.member("truncated", success.source.isTruncated)
      writer.key("warnings")
      writer.beginArray()
      for warning in success.warnings { writer.string(warning) }
      writer.endArray()
      Self.encode(success.diagnostics, into: &writer)
      writer.key("peerConnections")
      writer.beginArray()
      for connection in success.analysis.peerConnections { encode(connection, into: &writer) }
      writer.endArray()
      Self.encode(events: success.analysis.events, withPeerConnection: true, into: &writer)
      Self.encode(findings: success.analysis.findings, into: &writer)
    case .failure(let error) where error.isNotADump:
      writer.key("source")
      writer.beginObject()
      writer.member("path", file.path)
      writer.endObject()
      writer.key("skipped")
      writer.beginObject()
      writer.member("reason", error.message)
      writer.endObject()
    case .failure(let error):
      writer.key("source")
      writer.beginObject()
      writer.member("path", file.path)
      writer.endObject()
      Self.encodeError(error, status: file.status, into: &writer)
    }
    writer.endObject()
  }

  /// The `error` member of a file that could not be read: `{message, line, column,
  /// exitCode}` (`analyze` and `inspect` write the same object).
  static func encodeError(_ error: DumpError, status: ExitStatus, into writer: inout JSONWriter) {
    writer.key("error")
    writer.beginObject()
    writer.member("message", error.message)
    writer.member("line", error.line)
    writer.member("column", error.column)
    writer.member("exitCode", Int(status.rawValue))
    writer.endObject()
  }

  /// The members of `source` that describe the dump (shared with `inspect`): format, bytes,
  /// compressed, details, userAgent.
  static func encodeSourceMembers(of source: SourceSummary, into writer: inout JSONWriter) {
    writer.member("format", source.format)
    writer.member("bytes", source.bytes)
    writer.member("compressed", source.isCompressed)
    writer.key("details")
    writer.beginArray()
    for detail in source.details { writer.string(detail) }
    writer.endArray()
    writer.member("userAgent", source.userAgent)
  }

  private func encode(_ connection: PeerConnectionAnalysis, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", connection.id)
    writer.member("startTime", connection.startTime)
    writer.member("endTime", connection.endTime)
    writer.member("duration", connection.duration)
    writer.member("reportCount", connection.reportCount)
    encode(connection.transport, timeline: connection.timeline, into: &writer)
    writer.key("tracks")
    writer.beginArray()
    for track in connection.tracks {
      encode(track, timeline: connection.timeline, mos: connection.audioMOS(of: track.id), into: &writer)
    }
    writer.endArray()
    Self.encode(events: connection.events, withPeerConnection: false, into: &writer)
    Self.encode(condition: connection.networkCondition, into: &writer)
    writer.endObject()
  }

  private func encode(_ transport: TransportAnalysis, timeline: Timeline, into writer: inout JSONWriter) {
    writer.key("transport")
    writer.beginObject()
    Self.member("roundTripTime", transport.roundTripTime, into: &writer)
    Self.member("availableOutgoingBitrate", transport.availableOutgoingBitrate, into: &writer)
    Self.member("availableIncomingBitrate", transport.availableIncomingBitrate, into: &writer)
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
      for row in timeline {
        guard let time = row.time, let sample = row.transport, sample.selectedCandidatePairID != nil else {
          continue
        }
        writer.beginObject()
        writer.member("time", time)
        if let value = sample.roundTripTime { writer.member("roundTripTime", value) }
        if let value = sample.availableOutgoingBitrate { writer.member("availableOutgoingBitrate", value) }
        if let value = sample.availableIncomingBitrate { writer.member("availableIncomingBitrate", value) }
        writer.endObject()
      }
      writer.endArray()
    }
    writer.endObject()
  }

  /// `name: {mean, p50, p95, min, max}` or `name: null`.
  static func member(_ name: StaticString, _ distribution: Distribution?, into writer: inout JSONWriter) {
    writer.key(name)
    encode(distribution, into: &writer)
  }

  /// `{mean, p50, p95, min, max}` or `null`.
  static func encode(_ distribution: Distribution?, into writer: inout JSONWriter) {
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
