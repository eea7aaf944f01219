/// Writes a time within a call as `mm:ss` (`03:07`), or `h:mm:ss` from one hour on.
enum CallTime {
  /// The call time `milliseconds` after the call's start; negative times get a `-`.
  static func format(milliseconds: Double) -> String {
    // Beyond 30 000 years a call time means a broken clock; it would also overflow Int64.
    guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return "-" }
    let seconds = Int64((abs(milliseconds) / 1000).rounded(.down))
    let sign = milliseconds < 0 && seconds > 0 ? "-" : ""
    let hours = seconds / 3600
    let minutes = (seconds / 60) % 60
    let rest = seconds % 60
    if hours > 0 { return sign + String(hours) + ":" + twoDigits(minutes) + ":" + twoDigits(rest) }
    return sign + twoDigits(minutes) + ":" + twoDigits(rest)
  }

  /// A span of call time, `01:05–01:40`, or one time when both ends are the same second.
  static func format(from start: Double, to end: Double?) -> String {
    let first = format(milliseconds: start)
    guard let end else { return first }
    let last = format(milliseconds: end)
    return first == last ? first : first + "–" + last
  }

  private static func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0" + String(value) : String(value)
  }
}
