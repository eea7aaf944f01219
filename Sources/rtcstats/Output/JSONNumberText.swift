/// The text of JSON numbers, written straight into memory the caller has reserved.
///
/// The text is that of ``JSONWriter/format(_:fractionDigits:)``, which defines it: `value`
/// rounded half away from zero to `fractionDigits` places, trailing zeros dropped, integers
/// without a point, the sign of a value that rounds to something other than zero (`-0.5`
/// keeps it, `-0.0004` is `0`). Worked example with 3 places: `-1234.56789` × 1000 =
/// `-1234567.89`; truncated to `-1234567`, the remainder `-0.89` (exact) is at most `-0.5`,
/// so the units are `-1234568`: whole part `1234`, fraction `568`, text `-1234.568`.
///
/// The rounding needs no libm call (`Int64` truncation, then the exact remainder compared
/// with ½), the division by the scale is by a constant, and the digits are written two at a
/// time from a 200-byte table, backwards on the stack, then copied as two 16-byte words.
enum JSONNumberText {
  /// The room ``write(_:fractionDigits:to:)`` and ``writeInteger(_:negative:to:)`` need at
  /// `out`: the text is at most 26 bytes (a sign, 16 whole digits, a point and 8 decimals), the
  /// whole digits are copied as 32 bytes after the sign.
  static let maximumLength = 40

  /// Scaled values from here on are not all exact integers (2⁵³).
  private static let exactLimit = 9.007_199_254_740_992e15

  /// Writes `value` (finite) rounded to `fractionDigits` places at `out`; returns the number of
  /// bytes written, or 0 when the value takes ``JSONWriter/format(_:fractionDigits:)``'s slow
  /// path: more than 8 places, or `value` × 10^`fractionDigits` not below 2⁵³ in magnitude.
  ///
  /// - Complexity: O(1); at most ``maximumLength`` bytes.
  @inline(__always)
  static func write(_ value: Double, fractionDigits: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
    // The usual 3 places with constants: the scale and the divisor folded into the code.
    if fractionDigits == 3 { return write(value, places: 3, to: out) }
    guard fractionDigits >= 0, fractionDigits <= 8 else { return 0 }
    return write(value, places: fractionDigits, to: out)
  }

  @inline(__always)
  private static func write(_ value: Double, places: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
    let scale = powerOfTen(places)
    let product = value * Double(scale)
    // Also false for NaN: the caller writes those as `null` before asking.
    guard product.magnitude < exactLimit else { return 0 }
    // `product.rounded()` (half away from zero): the remainder after truncation is exact.
    var units = Int64(product)
    let remainder = product - Double(units)
    if remainder >= 0.5 {
      units &+= 1
    } else if remainder <= -0.5 {
      units &-= 1
    }
    var length = 0
    if units < 0 {
      out[0] = UInt8(ascii: "-")
      length = 1
    }
    let (whole, fractionPart) = units.magnitude.quotientAndRemainder(dividingBy: scale)
    length &+= writeDecimal(whole, to: out + length)
    guard fractionPart != 0 else { return length }
    var fraction = fractionPart
    var digits = places
    while fraction % 10 == 0 {
      fraction /= 10
      digits &-= 1
    }
    out[length] = UInt8(ascii: ".")
    writeDigits(fraction, count: digits, to: out + length + 1)
    return length &+ 1 &+ digits
  }

  /// Writes an integer (`-` and its magnitude's digits, `0` without a sign) at `out`; returns
  /// the number of bytes written, at most 21.
  @inline(__always)
  static func writeInteger(_ magnitude: UInt64, negative: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int {
    guard negative && magnitude != 0 else { return writeDecimal(magnitude, to: out) }
    out[0] = UInt8(ascii: "-")
    return 1 &+ writeDecimal(magnitude, to: out + 1)
  }

  /// Writes the decimal digits of `value`, without leading zeros, at `out`; returns how many.
  ///
  /// The digits are laid out backwards, two at a time, in a zeroed 64-byte scratch buffer on
  /// the stack, to end 20 bytes in (a `UInt64` has at most 20), then copied to `out` as two
  /// 16-byte words: no digit count up front. Writes the 32 bytes from `out` on.
  @inline(__always)
  private static func writeDecimal(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    guard value >= 10 else {
      out[0] = UInt8(truncatingIfNeeded: 48 &+ value)
      return 1
    }
    var scratch = (SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>())
    return withUnsafeMutableBytes(of: &scratch) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      let end = base + 20
      var start = end
      var remaining = value
      while remaining >= 100 {
        let (rest, pair) = remaining.quotientAndRemainder(dividingBy: 100)
        start -= 2
        start.storeBytes(of: digitPair(pair), as: UInt16.self)
        remaining = rest
      }
      if remaining >= 10 {
        start -= 2
        start.storeBytes(of: digitPair(remaining), as: UInt16.self)
      } else {
        start -= 1
        start.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ remaining), as: UInt8.self)
      }
      let destination = UnsafeMutableRawPointer(out)
      destination.storeBytes(of: start.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
      let high = start.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
      destination.storeBytes(of: high, toByteOffset: 16, as: SIMD16<UInt8>.self)
      return end - start
    }
  }

  /// Writes the last `count` decimal digits of `value` (zero-padded) at `out`.
  @inline(__always)
  private static func writeDigits(_ value: UInt64, count: Int, to out: UnsafeMutablePointer<UInt8>) {
    let raw = UnsafeMutableRawPointer(out)
    var remaining = value
    var end = count
    while end >= 2 {
      let (rest, pair) = remaining.quotientAndRemainder(dividingBy: 100)
      end &-= 2
      raw.storeBytes(of: digitPair(pair), toByteOffset: end, as: UInt16.self)
      remaining = rest
    }
    if end == 1 { out[0] = UInt8(truncatingIfNeeded: 48 &+ remaining % 10) }
  }

  /// 10^`exponent` for 0…19 (a constant table: no lazy global to initialise).
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// The two digits of `value` (< 100) as they lie in memory.
  @inline(__always)
  private static func digitPair(_ value: UInt64) -> UInt16 {
    UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: Int(value) &* 2, as: UInt16.self)
  }

  /// `00`, `01`, … `99`, two bytes each, in the binary's constant data.
  private static var digitPairs: StaticString {
    """
    00010203040506070809\
    10111213141516171819\
    20212223242526272829\
    30313233343536373839\
    40414243444546474849\
    50515253545556575859\
    60616263646566676869\
    70717273747576777879\
    80818283848586878889\
    90919293949596979899
    """
  }
}
