/// Computes call-level figures by the metrics' ``SummaryRule``s from the aggregates of a
/// track's (or a layer's) streams.
struct FigureSource {
  /// The streams' aggregates, in stream order.
  let aggregates: [StreamAggregate]
  /// Their totals, summed.
  let totals: SeriesTotals
  /// Per metric position, the merged interval figures of time-weighted metrics.
  let rates: [DistributionBuilder]?

  /// The figure of `metric` (at `position` in the registry) for streams of `direction`.
  func value(position: Int, metric: MetricDescriptor, direction: Direction) -> SummaryValue? {
    switch SummaryPlan.resolve(metric.summary, for: direction) {
    case .none, .perDirection:
      return nil
    case .timeWeighted(let fallback):
      if let distribution = rates?[position].distribution { return .distribution(distribution) }
      return fallback == nil ? nil : samples(position).map(SummaryValue.distribution)
    case .sampled:
      return samples(position).map(SummaryValue.distribution)
    case .total(let field, let scale, let integer):
      guard let sum = totals.sum(field) else { return nil }
      if integer { return Int(roundingTowardZero: (sum * scale).rounded()).map(SummaryValue.integer) }
      return .number(sum * scale)
    case .ratio(let numerator, let denominator, let scale):
      guard let top = totals.sum(numerator), let bottom = totals.sum(denominator), bottom > 0 else {
        return nil
      }
      return .number(top / bottom * scale)
    case .longestHeld(let field):
      guard let resolution = Self.longestHeld(aggregates) else { return nil }
      let value = field == .frameWidth ? resolution.width : resolution.height
      return Int(roundingTowardZero: value).map(SummaryValue.integer)
    case .custom(let compute):
      return compute(totals)
    }
  }

  private func samples(_ position: Int) -> Distribution? {
    guard aggregates.count > 1 else { return aggregates.first?.samples[position].distribution }
    var all = DistributionBuilder(weighted: false)
    for aggregate in aggregates { all.add(contentsOf: aggregate.samples[position]) }
    return all.distribution
  }

  /// The resolution held for the longest time over `aggregates` (ties: the larger), else the
  /// last one seen.
  static func longestHeld(_ aggregates: [StreamAggregate]) -> Resolution? {
    var time: [Resolution: Double] = [:]
    for aggregate in aggregates {
      for (resolution, duration) in aggregate.resolutionTime { time[resolution, default: 0] += duration }
    }
    let best = time.max { lhs, rhs in
      if lhs.value != rhs.value { return lhs.value < rhs.value }
      if lhs.key.height != rhs.key.height { return lhs.key.height < rhs.key.height }
      return lhs.key.width < rhs.key.width
    }
    return best?.key ?? aggregates.reversed().lazy.compactMap(\.lastResolution).first
  }
}
