/// Collects the values of a figure over a call and summarises them as a ``Distribution``.
///
/// Up to ``exactLimit`` values are kept exactly and summarised exactly, as
/// ``Distribution/init(values:weights:)`` does; beyond that they move into a
/// ``QuantileSketch`` and memory stays bounded: the mean, minimum and maximum stay exact (running
/// sums in arrival order), the percentiles are read from the sketch within its relative error
/// (0.39 %). Unknown values (NaN, ±∞) are ignored.
struct DistributionBuilder: Sendable, Equatable {
  /// The most values kept exactly: 32,768 (9 hours of one poll a second).
  static let exactLimit = 1 << 15

  private var values: [Double] = []
  private var sketch: QuantileSketch?
  private let isWeighted: Bool
  /// Values added, their plain sum, extremes, and (weighted) Σ value·weight and Σ weight over the
  /// weights that are finite and positive: the sums `Distribution(values:weights:)` forms, in
  /// the same order.
  private var count = 0
  private var sum = 0.0
  private var weightedSum = 0.0
  private var weightTotal = 0.0
  private var minimum = Double.infinity
  private var maximum = -Double.infinity

  /// A builder for a time-weighted (`weighted`) or plain mean.
  init(weighted: Bool) {
    isWeighted = weighted
  }

  /// Whether no value was added.
  var isEmpty: Bool { count == 0 }

  /// Adds a value with its weight (an interval's length; ignored for a plain mean).
  mutating func add(_ value: Double?, weight: Double = 1) {
    guard let value, value.isFinite else { return }
    count += 1
    sum += value
    minimum = Swift.min(minimum, value)
    maximum = Swift.max(maximum, value)
    if isWeighted, weight.isFinite, weight > 0 {
      weightedSum += value * weight
      weightTotal += weight
    }
    if sketch != nil {
      sketch?.add(value)
    } else {
      values.append(value)
      if values.count > Self.exactLimit { spill() }
    }
  }

  /// Adds every value of `other`, in order (plain means: the sums of a weighted `other` are
  /// added as totals).
  mutating func add(contentsOf other: DistributionBuilder) {
    guard !other.isEmpty else { return }
    count += other.count
    sum += other.sum
    weightedSum += other.weightedSum
    weightTotal += other.weightTotal
    minimum = Swift.min(minimum, other.minimum)
    maximum = Swift.max(maximum, other.maximum)
    if sketch == nil, other.sketch == nil, values.count + other.values.count <= Self.exactLimit {
      values.append(contentsOf: other.values)
      return
    }
    spill()
    for value in other.values { sketch?.add(value) }
    if let more = other.sketch { sketch?.add(contentsOf: more) }
  }

  /// Moves the exact values into the sketch.
  private mutating func spill() {
    if sketch == nil { sketch = QuantileSketch() }
    for value in values { sketch?.add(value) }
    values = []
  }

  /// The summary, or `nil` when no value was added.
  var distribution: Distribution? {
    guard count > 0 else { return nil }
    guard let sketch else {
      // What `Distribution(values:weights:)` gives, without sorting: the plain mean sums the
      // values in arrival order as it does; only a weighted mean without weights sums them
      // sorted.
      guard isWeighted else {
        let mean = values.reduce(0, +) / Double(values.count)
        return Distribution(selectingFrom: values, minimum: minimum, maximum: maximum, mean: mean)
      }
      guard weightTotal > 0 else {
        return Distribution(sortedValues: values.sorted(), weightedSum: weightedSum, weightTotal: weightTotal)
      }
      return Distribution(
        selectingFrom: values, minimum: minimum, maximum: maximum, mean: weightedSum / weightTotal)
    }
    let mean = isWeighted && weightTotal > 0 ? weightedSum / weightTotal : sum / Double(count)
    return Distribution(
      mean: mean,
      p50: Swift.min(Swift.max(sketch.percentile(50), minimum), maximum),
      p95: Swift.min(Swift.max(sketch.percentile(95), minimum), maximum),
      min: minimum, max: maximum)
  }
}

extension Distribution {
  /// The summary of ascending `sorted` values whose weighted sums were formed as they came:
  /// what ``init(values:weights:)`` gives for them.
  init(sortedValues sorted: [Double], weightedSum: Double, weightTotal: Double) {
    let mean = weightTotal > 0 ? weightedSum / weightTotal : sorted.reduce(0, +) / Double(sorted.count)
    self.init(
      mean: mean, p50: Self.percentile(50, ofSorted: sorted), p95: Self.percentile(95, ofSorted: sorted),
      min: sorted[0], max: sorted[sorted.count - 1])
  }
}

extension DistributionBuilder {
  /// The values kept exactly (0 once they moved into the sketch).
  var exactValueCount: Int { values.count }
  /// The buckets the sketch holds, or `nil` while every value is kept exactly.
  var sketchBucketCount: Int? { sketch.map { $0.bucketCount } }
}
