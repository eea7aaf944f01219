/// A per-sample value a summary collects: a row field scaled to the metric's unit.
public struct SampledSource: Sendable, Hashable {
  /// The field read from every row of the track's streams.
  public var field: RowField
  /// Multiplier to the metric's unit (1000 for seconds → ms).
  public var scale: Double
  /// Only rows that took a new receiver report count (outbound RTT and jitter: one value per
  /// RTCP report, not per poll).
  public var receiverReportsOnly: Bool
  /// Only values above zero count (an RTT of 0 means "not measured").
  public var positiveOnly: Bool

  /// Creates a source.
  public init(
    _ field: RowField, scale: Double = 1, receiverReportsOnly: Bool = false, positiveOnly: Bool = false
  ) {
    self.field = field
    self.scale = scale
    self.receiverReportsOnly = receiverReportsOnly
    self.positiveOnly = positiveOnly
  }

  /// The row's value, or `nil` when the row does not count.
  func value(in row: StreamRow) -> Double? {
    if receiverReportsOnly && !row.tookReceiverReport { return nil }
    guard let value = row[field] else { return nil }
    if positiveOnly && !(value > 0) { return nil }
    return value * scale
  }
}

/// How a metric's call-level figure is computed from the rows of a track (or layer).
public indirect enum SummaryRule: Sendable {
  /// No call-level figure (interval-only metrics).
  case none
  /// `{mean, p50, p95, min, max}` of the interval figures, the mean weighted by interval
  /// length (a mean bitrate is total bits over total time); when no interval has a figure,
  /// the plain distribution of `fallback`'s samples.
  case timeWeighted(fallback: SampledSource?)
  /// `{mean, p50, p95, min, max}` of the samples, plain mean.
  case sampled(SampledSource)
  /// The sum of a counter over the call: the last value of every segment of every stream,
  /// times `scale`; `integer` rounds to a count.
  case total(RowField, scale: Double, integer: Bool)
  /// `Σ numerator / Σ denominator · scale` over the call, `nil` when the denominator is not
  /// positive (concealment: concealed / received samples · 100).
  case ratio(RowField, RowField, scale: Double)
  /// The frame width (or height) held for the longest time.
  case longestHeld(RowField)
  /// Different rules for received and sent tracks.
  case perDirection(inbound: SummaryRule, outbound: SummaryRule)
  /// A figure computed from the totals by code (outbound loss with its fallbacks).
  case custom(@Sendable (SeriesTotals) -> SummaryValue?)
}

/// A call-level figure.
public enum SummaryValue: Sendable, Equatable {
  /// A distribution over the call.
  case distribution(Distribution)
  /// A count.
  case integer(Int)
  /// A number in the metric's unit.
  case number(Double)

  /// The distribution, when this is one.
  public var distribution: Distribution? {
    if case .distribution(let value) = self { return value }
    return nil
  }

  /// The count, when this is one.
  public var integer: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The number (a count as a number too).
  public var number: Double? {
    switch self {
    case .number(let value): value
    case .integer(let value): Double(value)
    case .distribution: nil
    }
  }
}
