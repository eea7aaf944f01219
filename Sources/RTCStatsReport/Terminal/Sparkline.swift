/// A compact terminal chart of a series in Unicode blocks, `▁▂▃▄▅▆▇█`, always ``width``
/// characters wide; a gap is a space.
///
/// **Bucketing.** Column *i* of *w* covers the values with index in [*i*·*n*/*w*,
/// (*i*+1)·*n*/*w*) — or, for timed points, the times in the *i*-th *w*-th of the range —
/// and shows the mean of its finite values; a column with none is a space. With fewer
/// values than columns, each value covers the columns whose start falls on it, so a short
/// series is stretched, never invented.
///
/// **Levels.** The range runs from the lower of 0 and the lowest mean to the highest mean
/// (or `range` when given): the bottom maps to `▁`, the top to `█`, linearly in eight steps.
/// A flat series at zero is all `▁`; a flat positive series all `█`.
///
/// ```swift
/// Sparkline(width: 8).render([0, 1, 2, 3, nil, 5, 6, 7])   // "▁▂▃▄ ▆▇█"
/// ```
public struct Sparkline: Sendable, Hashable {
  /// The eight block characters, lowest first.
  public static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The number of characters every rendering has.
  public var width: Int
  /// The value range mapped onto the blocks; `nil` means 0 (or the lowest value) … highest.
  public var range: ClosedRange<Double>?

  /// Creates a sparkline `width` characters wide (at least 1).
  public init(width: Int, range: ClosedRange<Double>? = nil) {
    self.width = max(1, width)
    self.range = range
  }

  /// `values` in ``width`` characters; `nil` and non-finite values are gaps.
  public func render(_ values: [Double?]) -> String {
    let count = values.count
    guard count > 0 else { return String(repeating: " ", count: width) }
    let columns = (0..<width).map { column -> Double? in
      let first = column * count / width
      let end = max(first + 1, (column + 1) * count / width)
      return Sparkline.mean(values[first..<min(end, count)])
    }
    return draw(columns)
  }

  /// Timed `points` over `timeRange` in ``width`` characters; points outside the range are
  /// left out, and a stretch of time without a value is a gap.
  public func render(_ points: [SeriesPoint], over timeRange: TimeRange) -> String {
    var sums = [Double](repeating: 0, count: width)
    var counts = [Int](repeating: 0, count: width)
    let duration = timeRange.duration
    for point in points {
      guard let value = point.value, value.isFinite, point.time.isFinite,
        point.time >= timeRange.start, point.time <= timeRange.end
      else { continue }
      let position = duration > 0 ? (point.time - timeRange.start) / duration * Double(width) : 0
      let column = position.isNaN ? 0 : Int(max(0, min(Double(width - 1), position.rounded(.down))))
      sums[column] += value
      counts[column] += 1
    }
    return draw((0..<width).map { counts[$0] > 0 ? sums[$0] / Double(counts[$0]) : nil })
  }

  private func draw(_ columns: [Double?]) -> String {
    let finite = columns.compactMap { $0 }
    guard let highest = finite.max(), let lowest = finite.min() else {
      return String(repeating: " ", count: width)
    }
    let low = range?.lowerBound ?? min(0, lowest)
    let high = range?.upperBound ?? highest
    let top = Double(Sparkline.blocks.count - 1)
    var text = ""
    for column in columns {
      guard let value = column else {
        text.append(" ")
        continue
      }
      let fraction = high > low ? (value - low) / (high - low) : (value > 0 ? 1 : 0)
      // Infinite sums (absurd values) give NaN: draw those at the top rather than fail.
      let clamped = fraction.isNaN ? 1 : max(0, min(1, fraction))
      let level = Int((clamped * top).rounded())
      text.append(Sparkline.blocks[level])
    }
    return text
  }

  private static func mean(_ values: ArraySlice<Double?>) -> Double? {
    var sum = 0.0
    var count = 0
    for case let value? in values where value.isFinite {
      sum += value
      count += 1
    }
    return count > 0 ? sum / Double(count) : nil
  }
}
