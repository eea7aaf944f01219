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
  /// The fewest interval rows a document needs for its arrays to be written ahead.
  private let aheadMinimumRows: Int
  /// The cores that write them.
  private let aheadCores: Int
  /// The document's interval arrays written ahead, when they are.
  private(set) var ahead: IntervalSeriesAhead?

  /// An encoder that writes a document's interval arrays ahead of it on `cores` cores
  /// (``IntervalSeriesAhead``) when there are two or more and the document has
  /// `aheadMinimumRows` interval rows (``IntervalSeries/estimatedRows(of:)``) or more.
  init(
    includeIntervals: Bool = true, aheadMinimumRows: Int = IntervalSeriesAhead.minimumRows,
    cores: Int = FileAnalyzer.isSequential ? 1 : min(System.processorCount, 8)
  ) {
    self.includeIntervals = includeIntervals
    self.aheadMinimumRows = aheadMinimumRows
    self.aheadCores = cores
  }

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
      let document = writingAhead(success.analysis)
      for (index, connection) in success.analysis.peerConnections.enumerated() {
        document.encode(connection, index: index, into: &writer)
      }
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

  /// This encoder with the interval arrays of `analysis` written ahead, when it has several
  /// cores and the document has enough rows (and it has not already).
  func writingAhead(_ analysis: CallAnalysis) -> AnalysisJSONEncoder {
    guard ahead == nil, includeIntervals, aheadCores > 1,
      IntervalSeries.estimatedRows(of: analysis) >= aheadMinimumRows
    else {
      return self
    }
    var encoder = self
    encoder.ahead = IntervalSeriesAhead(series: IntervalSeries.all(of: analysis), cores: aheadCores)
    return encoder
  }

  /// Writes `"intervals":[…]`, the array at `place`: its text written ahead when it was, else
  /// `series`' rows written here.
  func encodeIntervals(
    _ place: IntervalSeries.Place, into writer: inout JSONWriter, series: () -> IntervalSeries
  ) {
    writer.key("intervals")
    writer.beginArray()
    if ahead?.take(place, into: &writer) != true { series().writeAll(into: &writer) }
    writer.endArray()
  }

  private func encode(_ connection: PeerConnectionAnalysis, index: Int, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", connection.id)
    writer.member("startTime", connection.startTime)
    writer.member("endTime", connection.endTime)
    writer.member("duration", connection.duration)
    writer.member("reportCount", connection.reportCount)
    encode(connection.transport, timeline: connection.timeline, connection: index, into: &writer)
    writer.key("tracks")
    writer.beginArray()
    for (trackIndex, track) in connection.tracks.enumerated() {
      let mos = connection.audioMOS(of: track.id)
      encode(track, timeline: connection.timeline, mos: mos, place: (index, trackIndex), into: &writer)
    }
    writer.endArray()
    Self.encode(events: connection.events, withPeerConnection: false, into: &writer)
    Self.encode(condition: connection.networkCondition, into: &writer)
    writer.endObject()
  }

  private func encode(
    _ transport: TransportAnalysis, timeline: Timeline, connection: Int, into writer: inout JSONWriter
  ) {
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
      encodeIntervals(.transport(connection: connection), into: &writer) {
        .transport(of: timeline, place: .transport(connection: connection))
      }
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
