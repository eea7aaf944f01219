extension Distribution {
  /// The summary of finite `values` in arrival order, whose extremes and time-weighted mean
  /// were formed as they came: what ``init(values:weights:)`` gives for them, with the
  /// percentiles found by selection instead of sorting.
  ///
  /// - `values`: The samples, finite, in arrival order (not empty).
  /// - `minimum`, `maximum`: Their extremes, as `Swift.min` and `Swift.max` fold them in
  ///   arrival order: the first and the last of the values a stable sort puts at either end.
  /// - `mean`: The time-weighted mean.
  ///
  /// The percentiles interpolate the same two order statistics by the same expression as
  /// ``percentile(_:ofSorted:)``, so they are the same numbers: ranks that hold equal values
  /// hold the same number, and a zero's sign cannot reach the result (`a + (b − a)·f` is +0
  /// for any signs of zero `a ≤ b`).
  ///
  /// - Complexity: O(*n*) expected (quickselect, median of three), O(*n* log *n*) at worst: a
  ///   range that is not halving is sorted instead.
  init(selectingFrom values: [Double], minimum: Double, maximum: Double, mean: Double) {
    precondition(!values.isEmpty, "a distribution of no values")
    var work = values
    let last = work.count - 1
    let high = Self.ranks(95, count: work.count)
    let low = Self.ranks(50, count: work.count)
    let (p95Lower, p95Upper) = work.withUnsafeMutableBufferPointer { buffer in
      Self.select(high.lower, in: buffer, range: 0..<buffer.count)
      let upper =
        high.upper == high.lower ? buffer[high.lower] : Self.smallest(buffer, from: high.lower + 1, to: last)
      return (buffer[high.lower], upper)
    }
    let (p50Lower, p50Upper) = work.withUnsafeMutableBufferPointer { buffer in
      // The `high.lower + 1` smallest values are in front: rank `low.lower` is among them.
      Self.select(low.lower, in: buffer, range: 0..<(high.lower + 1))
      let upper: Double
      if low.upper == low.lower {
        upper = buffer[low.lower]
      } else if low.upper <= high.lower {
        upper = Self.smallest(buffer, from: low.lower + 1, to: high.lower)
      } else {
        upper = p95Upper
      }
      return (buffer[low.lower], upper)
    }
    self.init(
      mean: mean, p50: Self.interpolate(p50Lower, p50Upper, fraction: low.fraction),
      p95: Self.interpolate(p95Lower, p95Upper, fraction: high.fraction), min: minimum, max: maximum)
  }

  /// The two ranks ``percentile(_:ofSorted:)`` reads for the `k`-th percentile of `count`
  /// values, and the fraction between them.
  private static func ranks(_ k: Double, count: Int) -> (lower: Int, upper: Int, fraction: Double) {
    let rank = k / 100 * Double(count - 1)
    let lower = Int(rank.rounded(.down))
    return (lower, Swift.min(lower + 1, count - 1), rank - Double(lower))
  }

  /// ``percentile(_:ofSorted:)``'s interpolation between the values at its two ranks.
  private static func interpolate(_ lower: Double, _ upper: Double, fraction: Double) -> Double {
    lower + (upper - lower) * fraction
  }

  /// The smallest value of `buffer[from...to]`.
  private static func smallest(_ buffer: UnsafeMutableBufferPointer<Double>, from: Int, to: Int) -> Double {
    var result = buffer[from]
    for index in (from + 1)..<(to + 1) where buffer[index] < result { result = buffer[index] }
    return result
  }

  /// Moves the value of rank `k` of `buffer[range]` to `buffer[k]`, the smaller values before
  /// it and the larger after it (equal ones on either side).
  private static func select(_ k: Int, in buffer: UnsafeMutableBufferPointer<Double>, range: Range<Int>) {
    var lower = range.lowerBound
    var upper = range.upperBound - 1
    var budget = 2 * (Int.bitWidth - range.count.leadingZeroBitCount) + 4
    while upper - lower > 16 {
      if budget == 0 { return sortRange(buffer, lower, upper) }
      budget -= 1
      let (left, right) = partition(buffer, lower, upper)
      if k <= left {
        upper = left
      } else if k >= right {
        lower = right
      } else {
        return  // between the two halves: every value there equals the pivot
      }
    }
    if lower < upper { sortRange(buffer, lower, upper) }
  }

  /// Sorts `buffer[lower...upper]` in place.
  private static func sortRange(_ buffer: UnsafeMutableBufferPointer<Double>, _ lower: Int, _ upper: Int) {
    var range = UnsafeMutableBufferPointer(rebasing: buffer[lower...upper])
    range.sort()
  }

  /// Hoare's partition of `buffer[lower...upper]` around the median of its first, middle and
  /// last values: afterwards every value at or before `left` is at most the pivot, every value
  /// at or after `right` at least it, and those between equal it.
  private static func partition(
    _ buffer: UnsafeMutableBufferPointer<Double>, _ lower: Int, _ upper: Int
  ) -> (left: Int, right: Int) {
    let middle = lower + (upper - lower) / 2
    let first = buffer[lower]
    let centre = buffer[middle]
    let end = buffer[upper]
    let pivot = Swift.max(Swift.min(first, centre), Swift.min(Swift.max(first, centre), end))
    var left = lower
    var right = upper
    while left <= right {
      while buffer[left] < pivot { left += 1 }
      while pivot < buffer[right] { right -= 1 }
      if left <= right {
        buffer.swapAt(left, right)
        left += 1
        right -= 1
      }
    }
    return (right, left)
  }
}
