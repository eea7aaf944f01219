/// The ISO 8601 times of a webrtc-internals dump: `startTime` and `endTime` of every series
/// (`"2020-11-05T18:34:12.741Z"`, JavaScript's `Date.toISOString()`).
enum WebRTCInternalsTime {
  /// Milliseconds since the Unix epoch of an ISO 8601 date-time.
  ///
  /// Accepts `YYYY-MM-DDTHH:MM:SS`, an optional fraction of any length, and `Z`, a
  /// `±HH:MM` offset or nothing (UTC).
  ///
  /// - Returns: `nil` when the bytes are not such a time.
  static func milliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    func number(_ start: Int, _ length: Int) -> Int? {
      guard start + length <= bytes.count else { return nil }
      var value = 0
      for index in start..<(start + length) {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    func byte(_ index: Int, is expected: UInt8) -> Bool {
      index < bytes.count && bytes[index] == expected
    }
    guard let year = number(0, 4), byte(4, is: UInt8(ascii: "-")),
      let month = number(5, 2), byte(7, is: UInt8(ascii: "-")),
      let day = number(8, 2), byte(10, is: UInt8(ascii: "T")) || byte(10, is: UInt8(ascii: " ")),
      let hour = number(11, 2), byte(13, is: UInt8(ascii: ":")),
      let minute = number(14, 2), byte(16, is: UInt8(ascii: ":")),
      let second = number(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
    else { return nil }
    var index = 19
    var fraction = 0.0
    if byte(index, is: UInt8(ascii: ".")) {
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
    var offsetSeconds = 0
    if byte(index, is: UInt8(ascii: "Z")) || byte(index, is: UInt8(ascii: "z")) {
      index += 1
    } else if byte(index, is: UInt8(ascii: "+")) || byte(index, is: UInt8(ascii: "-")) {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      guard let hours = number(index + 1, 2), byte(index + 3, is: UInt8(ascii: ":")),
        let minutes = number(index + 4, 2)
      else { return nil }
      offsetSeconds = sign * (hours * 3600 + minutes * 60)
      index += 6
    }
    guard index == bytes.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return Double(seconds) * 1000 + fraction
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
