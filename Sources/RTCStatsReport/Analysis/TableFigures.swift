/// Writes figures exactly as the command line's table view does (`1.52 Mbps`, `8.7 ms`,
/// `0.00%`, `26.7`), so that the report's summary tables and `rtcstats analyze` agree to the
/// character.
///
/// Bitrates: an SI prefix and three significant digits; durations in ms below 1 s (one
/// decimal below 10 ms), seconds with two decimals below 10 s, one above; percentages with
/// two decimals below 10 %, one above; `-` for no value.
enum TableFigures {
  /// A bitrate in bps.
  static func bitrate(_ bps: Double?) -> String {
    guard let bps, bps.isFinite else { return "-" }
    if bps >= 1e9 { return significant(bps / 1e9, 3) + " Gbps" }
    if bps >= 1e6 { return significant(bps / 1e6, 3) + " Mbps" }
    if bps >= 1e3 { return significant(bps / 1e3, 3) + " kbps" }
    return significant(bps, 3) + " bps"
  }

  /// A duration in ms.
  static func duration(_ milliseconds: Double?) -> String {
    guard let milliseconds, milliseconds.isFinite else { return "-" }
    if milliseconds >= 10_000 { return DecimalFormat.fixed(milliseconds / 1000, decimals: 1) + " s" }
    if milliseconds >= 1000 { return DecimalFormat.fixed(milliseconds / 1000, decimals: 2) + " s" }
    return DecimalFormat.fixed(milliseconds, decimals: milliseconds < 10 ? 1 : 0) + " ms"
  }

  /// A percentage 0–100.
  static func percent(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    return DecimalFormat.fixed(value, decimals: value < 10 ? 2 : 1) + "%"
  }

  /// A number with `digits` significant digits, at least the integer part; unlike
  /// ``DecimalFormat/significant(_:digits:)`` it keeps the table view's `10.00` for 9.996.
  static func significant(_ value: Double, _ digits: Int) -> String {
    let magnitude = abs(value)
    var digitsBeforePoint = 1
    var bound = 10.0
    while magnitude >= bound && digitsBeforePoint < 16 {
      digitsBeforePoint += 1
      bound *= 10
    }
    return DecimalFormat.fixed(value, decimals: max(digits - digitsBeforePoint, 0))
  }

  /// `2026-11-29 14:44:07` (UTC) for ms since the epoch; `-` outside 1970…30 000.
  static func dateTime(_ milliseconds: Double) -> String {
    guard milliseconds.isFinite, milliseconds > 0, milliseconds < 1e15 else { return "-" }
    let seconds = Int64((milliseconds / 1000).rounded(.down))
    let days = seconds / 86_400
    let secondOfDay = seconds - days * 86_400
    // Howard Hinnant's civil_from_days.
    let shifted = days + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):"
      + "\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))"
  }

  /// A byte count: `210 kB`, `1.7 MB`.
  static func bytes(_ count: Int) -> String {
    let value = Double(count)
    if value >= 1e9 { return significant(value / 1e9, 3) + " GB" }
    if value >= 1e6 { return significant(value / 1e6, 3) + " MB" }
    if value >= 1e3 { return significant(value / 1e3, 3) + " kB" }
    return "\(count) B"
  }
}
