/// A stretch of intervals in which a rule's figure stayed past its threshold: what a finding
/// reports.
public struct Episode: Sendable, Hashable {
  /// Start of the first interval at `alertOn`, ms since the epoch.
  public var start: Double
  /// End of the last interval at or past `alertOff`, ms since the epoch.
  public var end: Double
  /// The worst value seen (highest, or lowest when lower is worse).
  public var peak: Double
  /// Sum of the values of the intervals counted, for ``mean``.
  public var sum: Double
  /// Intervals counted (at or past `alertOff`).
  public var intervals: Int

  /// The mean of the counted values.
  public var mean: Double { intervals > 0 ? sum / Double(intervals) : peak }
  /// `end − start`, ms.
  public var duration: Double { end - start }

  /// An episode of one interval.
  init(start: Double, end: Double, value: Double) {
    self.start = start
    self.end = end
    peak = value
    sum = value
    intervals = 1
  }
}

/// What one interval did to an ``EpisodeDetector``.
public enum EpisodeChange: Sendable, Hashable {
  /// Nothing changed.
  case none
  /// An episode was raised at this interval (its start may lie up to `window` intervals back).
  case started(Episode)
  /// The open episode was extended by this interval.
  case continued
  /// The open episode was cleared at this interval.
  case ended(Episode)
}
