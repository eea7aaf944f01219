/// The one ISO 8601 date-time parser of the dialects: webrtc-internals `startTime`/`endTime`
/// (`"2020-11-05T18:34:12.741Z"`, JavaScript's `Date.toISOString()`), the `time` of rtcstats
/// v0 events, and wrapper times written by `JSON.stringify(new Date())`.
package enum ISO8601 {
  /// Milliseconds since the Unix epoch of an ISO 8601 date-time.
  ///
  /// Accepts `YYYY-MM-DDTHH:MM:SS` (or a space for the `T`), an optional fraction of any
  /// length, and `Z`, a `±HH:MM` offset or nothing (UTC); the whole may be wrapped in one
  /// pair of double quotes (a date JSON-encoded twice).
  ///
  /// - Returns: `nil` when the bytes are not such a time.
  static func milliseconds(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var bytes = text
    if bytes.count >= 2, bytes[0] == UInt8(ascii: "\""), bytes[bytes.count - 1] == UInt8(ascii: "\"") {
      bytes = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
    }
    guard let (date, index) = dateAndTime(bytes), let (offset, end) = offsetSeconds(bytes, from: index.next)
    else { return nil }
    guard end == bytes.count else { return nil }
    let days = daysFromCivil(year: date.year, month: date.month, day: date.day)
    let seconds = days * 86_400 + date.hour * 3600 + date.minute * 60 + date.second - offset
    return Double(seconds) * 1000 + index.fraction
  }

  /// Milliseconds since the Unix epoch of an ISO 8601 date-time given as a `String`.
  package static func milliseconds(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { milliseconds($0) }
  }

  private struct Fields {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
  }

  /// The date and time fields, the fraction (ms) and the index after them.
  private static func dateAndTime(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    Fields, (fraction: Double, next: Int)
  )? {
    guard let year = number(bytes, 0, 4), byte(bytes, 4, is: "-"),
      let month = number(bytes, 5, 2), byte(bytes, 7, is: "-"),
      let day = number(bytes, 8, 2), byte(bytes, 10, is: "T") || byte(bytes, 10, is: " "),
      let hour = number(bytes, 11, 2), byte(bytes, 13, is: ":"),
      let minute = number(bytes, 14, 2), byte(bytes, 16, is: ":"),
      let second = number(bytes, 17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
    else { return nil }
    var index = 19
    var fraction = 0.0
    if byte(bytes, index, is: ".") {
      index += 1
      var scale = 100.0
      let fractionStart = index
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
        fraction += Double(bytes[index] &- UInt8(ascii: "0")) * scale
        scale /= 10
        index += 1
      }
      guard index > fractionStart else { return nil }
    }
    let fields = Fields(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return (fields, (fraction, index))
  }

  /// `Z`, `±HH:MM` or nothing at `index`: the offset from UTC in seconds and the index after it.
  private static func offsetSeconds(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> (Int, Int)? {
    if byte(bytes, index, is: "Z") || byte(bytes, index, is: "z") { return (0, index + 1) }
    guard byte(bytes, index, is: "+") || byte(bytes, index, is: "-") else { return (0, index) }
    let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
    guard let hours = number(bytes, index + 1, 2), byte(bytes, index + 3, is: ":"),
      let minutes = number(bytes, index + 4, 2)
    else { return nil }
    return (sign * (hours * 3600 + minutes * 60), index + 6)
  }

  private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
    guard start + length <= bytes.count else { return nil }
    var value = 0
    for index in start..<(start + length) {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    return value
  }

  private static func byte(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, is expected: Unicode.Scalar)
    -> Bool
  {
    index < bytes.count && bytes[index] == UInt8(ascii: expected)
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
