import RTCStatsCore
import RTCStatsFormats

/// One CSV row per track (RFC 4180 quoting), for spreadsheets and batch comparisons.
///
/// A file that failed is one row with its `error`; a file that is not a dump (skipped) has
/// none.
/// Figures are means over the call, in the units of the JSON output; the metric columns are
/// the registry's metrics marked ``MetricDescriptor/isCSVColumn``, in registry order.
struct CSVRenderer: AnalysisRenderer {
  static let metrics = MetricRegistry.metrics.filter(\.isCSVColumn)

  static let columns =
    ["path", "format", "peerConnection", "direction", "kind", "codec", "ssrc"] + metrics.map(\.name)
    + ["qualityLimitationReason", "layers", "error"]

  static var header: String { columns.joined(separator: ",") + "\n" }

  var prologue: [UInt8] { Array(Self.header.utf8) }

  func render(_ file: FileAnalysis, index: Int, write: ([UInt8]) -> Void) {
    write(Array(rows(for: file).utf8))
  }

  func rows(for file: FileAnalysis) -> String {
    switch file.outcome {
    case .failure(let error) where error.isNotADump:
      return ""
    case .failure(let error):
      var cells = Array(repeating: "", count: Self.columns.count)
      cells[0] = file.path
      cells[cells.count - 1] = error.description
      return line(cells)
    case .success(let success):
      var text = ""
      for connection in success.analysis.peerConnections {
        for track in connection.tracks {
          let identity: [String] = [
            file.path, success.source.format, connection.id, track.direction.rawValue,
            track.kind.rawValue, track.codec ?? "", track.ssrc.map { String($0) } ?? "",
          ]
          let figures = Self.metrics.map { cell(track[$0]) }
          let tail = [track.qualityLimitation?.reason.rawValue ?? "", String(track.layers.count), ""]
          text += line(identity + figures + tail)
        }
      }
      return text
    }
  }

  /// A figure as a cell: a distribution's mean, a count, a number (3 decimals), or empty.
  private func cell(_ value: SummaryValue?) -> String {
    switch value {
    case .distribution(let distribution): JSONWriter.format(distribution.mean, fractionDigits: 3)
    case .integer(let count): String(count)
    case .number(let number): JSONWriter.format(number, fractionDigits: 3)
    case nil: ""
    }
  }

  private func line(_ cells: [String]) -> String { CSVText.line(cells) }
}
