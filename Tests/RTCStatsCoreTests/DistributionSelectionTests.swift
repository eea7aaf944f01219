import Testing

@testable import RTCStatsCore

/// A builder's summary, whose percentiles are selected rather than sorted, is bit for bit the
/// summary ``Distribution/init(values:weights:)`` computes by sorting the same values.
@Suite struct DistributionSelectionTests {
  /// The five figures' bit patterns: equal numbers of different zero signs differ.
  static func bits(_ distribution: Distribution?) -> [UInt64]? {
    distribution.map { [$0.mean, $0.p50, $0.p95, $0.min, $0.max].map(\.bitPattern) }
  }

  static func plain(_ values: [Double]) -> Distribution? {
    var builder = DistributionBuilder(weighted: false)
    for value in values { builder.add(value) }
    return builder.distribution
  }

  /// Values from a few numbers (many ties), both zeros, negatives and non-finite values.
  static func randomValues(count: Int, using generator: inout some RandomNumberGenerator) -> [Double] {
    let pool: [Double] = [0, -0.0, 1, -1, 2.5, 2.5, 1e9, -3e-7, .nan, .infinity, 42, 7]
    return (0..<count).map { _ in
      Bool.random(using: &generator)
        ? pool[Int.random(in: 0..<pool.count, using: &generator)]
        : Double.random(in: -1000...1000, using: &generator)
    }
  }

  @Test func plainSummariesAreThoseOfSorting() {
    var generator = SystemRandomNumberGenerator()
    for count in Array(1...300) + [1023, 4096, DistributionBuilder.exactLimit] {
      let values = Self.randomValues(count: count, using: &generator)
      #expect(Self.bits(Self.plain(values)) == Self.bits(Distribution(values: values)), "\(count) values")
    }
  }

  @Test func weightedSummariesAreThoseOfSorting() {
    var generator = SystemRandomNumberGenerator()
    for count in Array(1...200) + [5000] {
      let values = Self.randomValues(count: count, using: &generator)
      let weightPool: [Double] = [0, 1, 1000, 999.5, .infinity, -1]
      let weights = (0..<count).map { _ in weightPool[Int.random(in: 0..<weightPool.count, using: &generator)]
      }
      var builder = DistributionBuilder(weighted: true)
      for (value, weight) in zip(values, weights) { builder.add(value, weight: weight) }
      let sorted = Distribution(values: values, weights: weights)
      #expect(Self.bits(builder.distribution) == Self.bits(sorted), "\(count) values")
    }
  }

  /// Builders merged in order summarise the values one after the other.
  @Test func mergedPlainSummariesAreThoseOfTheValuesInOrder() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let parts = (0..<3).map { _ in Self.randomValues(count: Int.random(in: 0..<400), using: &generator) }
      var merged = DistributionBuilder(weighted: false)
      for part in parts {
        var builder = DistributionBuilder(weighted: false)
        for value in part { builder.add(value) }
        merged.add(contentsOf: builder)
      }
      #expect(Self.bits(merged.distribution) == Self.bits(Distribution(values: parts.flatMap { $0 })))
    }
  }

  /// Orders that defeat a median-of-three pivot or give no pivot choice at all are summarised
  /// exactly too (and in bounded time: a range that does not halve is sorted).
  @Test func adversarialOrders() {
    let count = DistributionBuilder.exactLimit
    let ascending = (0..<count).map(Double.init)
    var killer = [Double](repeating: 0, count: count)
    // Musser's median-of-3 killer sequence.
    let half = count / 2
    for index in 0..<half {
      killer[index] = Double(index % 2 == 0 ? index + 1 : half + index + (half % 2 == 0 ? 0 : 1))
      killer[half + index] = Double(2 * (index + 1))
    }
    let orders: [[Double]] = [
      ascending, ascending.reversed(), [Double](repeating: 5, count: count),
      (0..<count).map { Double(min($0, count - $0)) }, (0..<count).map { Double($0 % 3) }, killer,
    ]
    for values in orders {
      #expect(Self.bits(Self.plain(values)) == Self.bits(Distribution(values: values)))
    }
  }
}
