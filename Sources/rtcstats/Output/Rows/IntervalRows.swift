import RTCStatsCore

/// The `interval` rows of `analyze --per interval`.
///
/// One per track and interval, with every interval metric of the registry as a column (`null` when
/// unknown for the interval). Counts are changes over the interval (deltas), as in the JSON
/// interval series.
enum IntervalRows {
  /// A row of no interval: every column, with the type of its values.
  static var template: FlatRow {
    var row = FlatRow(kind: "interval", path: "", format: nil, peerConnection: nil)
    for name in ["direction", "kind", "trackIdentifier"] { row.append(name, .string(nil)) }
    row.append("ssrc", .integer(nil))
    row.append("time", .number(nil))
    row.append("duration", .number(nil))
    for metric in MetricRegistry.intervalMetrics {
      row.append(metric.name, metric.unit == .reason ? .string(nil) : .number(nil))
    }
    return row
  }

  private static let reasonIndex = MetricRegistry.intervalMetrics.firstIndex { $0.unit == .reason } ?? -1

  /// Every interval row of the file, track by track.
  static func rows(_ path: String, _ success: FileAnalysis.Success) -> [FlatRow] {
    var rows: [FlatRow] = []
    for connection in success.analysis.peerConnections {
      for track in connection.tracks {
        for interval in connection.timeline.intervals(of: track.id) {
          var row = FlatRow(
            kind: "interval", path: path, format: success.source.format, peerConnection: connection.id)
          row.append("direction", .string(track.direction.rawValue))
          row.append("kind", .string(track.kind.rawValue))
          row.append("trackIdentifier", .string(track.trackIdentifier))
          row.append("ssrc", .integer(track.ssrc.map { Int($0) }))
          row.append("time", .number(interval.time))
          row.append("duration", .number(interval.duration))
          for (index, metric) in MetricRegistry.intervalMetrics.enumerated() {
            let figure = interval.value(at: index)
            if index == reasonIndex {
              let reasons = QualityLimitationReason.allCases
              let reason = figure.map { Int($0) }.flatMap { reasons.indices.contains($0) ? reasons[$0] : nil }
              row.append(metric.name, .string(reason?.rawValue))
            } else {
              row.append(metric.name, .number(figure))
            }
          }
          rows.append(row)
        }
      }
    }
    return rows
  }
}
