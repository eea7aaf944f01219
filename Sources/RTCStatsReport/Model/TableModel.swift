public import RTCStatsCore

/// A summary table: columns, and rows of cells.
///
/// Tables show every figure as computed —
/// they are never downsampled.
public struct TableModel: Sendable, Hashable {
  /// The caption, for example `Tracks`.
  public var caption: String?
  /// The columns, in order.
  public var columns: [TableColumn]
  /// The rows, in order; a row with fewer cells than columns is padded with empty cells.
  public var rows: [TableRow]

  /// Creates a table.
  public init(caption: String? = nil, columns: [TableColumn], rows: [TableRow]) {
    self.caption = caption
    self.columns = columns
    self.rows = rows
  }
}

/// One column of a table.
public struct TableColumn: Sendable, Hashable {
  /// How the column's cells are aligned.
  public enum Alignment: String, Sendable, Hashable {
    /// Text: left.
    case leading
    /// Figures: right, so digits line up.
    case trailing
  }

  /// The heading.
  public var title: String
  /// How the cells are aligned.
  public var alignment: Alignment

  /// Creates a column.
  public init(_ title: String, alignment: Alignment = .leading) {
    self.title = title
    self.alignment = alignment
  }
}

/// One row of a table.
public struct TableRow: Sendable, Hashable {
  /// The cells, in column order.
  public var cells: [TableCell]
  /// Whether the row belongs to the row above (a layer under its track), shown indented.
  public var isNested: Bool

  /// Creates a row.
  public init(_ cells: [TableCell], isNested: Bool = false) {
    self.cells = cells
    self.isNested = isNested
  }
}

/// One cell of a table.
public enum TableCell: Sendable, Hashable {
  /// Nothing.
  case empty
  /// Text, for example a codec name or a figure already written by the table view.
  case text(String)
  /// A value written with its unit (``ValueUnit/format(_:)``); `nil` is written `-`.
  case value(Double?, ValueUnit)
  /// A severity badge.
  case severity(Severity)
  /// Text linking to an anchor of the page, for example a track's section.
  case link(String, AnchorID)
}
