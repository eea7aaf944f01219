import RTCStatsCore

/// Writes the results of `rtcstats analyze` in one output format.
///
/// A command asks for ``prologue``, then ``render(_:index:write:)`` for each file in input
/// order (from any thread: renderers are values without shared state), then ``epilogue``.
/// `write` receives the output in pieces, so a long JSON document never sits in memory whole.
protocol AnalysisRenderer: Sendable {
  /// Written before the first file (a `[` around a JSON batch, a CSV header).
  var prologue: [UInt8] { get }
  /// Written after the last file.
  var epilogue: [UInt8] { get }
  /// Whether the output lists the per-interval rows, so the analysis must keep every row.
  var needsTimeline: Bool { get }
  /// Renders file number `index` (0-based), handing the bytes to `write`.
  func render(_ file: FileAnalysis, index: Int, write: ([UInt8]) -> Void)
}

extension AnalysisRenderer {
  var prologue: [UInt8] { [] }
  var epilogue: [UInt8] { [] }
  var needsTimeline: Bool { false }

  /// The rendered bytes of one file.
  func bytes(of file: FileAnalysis, index: Int) -> [UInt8] {
    var result: [UInt8] = []
    render(file, index: index) { result.append(contentsOf: $0) }
    return result
  }
}

extension OutputFormat {
  /// The renderer of this format for `analyze`.
  ///
  /// - `wrapsInArray`: Whether JSON documents of several files go into one array.
  /// - `includeIntervals`: Whether JSON lists the interval rows.
  /// - `per`: `--per`: flat rows (NDJSON or CSV) instead of documents.
  /// - `layout`: The table's width and colours.
  /// - `sparklines`: Whether the table draws each track's bitrate and frame rate (a terminal).
  func renderer(
    wrapsInArray: Bool, includeIntervals: Bool, per: RowKind? = nil, layout: TableLayout = TableLayout(),
    sparklines: Bool = false
  ) -> any AnalysisRenderer {
    if let per, self == .ndjson || self == .csv { return RowsRenderer(kind: per, isCSV: self == .csv) }
    switch self {
    case .table: return TableRenderer(layout: layout, sparklines: sparklines)
    case .html: return HTMLRenderer()
    case .json: return JSONRenderer(wrapsInArray: wrapsInArray, includeIntervals: includeIntervals)
    case .ndjson: return JSONRenderer(wrapsInArray: false, includeIntervals: includeIntervals)
    case .csv: return CSVRenderer()
    }
  }
}

/// JSON (one document, or an array of documents) and NDJSON (one document per line).
struct JSONRenderer: AnalysisRenderer {
  var wrapsInArray: Bool
  var includeIntervals: Bool

  var prologue: [UInt8] { wrapsInArray ? [UInt8(ascii: "[")] : [] }
  var epilogue: [UInt8] { wrapsInArray ? Array("]\n".utf8) : [] }
  var needsTimeline: Bool { includeIntervals }

  func render(_ file: FileAnalysis, index: Int, write: ([UInt8]) -> Void) {
    withoutActuallyEscaping(write) { write in
      var writer = JSONWriter(flushingAt: 1 << 20, sink: write)
      if wrapsInArray && index > 0 { writer.raw(",") }
      AnalysisJSONEncoder(includeIntervals: includeIntervals).encode(file, into: &writer)
      writer.raw("\n")
      writer.flush()
    }
  }
}
