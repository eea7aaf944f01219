/// The value axis of a chart: a domain ending on round numbers and its ticks, labelled with
/// the unit (`0`, `500 kbps`, `1 Mbps`, `1.5 Mbps`).
///
/// Ticks are 1, 2, 2.5 or 5 times a power of ten, about five over the domain. The domain
/// starts at zero unless values go below it (a chart of bitrates should show how far from
/// nothing it is), and ends at the first tick at or above the highest value.
///
/// Worked example: values up to 2.3 Mbps. The rough step is 2.3e6 / 4 = 575 000; the power
/// of ten below it is 100 000, and 575 000 / 100 000 = 5.75 rounds up to 10, so the step is
/// 1 Mbps and the ticks are 0, 1, 2, 3 Mbps.
struct ValueAxis: Sendable, Hashable {
  /// The value at the bottom of the plot.
  let low: Double
  /// The value at the top of the plot.
  let high: Double
  /// The tick values, bottom to top.
  let ticks: [Double]
  /// The tick labels, one per tick.
  let labels: [String]

  /// The axis for values between `dataLow` and `dataHigh` in `unit`.
  ///
  /// - `fixed`: A range to show as is instead (ticks still fall on round values).
  init(dataLow: Double, dataHigh: Double, unit: ValueUnit, fixed: ClosedRange<Double>? = nil) {
    var low = fixed?.lowerBound ?? min(0, dataLow)
    var high = fixed?.upperBound ?? max(0, dataHigh)
    if !(low.isFinite && high.isFinite) { (low, high) = (0, 1) }
    if high <= low { high = low + (low == 0 ? 1 : abs(low) * 0.1) }
    let step = ValueAxis.niceStep(for: (high - low) / 4)
    if fixed == nil {
      low = (low / step).rounded(.down) * step
      high = (high / step).rounded(.up) * step
    }
    self.low = low
    self.high = high
    var ticks: [Double] = []
    var multiple = (low / step).rounded(.up)
    // Bounded: with extreme values `multiple + 1` may not change a tick (precision).
    while ticks.count < 12 {
      let tick = multiple * step
      guard tick <= high + step * 1e-9 else { break }
      if ticks.last != tick { ticks.append(tick) }
      multiple += 1
    }
    self.ticks = ticks
    let format = ValueAxis.labelFormat(unit: unit, magnitude: max(abs(low), abs(high)), step: step)
    labels = ticks.map { format($0) }
  }

  /// 1, 2, 2.5 or 5 times a power of ten: the smallest such number at least `rough`.
  static func niceStep(for rough: Double) -> Double {
    guard rough.isFinite, rough > 0 else { return 1 }
    var power = 1.0
    while power * 10 <= rough { power *= 10 }
    while power > rough { power /= 10 }
    for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where factor * power >= rough * (1 - 1e-12) {
      let step = factor * power
      return step > 0 && step.isFinite ? step : 1
    }
    return 1
  }

  /// The decimal places that write every multiple of `step` exactly (at most six).
  static func decimals(for step: Double) -> Int {
    var scaled = abs(step)
    for places in 0...6 {
      if abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled) { return places }
      scaled *= 10
    }
    return 6
  }

  /// How ticks of an axis up to `magnitude` with this `step` are written.
  private static func labelFormat(
    unit: ValueUnit, magnitude: Double, step: Double
  ) -> @Sendable (Double) -> String {
    switch unit {
    case .bitsPerSecond:
      let scale = ValueUnit.bitrateScale(for: magnitude)
      let places = decimals(for: step / scale.divisor)
      return {
        $0 == 0 ? "0" : DecimalFormat.label($0 / scale.divisor, decimals: places) + " " + scale.suffix
      }
    case .milliseconds where magnitude >= 10_000:
      let places = decimals(for: step / 1000)
      return { $0 == 0 ? "0" : DecimalFormat.label($0 / 1000, decimals: places) + " s" }
    case .milliseconds, .percent, .framesPerSecond, .pixels:
      let places = decimals(for: step)
      let suffix = unit == .percent ? "%" : " " + unit.rawValue
      return { $0 == 0 ? "0" : DecimalFormat.label($0, decimals: places) + suffix }
    case .count, .ratio:
      let places = decimals(for: step)
      return { DecimalFormat.label($0, decimals: places) }
    }
  }
}
