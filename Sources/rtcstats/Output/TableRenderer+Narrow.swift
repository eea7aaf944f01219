extension TableRenderer {
  /// The columns of the narrow track table: direction, kind, codec, bitrate, loss, jitter and
  /// round-trip time (positions in the wide row); the others go to a second line.
  static let narrowColumns: [(String, TextTable.Alignment, Int)] = [
    ("DIR", .left, 0), ("KIND", .left, 1), ("CODEC", .left, 2), ("BITRATE", .right, 4), ("LOST", .right, 7),
    ("JITTER", .right, 8), ("RTT", .right, 9),
  ]

  /// The track rows (wide cells, in the order of ``wideColumns``) as the narrow table: the
  /// main columns, then an indented line with the others, labelled (`ssrc 1234 · +headers
  /// 2.22 Mbps · 7998 packets · 26.7 fps · 1280x720 · freezes 2 (1.2 s) · L1T3`).
  func narrowTable(_ rows: [[String]]) -> String {
    var table = TextTable(columns: Self.narrowColumns.map { ($0.0, $0.1) })
    for row in rows { table.append(Self.narrowColumns.map { row[$0.2] }) }
    var lines = table.render(indent: "  ").split(separator: "\n").map(String.init)
    var text = lines.removeFirst() + "\n"
    for (line, row) in zip(lines, rows) {
      text += line + "\n"
      let details = Self.details(of: row)
      guard !details.isEmpty else { continue }
      let line = "      " + TerminalText.escaped(details.joined(separator: " · "))
      for part in layout.fit(line, indent: 6) { text += part + "\n" }
    }
    return text
  }

  private static func details(of row: [String]) -> [String] {
    func present(_ cell: String) -> Bool { !cell.isEmpty && cell != "-" }
    var details: [String] = []
    if present(row[3]) { details.append(row[3].hasSuffix("layers") ? row[3] : "ssrc " + row[3]) }
    if present(row[5]) { details.append("+headers " + row[5]) }
    if present(row[6]) { details.append(row[6] + " packets") }
    if present(row[10]) { details.append(row[10] + " fps") }
    if present(row[11]) { details.append(row[11]) }
    if present(row[12]) { details.append("freezes " + row[12]) }
    if present(row[13]) { details.append("pauses " + row[13]) }
    if present(row[14]) { details.append(row[14]) }
    return details
  }

  /// The findings as a table of severity, time, place and code, each message on its own
  /// indented line.
  func narrowFindings(_ rows: [[String]]) -> String {
    var table = TextTable(columns: [("SEVERITY", .left), ("TIME", .left), ("WHERE", .left), ("CODE", .left)])
    for row in rows { table.append(Array(row.prefix(4))) }
    var lines = table.render(indent: "  ").split(separator: "\n").map(String.init)
    var text = lines.removeFirst() + "\n"
    for (line, row) in zip(lines, rows) {
      for part in layout.fit(line, indent: 4) { text += part + "\n" }
      for part in layout.fit("    " + row[4], indent: 4) { text += part + "\n" }
    }
    return text
  }
}
