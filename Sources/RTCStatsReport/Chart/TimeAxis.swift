/// The time axis shared by a section's charts: a wall-clock range and ticks at round call
/// times (`00:00`, `00:30`, `01:00`), labelled `mm:ss` from the range's start.
///
/// The step is the smallest of 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 20, 30 min, 1, 2, 3,
/// 6 h that puts at most ``maximumTicks`` ticks on the axis.
struct TimeAxis: Sendable, Hashable {
  /// The range shown; never empty (a single instant is widened to one second).
  let range: TimeRange
  /// The tick times, ms since the epoch.
  let ticks: [Double]
  /// The tick labels, one per tick.
  let labels: [String]

  /// Ticks that fit a 1000-unit-wide chart with `mm:ss` labels.
  static let maximumTicks = 10

  private static let stepsInSeconds: [Double] = [
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600,
  ]

  /// The axis over `range`.
  init(range: TimeRange) {
    let finite = range.start.isFinite && range.end.isFinite ? range : TimeRange(start: 0, end: 0)
    let shown = finite.duration > 0 ? finite : TimeRange(start: finite.start, end: finite.start + 1000)
    self.range = shown
    let duration = shown.duration
    var step = (TimeAxis.stepsInSeconds.last ?? 21600) * 1000
    for seconds in TimeAxis.stepsInSeconds where duration / (seconds * 1000) <= Double(TimeAxis.maximumTicks)
    {
      step = seconds * 1000
      break
    }
    // Past the largest step, grow it by whole multiples so the tick count stays bounded.
    while duration / step > Double(TimeAxis.maximumTicks) { step *= 2 }
    let count = Int((duration / step + 1e-9).rounded(.down))
    ticks = (0...count).map { shown.start + Double($0) * step }
    labels = (0...count).map { CallTime.format(milliseconds: Double($0) * step) }
  }
}
