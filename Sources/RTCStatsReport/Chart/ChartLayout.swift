/// Where things go in a chart's SVG: a 1000-unit-wide viewBox (scaled to the page width by
/// CSS) with margins for the value labels on the left and the time labels below.
///
/// Every chart and band of a section uses the same width and horizontal margins, so their
/// time axes line up on the page.
struct ChartLayout: Sendable, Hashable {
  /// The viewBox width.
  static let width = 1000.0
  /// The plot's left edge (value labels sit to its left).
  static let left = 68.0
  /// The plot's right edge.
  static let right = 988.0
  /// The plot width in viewBox units: also the number of pixel buckets for thinning.
  static var plotWidth: Double { right - left }

  /// The viewBox height.
  let height: Double
  /// The plot's top edge.
  let top: Double
  /// The plot's bottom edge (time labels sit below it).
  let bottom: Double

  /// A time-series chart.
  static let chart = ChartLayout(height: 150, top: 10, bottom: 126)
  /// A band: a strip of runs with time labels below.
  static let band = ChartLayout(height: 50, top: 4, bottom: 28)

  /// The x of `time` on `axis`.
  static func x(_ time: Double, on axis: TimeAxis) -> Double {
    left + (time - axis.range.start) / axis.range.duration * plotWidth
  }

  /// The y of `value` on `axis`, clamped to the plot.
  func y(_ value: Double, on axis: ValueAxis) -> Double {
    let span = axis.high - axis.low
    let fraction = span > 0 ? (value - axis.low) / span : 0
    return bottom - max(0, min(1, fraction)) * (bottom - top)
  }
}
