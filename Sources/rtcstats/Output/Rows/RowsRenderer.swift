/// `analyze --per KIND`: flat rows as NDJSON (one object per line) or CSV (one header, the
/// columns of ``FlatRows/columns(of:)`` plus `error`).
///
/// In CSV an `error` row fills `path`, `row` and the `error` column; a `skipped` row fills
/// `path`, `row` and `skipped`.
struct RowsRenderer: AnalysisRenderer {
  var kind: RowKind
  var isCSV: Bool

  var prologue: [UInt8] {
    guard isCSV else { return [] }
    return Array((CSVText.line(FlatRows.columns(of: kind) + ["error", "skipped"])).utf8)
  }

  var needsTimeline: Bool { kind == .interval }

  func render(_ file: FileAnalysis, index: Int, write: ([UInt8]) -> Void) {
    let rows = FlatRows.rows(of: file, kind: kind)
    if isCSV {
      write(Array(csv(rows).utf8))
      return
    }
    withoutActuallyEscaping(write) { write in
      var writer = JSONWriter(flushingAt: 1 << 20, sink: write)
      for row in rows { row.writeJSON(into: &writer) }
      writer.flush()
    }
  }

  private func csv(_ rows: [FlatRow]) -> String {
    let columns = FlatRows.columns(of: kind)
    var text = ""
    for row in rows {
      var cells: [String]
      switch row.kind {
      case "error", "skipped":
        cells = Array(repeating: "", count: columns.count + 2)
        cells[columns.firstIndex(of: "schemaVersion") ?? 0] = row.csvCells[0]
        cells[columns.firstIndex(of: "row") ?? 1] = row.kind
        cells[columns.firstIndex(of: "path") ?? 2] = row.csvCells[2]
        let message = row.csvCells[row.names.firstIndex(of: row.kind == "error" ? "message" : "reason") ?? 0]
        cells[columns.count + (row.kind == "error" ? 0 : 1)] = message
      default:
        cells = row.csvCells + ["", ""]
      }
      text += CSVText.line(cells)
    }
    return text
  }
}

/// RFC 4180 lines.
enum CSVText {
  /// The cells joined by commas, quoted when they hold a comma, a quote or a line break.
  static func line(_ cells: [String]) -> String {
    cells.map { cell in
      guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
      var quoted = "\""
      for character in cell {
        quoted.append(character)
        if character == "\"" { quoted.append("\"") }
      }
      return quoted + "\""
    }.joined(separator: ",") + "\n"
  }
}
