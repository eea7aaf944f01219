/// The unit of a chart's values or a table cell, and how a value in it is written for
/// people: `1.52 Mbps`, `850 ms`, `12.3 s`, `4.46%`, `29.8 fps`, `720 px`.
///
/// Values are in the units of the JSON output: bps, ms, percent 0–100, fps, px, counts,
/// ratios 0–1.
public enum ValueUnit: String, Sendable, Hashable, CaseIterable {
  /// Bits per second, written with an SI prefix and three significant digits.
  case bitsPerSecond = "bps"
  /// Milliseconds; from 10 s on written in seconds.
  case milliseconds = "ms"
  /// Percent, 0–100.
  case percent = "%"
  /// Frames per second.
  case framesPerSecond = "fps"
  /// Pixels (a frame height or width).
  case pixels = "px"
  /// A whole number of things (packets, freezes).
  case count = ""
  /// A ratio 0–1 (audio level).
  case ratio = "ratio"

  /// `value` written with its unit; `-` when there is none.
  public func format(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    switch self {
    case .bitsPerSecond:
      let scale = ValueUnit.bitrateScale(for: value)
      return DecimalFormat.significant(value / scale.divisor, digits: 3) + " " + scale.suffix
    case .milliseconds:
      if abs(value) >= 10_000 { return DecimalFormat.fixed(value / 1000, decimals: 1) + " s" }
      if abs(value) >= 1000 { return DecimalFormat.fixed(value / 1000, decimals: 2) + " s" }
      return DecimalFormat.fixed(value, decimals: abs(value) < 10 ? 1 : 0) + " ms"
    case .percent:
      return DecimalFormat.fixed(value, decimals: abs(value) < 10 ? 2 : 1) + "%"
    case .framesPerSecond:
      return DecimalFormat.fixed(value, decimals: 1) + " fps"
    case .pixels:
      return DecimalFormat.fixed(value, decimals: 0) + " px"
    case .count:
      return DecimalFormat.fixed(value, decimals: 0)
    case .ratio:
      return DecimalFormat.fixed(value, decimals: 2)
    }
  }

  /// The SI prefix that writes a bitrate of this size with one to three integer digits.
  static func bitrateScale(for value: Double) -> (divisor: Double, suffix: String) {
    let magnitude = abs(value)
    if magnitude >= 1e18 { return (1e18, "Ebps") }
    if magnitude >= 1e15 { return (1e15, "Pbps") }
    if magnitude >= 1e12 { return (1e12, "Tbps") }
    if magnitude >= 1e9 { return (1e9, "Gbps") }
    if magnitude >= 1e6 { return (1e6, "Mbps") }
    if magnitude >= 1e3 { return (1e3, "kbps") }
    return (1, "bps")
  }
}
