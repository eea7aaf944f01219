/// A bounded summary of many values from which percentiles are read with a known relative
/// error: a histogram whose buckets split every power of two into ``subBuckets`` equal parts.
///
/// ``DistributionBuilder`` keeps values exactly up to ``DistributionBuilder/exactLimit`` and
/// only then moves them here, so that a summary takes bounded memory however long the call.
///
/// **Error bound.** A value `v` falls in the bucket `[2ᵉ·(1 + j/m), 2ᵉ·(1 + (j+1)/m))` (m =
/// ``subBuckets``) and is read back as the bucket's midpoint, which is within `1/(2m)` of `v`
/// relatively (0.39 % for m = 128). An order statistic is therefore within 0.39 % of the exact
/// one, and so is a percentile interpolated between two of them (both have the same sign, or
/// the zero between them is exact). Zero is exact; magnitudes below 2⁻¹⁰²² count as zero.
/// When one sign's values span more than ``bucketLimit`` buckets (more than 64 powers of two)
/// the smallest buckets are merged into the lowest kept one, and only percentiles above those
/// merged values keep the bound.
///
/// Memory: at most ``bucketLimit`` counts per sign, typically a few hundred.
struct QuantileSketch: Sendable, Equatable {
  /// Equal parts each power of two is split into.
  static let subBuckets = 128
  /// The most buckets kept per sign.
  static let bucketLimit = 64 * subBuckets

  /// One sign's counts, by bucket index from `first`.
  struct Store: Sendable, Equatable {
    var first = 0
    var counts: [Int] = []

    mutating func add(index: Int, count: Int = 1) {
      if counts.isEmpty {
        first = index
        counts = [count]
        return
      }
      if index < first {
        let lowest = Swift.max(index, first + counts.count - QuantileSketch.bucketLimit)
        counts.insert(contentsOf: repeatElement(0, count: first - lowest), at: 0)
        first = lowest
        counts[Swift.max(index, lowest) - first] += count
      } else if index >= first + counts.count {
        counts.append(contentsOf: repeatElement(0, count: index - first - counts.count + 1))
        counts[index - first] += count
        let excess = counts.count - QuantileSketch.bucketLimit
        if excess > 0 {
          // Merge the smallest buckets into the lowest one kept.
          let merged = counts[0..<(excess + 1)].reduce(0, +)
          counts.removeFirst(excess)
          counts[0] = merged
          first += excess
        }
      } else {
        counts[index - first] += count
      }
    }
  }

  private(set) var negative = Store()
  private(set) var zeroCount = 0
  private(set) var positive = Store()
  /// Values added.
  private(set) var count = 0

  /// Buckets held, both signs.
  var bucketCount: Int { negative.counts.count + positive.counts.count }

  /// Adds a finite value.
  mutating func add(_ value: Double) {
    count += 1
    let magnitude = Swift.abs(value)
    guard magnitude >= Double.leastNormalMagnitude else {
      zeroCount += 1
      return
    }
    if value > 0 {
      positive.add(index: Self.index(of: magnitude))
    } else {
      negative.add(index: Self.index(of: magnitude))
    }
  }

  /// Adds every value of `other`.
  mutating func add(contentsOf other: QuantileSketch) {
    count += other.count
    zeroCount += other.zeroCount
    for (offset, value) in other.positive.counts.enumerated() where value > 0 {
      positive.add(index: other.positive.first + offset, count: value)
    }
    for (offset, value) in other.negative.counts.enumerated() where value > 0 {
      negative.add(index: other.negative.first + offset, count: value)
    }
  }

  /// The bucket of a positive normal magnitude.
  static func index(of magnitude: Double) -> Int {
    let part = Int((magnitude.significand - 1) * Double(subBuckets))
    return Int(magnitude.exponent) * subBuckets + Swift.min(part, subBuckets - 1)
  }

  /// The midpoint of bucket `index`.
  static func midpoint(of index: Int) -> Double {
    let exponent = index >= 0 ? index / subBuckets : -((-index + subBuckets - 1) / subBuckets)
    let part = index - exponent * subBuckets
    let significand = 1 + (Double(part) + 0.5) / Double(subBuckets)
    return Double(sign: .plus, exponent: exponent, significand: significand)
  }

  /// The value of rank `rank` (0-based, ascending) read back from the buckets.
  func orderStatistic(_ rank: Int) -> Double {
    var remaining = rank
    for offset in negative.counts.indices.reversed() {
      let bucketCount = negative.counts[offset]
      if remaining < bucketCount { return -Self.midpoint(of: negative.first + offset) }
      remaining -= bucketCount
    }
    if remaining < zeroCount { return 0 }
    remaining -= zeroCount
    for offset in positive.counts.indices {
      let bucketCount = positive.counts[offset]
      if remaining < bucketCount { return Self.midpoint(of: positive.first + offset) }
      remaining -= bucketCount
    }
    return positive.counts.isEmpty ? 0 : Self.midpoint(of: positive.first + positive.counts.count - 1)
  }

  /// The `k`-th percentile by linear interpolation between closest ranks, as
  /// ``Distribution/percentile(_:ofSorted:)`` reads it from sorted values.
  func percentile(_ k: Double) -> Double {
    precondition(count > 0, "percentile of no values")
    let rank = k / 100 * Double(count - 1)
    let lower = Int(rank.rounded(.down))
    let upper = Swift.min(lower + 1, count - 1)
    let fraction = rank - Double(lower)
    let low = orderStatistic(lower)
    let high = upper == lower ? low : orderStatistic(upper)
    return low + (high - low) * fraction
  }
}
