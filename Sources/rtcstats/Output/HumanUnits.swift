/// Formats figures for people: `1.52 Mbps`, `24.5 kbps`, `2.1 ms`, `4.46%`, `8.06 s`.
enum HumanUnits {
  /// A bitrate in bps with an SI prefix and three significant digits.
  static func bitrate(_ bps: Double?) -> String {
    guard let bps, bps.isFinite else { return "-" }
    if bps >= 1e9 { return fixed(bps / 1e9, significant: 3) + " Gbps" }
    if bps >= 1e6 { return fixed(bps / 1e6, significant: 3) + " Mbps" }
    if bps >= 1e3 { return fixed(bps / 1e3, significant: 3) + " kbps" }
    return fixed(bps, significant: 3) + " bps"
  }

  /// A duration in ms: `850 ms` below 10 s, `12.3 s` above.
  static func duration(milliseconds: Double?) -> String {
    guard let milliseconds, milliseconds.isFinite else { return "-" }
    if milliseconds >= 10_000 { return fixed(milliseconds / 1000, decimals: 1) + " s" }
    if milliseconds >= 1000 { return fixed(milliseconds / 1000, decimals: 2) + " s" }
    return fixed(milliseconds, decimals: milliseconds < 10 ? 1 : 0) + " ms"
  }

  /// A percentage 0–100.
  static func percent(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    return fixed(value, decimals: value < 10 ? 2 : 1) + "%"
  }

  /// A plain number with `decimals` places.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    // Beyond 10¹⁵ the digits are meaningless anyway (and would overflow Int64).
    guard abs(value) < 1e15 else { return value.description }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let integer = Int64(scaled / scale)
    var text = String(integer)
    if decimals > 0 {
      let fraction = Int64(scaled) - integer * Int64(scale)
      var digits = String(fraction)
      while digits.count < decimals { digits = "0" + digits }
      text += "." + digits
    }
    return value < 0 && scaled != 0 ? "-" + text : text
  }

  /// A number with `significant` significant digits (at least the integer part).
  static func fixed(_ value: Double, significant: Int) -> String {
    let magnitude = abs(value)
    var digitsBeforePoint = 1
    var bound = 10.0
    while magnitude >= bound && digitsBeforePoint < 16 {
      digitsBeforePoint += 1
      bound *= 10
    }
    return fixed(value, decimals: max(significant - digitsBeforePoint, 0))
  }

  /// `2026-11-29 14:44:07` (UTC) for ms since the epoch.
  static func dateTime(milliseconds: Double?) -> String {
    guard let milliseconds, milliseconds.isFinite, milliseconds > 0, milliseconds < 1e15 else {
      return "-"
    }
    let seconds = Int64((milliseconds / 1000).rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):"
      + "\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))"
  }

  /// Howard Hinnant's `civil_from_days`.
  private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// A byte count: `210 kB`, `1.7 MB`.
  static func bytes(_ count: Int) -> String {
    let value = Double(count)
    if value >= 1e9 { return fixed(value / 1e9, significant: 3) + " GB" }
    if value >= 1e6 { return fixed(value / 1e6, significant: 3) + " MB" }
    if value >= 1e3 { return fixed(value / 1e3, significant: 3) + " kB" }
    return "\(count) B"
  }
}
