/// A span of wall-clock time in ms since the Unix epoch, the unit of every time in the
/// report model.
///
/// A section's range is the shared time axis of its charts and band, and of its
/// subsections' unless they set their own; call times (`mm:ss`) count from ``start``.
public struct TimeRange: Sendable, Hashable {
  /// The start, ms since the epoch: call time 00:00.
  public var start: Double
  /// The end, ms since the epoch; not before ``start``.
  public var end: Double

  /// Creates a range; the ends are swapped when given the wrong way round.
  public init(start: Double, end: Double) {
    self.start = min(start, end)
    self.end = max(start, end)
  }

  /// The length in ms.
  public var duration: Double { end - start }

  /// The smallest range holding both.
  public func union(_ other: TimeRange) -> TimeRange {
    TimeRange(start: min(start, other.start), end: max(end, other.end))
  }

  /// The smallest range holding every finite time, or `nil` when there is none.
  static func enclosing(_ times: some Sequence<Double>) -> TimeRange? {
    var low = Double.infinity
    var high = -Double.infinity
    for time in times where time.isFinite {
      low = min(low, time)
      high = max(high, time)
    }
    return low <= high ? TimeRange(start: low, end: high) : nil
  }
}
