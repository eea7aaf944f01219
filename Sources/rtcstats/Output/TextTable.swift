/// A plain-text table with left-aligned text columns and right-aligned number columns.
struct TextTable {
  enum Alignment { case left, right }

  private var header: [String]
  private var alignments: [Alignment]
  private var rows: [[String]] = []

  init(columns: [(String, Alignment)]) {
    header = columns.map(\.0)
    alignments = columns.map(\.1)
  }

  /// Appends a row; cells are escaped for the terminal (they may hold dump text).
  mutating func append(_ row: [String]) {
    rows.append(row.map(TerminalText.escaped))
  }

  /// The table, each line prefixed with `indent` and without trailing spaces.
  func render(indent: String) -> String {
    var widths = header.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.count)
      }
    }
    var lines: [String] = []
    for row in [header] + rows {
      var line = indent
      for (index, cell) in row.enumerated() where index < widths.count {
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        let text = alignments[index] == .left || row == header ? cell + padding : padding + cell
        line += text + (index == row.count - 1 ? "" : "  ")
      }
      while line.hasSuffix(" ") { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
