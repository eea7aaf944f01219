import RTCStatsCore
import RTCStatsFormats
import RTCStatsReport

/// Renders analyses as readable text: a header per file, a transport line per peer
/// connection, one row per track and one per layer.
///
/// Figures are means over the call unless the column says otherwise. The ``layout`` fits
/// the text to the terminal (the narrow table) unless it is wide, and colours grades and
/// severities.
struct TableRenderer: AnalysisRenderer {
  var layout = TableLayout()
  /// Whether each track's bitrate and frame rate are drawn under the table (a terminal only).
  var sparklines = false

  /// The columns of the full (wide) track table.
  static let wideColumns: [(String, TextTable.Alignment)] = [
    ("DIR", .left), ("KIND", .left), ("CODEC", .left), ("SSRC", .right), ("BITRATE", .right),
    ("+HEADERS", .right), ("PACKETS", .right), ("LOST", .right), ("JITTER", .right),
    ("RTT", .right), ("FPS", .right), ("RESOLUTION", .right), ("FREEZES", .right),
    ("PAUSES", .right), ("NOTES", .left),
  ]

  func render(_ file: FileAnalysis, index: Int, write: ([UInt8]) -> Void) {
    var text = render(file)
    if layout.usesColor { text = TableColors.apply(text) }
    guard !text.isEmpty else { return }
    write(Array(((index > 0 ? "\n" : "") + text).utf8))
  }

  func render(_ file: FileAnalysis) -> String {
    guard case .success(let success) = file.outcome else { return "" }
    let source = success.source
    // Everything that came from the dump or the command line is escaped for the terminal.
    let safe = TerminalText.escaped
    var header = "\(safe(file.path)): \(source.formatDescription), \(source.reportCount) report"
    header += source.reportCount == 1 ? "" : "s"
    if !source.details.isEmpty { header += " (" + safe(source.details.joined(separator: ", ")) + ")" }
    header += ", " + HumanUnits.bytes(source.bytes) + (source.isCompressed ? " gzip" : "") + "\n"
    if let agent = source.userAgent { header += "  user agent: \(safe(agent))\n" }
    for warning in success.warnings { header += "  warning: \(safe(warning))\n" }
    var text = layout.fitLines(header, indent: 4)
    if success.analysis.peerConnections.isEmpty { text += "  no peer connections\n" }
    for connection in success.analysis.peerConnections {
      text += "\n" + render(connection)
    }
    text += findingsSection(success.analysis)
    return text
  }

  private func render(_ connection: PeerConnectionAnalysis) -> String {
    var text = "\(TerminalText.escaped(connection.id)): "
    if let start = connection.startTime {
      // Below 10¹² ms (2001) the clock is relative (performance.now()): no date to show.
      text += start >= 1e12 ? HumanUnits.dateTime(milliseconds: start) + " UTC, " : "date unknown, "
    }
    if connection.reportCount == 1 {
      text += "a single report: totals only, no rates\n"
    } else {
      text += HumanUnits.duration(milliseconds: connection.duration) + ", "
      text += "\(connection.reportCount) reports\n"
    }
    // The route's candidate types and protocols come from the dump: escaped for the terminal.
    text += "  transport: " + TerminalText.escaped(TrackTable.transport(connection.transport)) + "\n"
    text += conditionLine(connection.networkCondition)
    text = layout.fitLines(text, indent: 4)
    guard !connection.tracks.isEmpty else { return text + "  no media tracks\n" }
    var rows: [[String]] = []
    for track in connection.tracks {
      rows.append(TrackTable.cells(for: track))
      for layer in track.layers where track.layers.count > 1 || (layer.scalabilityMode ?? "L1T1") != "L1T1" {
        rows.append(TrackTable.cells(for: layer))
      }
    }
    var table = TextTable(columns: Self.wideColumns)
    for row in rows { table.append(row) }
    let wide = table.render(indent: "  ")
    let fits = layout.isWide || wide.split(separator: "\n").allSatisfy { $0.count <= layout.width }
    let spark = sparklines ? layout.fitLines(sparklineLines(connection), indent: 4) : ""
    return text + "\n" + (fits ? wide : narrowTable(rows)) + spark
  }
}
