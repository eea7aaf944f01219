/// Collects the values of a figure over a call and summarises them as a ``Distribution``.
///
/// Values are kept exactly (the percentiles need them); unknown values (NaN) are ignored.
struct DistributionBuilder: Sendable, Equatable {
  private var values: [Double] = []
  private var weights: [Double] = []
  private let isWeighted: Bool

  /// A builder for a time-weighted (`weighted`) or plain mean.
  init(weighted: Bool) {
    isWeighted = weighted
  }

  /// Whether no value was added.
  var isEmpty: Bool { values.isEmpty }

  /// Adds a value with its weight (an interval's length; ignored for a plain mean).
  mutating func add(_ value: Double?, weight: Double = 1) {
    guard let value, value.isFinite else { return }
    values.append(value)
    if isWeighted { weights.append(weight) }
  }

  /// Adds every value of `other`, in order.
  mutating func add(contentsOf other: DistributionBuilder) {
    values.append(contentsOf: other.values)
    if isWeighted { weights.append(contentsOf: other.weights) }
  }

  /// The summary, or `nil` when no value was added.
  var distribution: Distribution? {
    Distribution(values: values, weights: isWeighted ? weights : nil)
  }
}
