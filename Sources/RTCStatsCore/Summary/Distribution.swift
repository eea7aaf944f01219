/// The summary of a figure that varies over a call: `{mean, p50, p95, min, max}`.
///
/// - `mean` is time-weighted when the values are rates over intervals of different length
///   (then it equals Σ(value·Δt)/ΣΔt, which for a bitrate is total bits over total time), and
///   the plain average for sampled gauges such as RTT or jitter.
/// - `p50`/`p95` are percentiles of the values by linear interpolation between closest
///   ranks (NumPy's default): for sorted values v₀…vₙ₋₁, pₖ = v at rank k/100·(n−1).
public struct Distribution: Sendable, Equatable {
  /// The mean (time-weighted for rates, plain for gauges).
  public var mean: Double
  /// The median (50th percentile, linear interpolation between closest ranks).
  public var p50: Double
  /// The 95th percentile (linear interpolation between closest ranks).
  public var p95: Double
  /// The smallest value.
  public var min: Double
  /// The largest value.
  public var max: Double

  /// A distribution with the given figures.
  public init(mean: Double, p50: Double, p95: Double, min: Double, max: Double) {
    self.mean = mean
    self.p50 = p50
    self.p95 = p95
    self.min = min
    self.max = max
  }

  /// Summarises `values`, weighting the mean by `weights` when given.
  ///
  /// - `values`: The samples; non-finite values are ignored.
  /// - `weights`: One weight per value (e.g. interval durations), or `nil` for a plain mean.
  /// - Returns: `nil` when there is no finite value.
  /// - Complexity: O(*n* log *n*).
  public init?(values: [Double], weights: [Double]? = nil) {
    var sorted: [Double] = []
    sorted.reserveCapacity(values.count)
    var weightedSum = 0.0
    var weightTotal = 0.0
    for (offset, value) in values.enumerated() where value.isFinite {
      sorted.append(value)
      let weight = weights.map { $0[offset] } ?? 1
      if weight.isFinite && weight > 0 {
        weightedSum += value * weight
        weightTotal += weight
      }
    }
    guard !sorted.isEmpty else { return nil }
    sorted.sort()
    let mean: Double
    if weightTotal > 0 {
      mean = weightedSum / weightTotal
    } else {
      mean = sorted.reduce(0, +) / Double(sorted.count)
    }
    self.init(
      mean: mean,
      p50: Self.percentile(50, ofSorted: sorted),
      p95: Self.percentile(95, ofSorted: sorted),
      min: sorted[0],
      max: sorted[sorted.count - 1])
  }

  /// The `k`-th percentile of ascending `sorted` by linear interpolation between closest ranks.
  public static func percentile(_ k: Double, ofSorted sorted: [Double]) -> Double {
    precondition(!sorted.isEmpty, "percentile of no values")
    let rank = k / 100 * Double(sorted.count - 1)
    let lower = Int(rank.rounded(.down))
    let upper = Swift.min(lower + 1, sorted.count - 1)
    let fraction = rank - Double(lower)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
  }
}
