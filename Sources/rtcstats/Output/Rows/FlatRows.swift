import RTCStatsCore
import RTCStatsFormats

/// The flat rows of `analyze --per` for one file (README "Rows"; `rtcstats schema rows`).
///
/// Every row starts with `schemaVersion, row, path, format, peerConnection`. A file that
/// was analysed gives its rows of the kind asked for; a file that failed gives one `error`
/// row, a file that is not a dump one `skipped` row, whatever the kind.
enum FlatRows {
  /// The rows of `file` of `kind`, in file order.
  static func rows(of file: FileAnalysis, kind: RowKind, includeIntervals: Bool = true) -> [FlatRow] {
    switch file.outcome {
    case .failure(let error) where error.isNotADump:
      var row = FlatRow(kind: "skipped", path: file.path, format: nil, peerConnection: nil)
      row.append("reason", .string(error.message))
      return [row]
    case .failure(let error):
      var row = FlatRow(kind: "error", path: file.path, format: nil, peerConnection: nil)
      row.append("message", .string(error.message))
      row.append("line", .integer(error.line))
      row.append("column", .integer(error.column))
      row.append("exitCode", .integer(Int(file.status.rawValue)))
      return [row]
    case .success(let success):
      switch kind {
      case .file: return [fileRow(file.path, success)]
      case .track: return trackRows(file.path, success)
      case .interval: return IntervalRows.rows(file.path, success)
      case .finding: return findingRows(file.path, success)
      }
    }
  }

  /// The column names of rows of `kind` (a CSV header).
  static func columns(of kind: RowKind) -> [String] { template(of: kind).names }

  /// A row of `kind` of an empty analysis: every column (all are always present), with the
  /// type of its values (for the schema).
  static func template(of kind: RowKind) -> FlatRow {
    switch kind {
    case .file:
      return fileRow("", emptySuccess)
    case .track:
      let id = TrackID(peerConnection: "", direction: .inbound, kind: .audio, group: .statsID(""))
      let connection = PeerConnectionAnalysis(
        id: "", startTime: nil, endTime: nil, reportCount: 0, transport: TransportAnalysis(), tracks: [],
        timeline: Timeline(peerConnection: ""))
      let track = TrackAnalysis(id: id, direction: .inbound, kind: .audio)
      return trackRow("", nil, connection, track, findings: [])
    case .interval:
      return IntervalRows.template
    case .finding:
      return findingRow("", nil, Diagnostic(.truncated))
    }
  }

  /// The `error` and `skipped` rows of a file of no analysis, for the schema.
  static var recordTemplates: [FlatRow] {
    let failure = FileAnalysis(path: "", outcome: .failure(DumpError(.data, "")))
    let skipped = FileAnalysis(path: "", outcome: .failure(.notADump("")))
    return rows(of: failure, kind: .file) + rows(of: skipped, kind: .file)
  }

  // MARK: - File

  static func fileRow(_ path: String, _ success: FileAnalysis.Success) -> FlatRow {
    let source = success.source
    let analysis = success.analysis
    var row = FlatRow(kind: "file", path: path, format: source.format, peerConnection: nil)
    row.append("bytes", .integer(source.bytes))
    row.append("compressed", .bool(source.isCompressed))
    row.append("userAgent", .string(source.userAgent))
    row.append("browser", .string(BrowserName.of(userAgent: source.userAgent)))
    row.append("reportCount", .integer(source.reportCount))
    row.append("truncated", .bool(source.isTruncated))
    let starts = analysis.peerConnections.compactMap(\.startTime)
    let ends = analysis.peerConnections.compactMap(\.endTime)
    row.append("startTime", .number(starts.min()))
    row.append("endTime", .number(ends.max()))
    row.append("duration", .number(starts.min().flatMap { start in ends.max().map { $0 - start } }))
    row.append("peerConnections", .integer(analysis.peerConnections.count))
    row.append("tracks", .integer(analysis.peerConnections.reduce(0) { $0 + $1.tracks.count }))
    let conditions = analysis.peerConnections.compactMap(\.networkCondition)
    row.append("grade", .string(GradeRanking.worst(conditions.map(\.overall.grade))?.rawValue))
    row.append("sendGrade", .string(GradeRanking.worst(conditions.map(\.send.grade))?.rawValue))
    row.append("receiveGrade", .string(GradeRanking.worst(conditions.map(\.receive.grade))?.rawValue))
    let findings = analysis.findings
    row.append("findings", .integer(findings.count))
    row.append("criticalFindings", .integer(findings.count { $0.severity == .critical }))
    row.append("warningFindings", .integer(findings.count { $0.severity == .warning }))
    let worst = findings.max { $0.severity < $1.severity }
    row.append("worstSeverity", .string(worst?.severity.rawValue))
    row.append("worstFinding", .string(worst?.code.rawValue))
    row.append("warnings", .integer(success.warnings.count))
    return row
  }

  // MARK: - Track

  static func trackRows(_ path: String, _ success: FileAnalysis.Success) -> [FlatRow] {
    let browser = BrowserName.of(userAgent: success.source.userAgent)
    var rows: [FlatRow] = []
    for connection in success.analysis.peerConnections {
      for track in connection.tracks {
        let findings = success.analysis.findings.filter {
          $0.peerConnection == connection.id && $0.track == track.id
        }
        var row = trackRow(path, success.source.format, connection, track, findings: findings)
        row.values[row.names.firstIndex(of: "browser") ?? 0] = .string(browser)
        rows.append(row)
      }
    }
    return rows
  }

  static func trackRow(
    _ path: String, _ format: String?, _ connection: PeerConnectionAnalysis, _ track: TrackAnalysis,
    findings: [Diagnostic]
  ) -> FlatRow {
    var row = FlatRow(kind: "track", path: path, format: format, peerConnection: connection.id)
    row.append("browser", .string(nil))
    row.append("direction", .string(track.direction.rawValue))
    row.append("kind", .string(track.kind.rawValue))
    row.append("trackIdentifier", .string(track.trackIdentifier))
    row.append("mid", .string(track.mid))
    row.append("codec", .string(track.codec))
    row.append("ssrc", .integer(track.ssrc.map { Int($0) }))
    row.append("layers", .integer(track.layers.count))
    for metric in MetricRegistry.metrics where metric.hasSummary {
      let applies = metric.scope.contains(direction: track.direction, kind: track.kind)
      row.append(metric.name, summary: applies ? track[metric] : nil, isDistribution: metric.isDistribution)
    }
    row.append("qualityLimitationReason", .string(track.qualityLimitation?.reason.rawValue))
    let implementation =
      track.direction == .outbound ? track.encoderImplementation : track.decoderImplementation
    row.append("implementation", .string(implementation))
    row.append("mos", .number(connection.audioMOS(of: track.id)?.mos?.mean))
    let condition = connection.networkCondition
    let side = track.direction == .outbound ? condition?.send : condition?.receive
    row.append("grade", .string(side?.grade.rawValue))
    row.append("degradationSource", .string(side?.degradationSource.rawValue))
    row.append("findings", .integer(findings.count))
    row.append("worstFinding", .string(findings.max { $0.severity < $1.severity }?.code.rawValue))
    return row
  }

  // MARK: - Finding

  static func findingRows(_ path: String, _ success: FileAnalysis.Success) -> [FlatRow] {
    success.analysis.findings.map { findingRow(path, success.source.format, $0) }
  }

  static func findingRow(_ path: String, _ format: String?, _ finding: Diagnostic) -> FlatRow {
    var row = FlatRow(kind: "finding", path: path, format: format, peerConnection: finding.peerConnection)
    row.append("direction", .string(finding.track?.direction.rawValue))
    row.append("kind", .string(finding.track?.kind?.rawValue))
    row.append("group", .string(finding.track?.group.key))
    row.append("code", .string(finding.code.rawValue))
    row.append("severity", .string(finding.severity.rawValue))
    row.append("message", .string(DiagnosticText.message(finding)))
    row.append("start", .number(finding.start))
    row.append("end", .number(finding.end))
    row.append("duration", .number(finding.start.flatMap { start in finding.end.map { $0 - start } }))
    row.append("evidence", .evidence(finding.evidence))
    row.append("threshold", .evidence(finding.threshold))
    return row
  }

  private static var emptySuccess: FileAnalysis.Success {
    FileAnalysis.Success(
      source: DumpInfo(format: .getStatsSnapshot).summary, analysis: CallAnalysis(peerConnections: []))
  }
}
