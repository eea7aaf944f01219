/// Writes a ``TableModel`` as a `<table>` in a horizontally scrolling box, so a wide table
/// never widens the page.
enum TableRenderer {
  /// Writes `table`.
  static func write(_ table: TableModel, into writer: inout HTMLWriter) {
    writer.element(.div, [.class("table-wrap")]) { writer in
      writer.element(.table, [.class("summary")]) { writer in
        if let caption = table.caption { writer.element(.caption, text: caption) }
        writer.element(.thead) { writer in
          writer.element(.tr) { writer in
            for column in table.columns {
              writer.element(.th, cellAttributes(column) + [.text(.scope, "col")], text: column.title)
            }
          }
        }
        writer.element(.tbody) { writer in
          for row in table.rows { writeRow(row, columns: table.columns, into: &writer) }
        }
      }
    }
    writer.newline()
  }

  private static func writeRow(_ row: TableRow, columns: [TableColumn], into writer: inout HTMLWriter) {
    writer.element(.tr, row.isNested ? [.class("nested")] : []) { writer in
      let count = max(columns.count, row.cells.count)
      for index in 0..<count {
        let cell = index < row.cells.count ? row.cells[index] : .empty
        let attributes = index < columns.count ? cellAttributes(columns[index]) : []
        writer.element(.td, attributes) { writeCell(cell, into: &$0) }
      }
    }
    writer.newline()
  }

  private static func cellAttributes(_ column: TableColumn) -> [HTMLAttribute] {
    column.alignment == .trailing ? [.class("num")] : []
  }

  private static func writeCell(_ cell: TableCell, into writer: inout HTMLWriter) {
    switch cell {
    case .empty:
      break
    case .text(let text):
      writer.text(text)
    case .value(let value, let unit):
      writer.text(unit.format(value))
    case .severity(let severity):
      writer.element(.span, [.class("badge", SeriesPalette.severityClass(severity))], text: severity.rawValue)
    case .link(let text, let anchor):
      writer.element(.a, [.href(anchor)], text: text)
    }
  }
}
