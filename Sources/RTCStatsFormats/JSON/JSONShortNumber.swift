extension JSONReader {
  /// The value of the number under the cursor (past whitespace) when it is short and plain,
  /// consumed; `nil`, with nothing consumed, for any other number and for anything else.
  ///
  /// Short and plain means what stats counters and gauges are: no sign, 1 to 15 integer
  /// digits (no leading zero), then optionally `.` and one to seven fraction digits, at most
  /// 16 digits in all and below 2⁵³ as an integer, and no exponent. One word load reads each
  /// eight digits (``leadingDigitCount(_:)``, ``eightDigitsValue(_:)``), and the byte that
  /// ends a part lies inside the word read last, so the number is known to end there without
  /// looking further.
  ///
  /// The value is the one ``readDouble()``'s general path gives: the digits are an integer
  /// below 2⁵³, exact as a `Double`, and dividing it by 10¹ … 10⁷ (exact too) rounds
  /// correctly (Clinger's fast path). On the bench's JSON-lines log the general path took
  /// about 150 instructions a number; with this path for the four in five it reads (an integer
  /// of up to seven digits in about 75, the whole `readDouble` call) the average is 95.
  @inline(__always)
  mutating func readShortPlainNumber() -> Double? {
    guard let (integer, integerDigits) = shortDigits(at: offset, allowingSecondWord: true) else { return nil }
    // A leading zero is only the number 0 or 0.…: "01" is malformed, left to the general path.
    guard integerDigits == 1 || base[offset] != UInt8(ascii: "0") else { return nil }
    let integerEnd = offset &+ integerDigits
    let next = base[integerEnd]
    guard next == UInt8(ascii: ".") else {
      guard next | 0x20 != UInt8(ascii: "e") else { return nil }
      offset = integerEnd
      return Double(integer)
    }
    let fractionStart = integerEnd &+ 1
    guard let (fraction, fractionDigits) = shortDigits(at: fractionStart, allowingSecondWord: false),
      integerDigits &+ fractionDigits <= 16,
      base[fractionStart &+ fractionDigits] | 0x20 != UInt8(ascii: "e")
    else { return nil }
    let mantissa = integer &* Self.powerOfTen(upToEight: fractionDigits) &+ fraction
    guard mantissa <= 1 << 53 else { return nil }
    offset = fractionStart &+ fractionDigits
    return Double(mantissa) / Double(Self.powerOfTen(upToEight: fractionDigits))
  }

  /// The value and count of the 1–7 decimal digits at `start` (1–15 over two words when
  /// `allowingSecondWord`), when a non-digit byte follows them inside the last word read;
  /// `nil` otherwise, or when the words would reach past the buffer.
  @inline(__always)
  private func shortDigits(at start: Int, allowingSecondWord: Bool) -> (value: UInt64, count: Int)? {
    guard start &+ 8 <= count else { return nil }
    let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self) &- Self.asciiZeros
    let digits = Self.leadingDigitCount(word)
    guard digits > 0 else { return nil }
    if digits < 8 { return (Self.eightDigitsValue(word &<< UInt64((8 &- digits) &* 8)), digits) }
    guard allowingSecondWord, start &+ 16 <= count else { return nil }
    let high = Self.eightDigitsValue(word)
    let second = UnsafeRawPointer(base + (start &+ 8)).loadUnaligned(as: UInt64.self) &- Self.asciiZeros
    let more = Self.leadingDigitCount(second)
    guard more < 8 else { return nil }
    guard more > 0 else { return (high, 8) }
    let low = Self.eightDigitsValue(second &<< UInt64((8 &- more) &* 8))
    return (high &* Self.powerOfTen(upToEight: more) &+ low, 8 &+ more)
  }
}
