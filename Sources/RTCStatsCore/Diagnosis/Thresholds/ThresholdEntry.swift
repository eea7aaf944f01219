/// One named figure of a ``ThresholdEntry``: a bound, a count of intervals, a ratio.
public struct ThresholdValue: Sendable, Hashable {
  /// The name used in `--thresholds` files and in `explain` (`alertOn`, `minIntervals`, …).
  public var name: String
  /// The value, in the unit ``meaning`` states.
  public var value: Double
  /// What the value means, with its unit, as `explain` prints it.
  public var meaning: String

  /// Creates a value.
  public init(_ name: String, _ value: Double, _ meaning: String) {
    self.name = name
    self.value = value
    self.meaning = meaning
  }
}

/// The thresholds of one rule or one grading ladder, as an ordered list of named values.
///
/// Rules name theirs `alertOn` (the value that raises an episode), `alertOff` (the value below
/// which — or above which, for figures where lower is worse — it clears), `minIntervals` (how
/// many intervals of the last `window` must be at `alertOn` to raise), `window` and
/// `clearIntervals` (consecutive intervals past `alertOff` that end an episode), plus their
/// own (`minPackets`, `critical`, …). Grading ladders name the bound of each grade (`good`,
/// `fair`, `warning`, `critical`).
public struct ThresholdEntry: Sendable, Hashable {
  /// The rule code or ladder name (`highPacketLoss`, `condition.videoLoss`).
  public let key: String
  /// The values in documentation order.
  public var values: [ThresholdValue]

  /// Creates an entry.
  public init(_ key: String, _ values: [ThresholdValue]) {
    self.key = key
    self.values = values
  }

  /// The value named `name`, or `nil` when the entry has none.
  public subscript(name: String) -> Double? {
    values.first { $0.name == name }?.value
  }

  /// The value named `name`, or `fallback` when the entry has none.
  public func number(_ name: String, or fallback: Double) -> Double { self[name] ?? fallback }

  /// `alertOn` (0 when absent).
  public var alertOn: Double { number("alertOn", or: 0) }
  /// `alertOff`, defaulting to `alertOn` (no hysteresis).
  public var alertOff: Double { number("alertOff", or: alertOn) }
  /// `minIntervals`, at least 1.
  public var minIntervals: Int { Swift.max(1, Int(number("minIntervals", or: 1))) }
  /// `window`, at least ``minIntervals``.
  public var window: Int { Swift.max(minIntervals, Int(number("window", or: Double(minIntervals)))) }
  /// `clearIntervals`, at least 1.
  public var clearIntervals: Int { Swift.max(1, Int(number("clearIntervals", or: 1))) }
}

extension ThresholdEntry {
  /// The usual hysteresis values of a rule, documented once.
  ///
  /// - `unit`: The unit of `alertOn`/`alertOff`, for the documentation (`%`, `ms`).
  /// - `lowerIsWorse`: Whether the figure is bad when low (bitrates, frame rates).
  public static func hysteresis(
    _ key: String, alertOn: Double, alertOff: Double, unit: String, minIntervals: Int, window: Int? = nil,
    clearIntervals: Int = 1, lowerIsWorse: Bool = false, extra: [ThresholdValue] = []
  ) -> ThresholdEntry {
    let (raise, clear) = lowerIsWorse ? ("at or below", "above") : ("at or above", "below")
    var values = [
      ThresholdValue("alertOn", alertOn, "raise when the figure is \(raise) this (\(unit))"),
      ThresholdValue("alertOff", alertOff, "clear when it is \(clear) this (\(unit))"),
      ThresholdValue("minIntervals", Double(minIntervals), "intervals at alertOn needed to raise"),
      ThresholdValue(
        "window", Double(window ?? minIntervals), "the last intervals minIntervals is counted in"),
      ThresholdValue(
        "clearIntervals", Double(clearIntervals), "consecutive intervals past alertOff that clear"),
    ]
    values.append(contentsOf: extra)
    return ThresholdEntry(key, values)
  }
}
