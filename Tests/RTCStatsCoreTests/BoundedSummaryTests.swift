import Testing

@testable import RTCStatsCore

/// The bounded summary store (issue 17): exact below ``DistributionBuilder/exactLimit`` values,
/// a sketch within 0.39 % above, the mean, minimum and maximum exact at any size.
@Suite struct BoundedSummaryTests {
  /// A deterministic stream of values: bitrate-like magnitudes over six decades, some zeros
  /// and some negatives.
  private func values(_ count: Int, seed: UInt64) -> [Double] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let unit = Double(state >> 11) / Double(1 << 53)
      switch state >> 60 {
      case 0: return 0
      case 1: return -unit * 1000
      default: return (1 + unit * 9) * Double([1, 10, 100, 1e3, 1e4, 1e5, 1e6][Int(state >> 40) % 7])
      }
    }
  }

  /// NumPy's `percentile` (linear between closest ranks), written out here.
  private func exactPercentile(_ k: Double, _ sorted: [Double]) -> Double {
    let rank = k / 100 * Double(sorted.count - 1)
    let lower = Int(rank)
    let upper = min(lower + 1, sorted.count - 1)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower))
  }

  @Test func belowTheLimitTheSummaryIsExact() throws {
    let sample = values(DistributionBuilder.exactLimit, seed: 7)
    let weights = sample.indices.map { Double($0 % 5) * 250 }
    var plain = DistributionBuilder(weighted: false)
    var weighted = DistributionBuilder(weighted: true)
    for (value, weight) in zip(sample, weights) {
      plain.add(value)
      weighted.add(value, weight: weight)
    }
    #expect(plain.exactValueCount == sample.count)
    #expect(plain.distribution == Distribution(values: sample))
    #expect(weighted.distribution == Distribution(values: sample, weights: weights))
  }

  @Test func aboveTheLimitPercentilesStayWithinTheBoundAndMemoryStaysBounded() throws {
    let sample = values(300_000, seed: 11)
    let weights = sample.indices.map { 900 + Double($0 % 7) * 50 }
    var builder = DistributionBuilder(weighted: true)
    for (value, weight) in zip(sample, weights) { builder.add(value, weight: weight) }
    #expect(builder.exactValueCount == 0)
    let sketch = try #require(builder.sketchBucketCount)
    #expect(sketch <= 2 * QuantileSketch.bucketLimit)
    let summary = try #require(builder.distribution)
    let sorted = sample.sorted()
    for (k, estimate) in [(50.0, summary.p50), (95.0, summary.p95)] {
      let exact = exactPercentile(k, sorted)
      #expect(abs(estimate - exact) <= abs(exact) / 256 + 1e-9, "p\(k): \(estimate) vs \(exact)")
    }
    #expect(summary.min == sorted.first && summary.max == sorted.last)
    var weightedSum = 0.0
    var weightTotal = 0.0
    for (value, weight) in zip(sample, weights) {
      weightedSum += value * weight
      weightTotal += weight
    }
    #expect(summary.mean == weightedSum / weightTotal)
  }

  @Test func mergedBuildersSpillTogether() throws {
    let first = values(30_000, seed: 3)
    let second = values(30_000, seed: 5)
    var left = DistributionBuilder(weighted: false)
    var right = DistributionBuilder(weighted: false)
    for value in first { left.add(value) }
    for value in second { right.add(value) }
    left.add(contentsOf: right)
    #expect(left.exactValueCount == 0)
    let summary = try #require(left.distribution)
    let sorted = (first + second).sorted()
    let exact = exactPercentile(95, sorted)
    #expect(abs(summary.p95 - exact) <= abs(exact) / 256 + 1e-9)
    #expect(summary.min == sorted.first && summary.max == sorted.last)
  }

  @Test func bucketsReadBackWithinHalfABucket() {
    for value in [1e-300, 0.001, 0.5, 1, 1.99999, 2, 3.14159, 1e6 + 1, 9.9e15, 1.7e308] {
      let midpoint = QuantileSketch.midpoint(of: QuantileSketch.index(of: value))
      #expect(abs(midpoint - value) <= value / 256, "\(value) read back as \(midpoint)")
    }
  }
}
