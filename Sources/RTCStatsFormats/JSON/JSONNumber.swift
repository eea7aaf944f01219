/// A JSON number, exact when it is an integer that fits 64 bits.
package enum JSONNumber: Sendable, Equatable {
  /// An integer from −2⁶³ to 2⁶³−1.
  case int(Int64)
  /// An integer from 2⁶³ to 2⁶⁴−1.
  case uint(UInt64)
  /// Any other number (with a fraction or exponent, or beyond 64 bits), correctly rounded.
  case double(Double)

  /// The value as a `Double` (rounded for integers beyond 2⁵³).
  package var doubleValue: Double {
    switch self {
    case .int(let value): Double(value)
    case .uint(let value): Double(value)
    case .double(let value): value
    }
  }
}

extension JSONReader {
  /// Powers of ten exactly representable as `Double`.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The decomposition of a scanned number: up to 19 significant digits in `mantissa`, the
  /// power of ten to apply, and whether digits were dropped.
  struct NumberParts {
    var start: Int
    var isNegative: Bool
    var mantissa: UInt64
    var exponent: Int
    var digitsDropped: Bool
    var isInteger: Bool
  }

  /// Scans a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  ///
  /// Digits are accumulated in one tight loop per part; a number of more than 19
  /// significant digits (which would overflow the mantissa) is scanned again by
  /// ``scanLongNumberParts(_:digits:)``.
  @inline(__always)
  mutating func scanNumberParts() throws(JSONError) -> NumberParts {
    let start = offset
    var parts = NumberParts(
      start: start, isNegative: false, mantissa: 0, exponent: 0, digitsDropped: false,
      isInteger: true)
    if base[offset] == UInt8(ascii: "-") {
      parts.isNegative = true
      offset &+= 1
    }
    guard offset < count else { throw JSONError(.unexpectedEnd(expected: "a digit"), at: offset) }
    var significant = 0
    let integerStart = offset
    let first = base[offset]
    if first == UInt8(ascii: "0") {
      offset &+= 1
      if offset < count, base[offset] &- UInt8(ascii: "0") < 10 {
        throw JSONError(.invalidNumber, at: start)
      }
    } else if first &- UInt8(ascii: "1") < 9 {
      let digitsStart = offset
      parts.mantissa = accumulateDigits(into: 0)
      significant = offset &- digitsStart
    } else {
      throw JSONError(.invalidNumber, at: start)
    }
    if offset < count, base[offset] == UInt8(ascii: ".") {
      parts.isInteger = false
      offset &+= 1
      let fractionStart = offset
      // Zeros before the first significant digit only move the exponent.
      if parts.mantissa == 0 {
        while offset < count, base[offset] == UInt8(ascii: "0") { offset &+= 1 }
      }
      let digitsStart = offset
      parts.mantissa = accumulateDigits(into: parts.mantissa)
      significant &+= offset &- digitsStart
      parts.exponent = fractionStart &- offset
      if offset == fractionStart {
        if offset == count { throw JSONError(.unexpectedEnd(expected: "a digit"), at: offset) }
        throw JSONError(.invalidNumber, at: start)
      }
    }
    if significant > 19 {
      parts.mantissa = 0
      parts.exponent = 0
      parts.isInteger = true
      return try scanLongNumberParts(parts, digits: integerStart)
    }
    try scanExponent(into: &parts)
    return parts
  }

  /// Adds the decimal digits under the cursor to `mantissa` (wrapping past 64 bits).
  ///
  /// Eight bytes at a time while eight remain (SWAR, as in fast_float's
  /// `parse_eight_digits_unrolled`): the digits that lead the word are found from one mask,
  /// moved to its top so that the bytes below read as leading zeros, and combined in three
  /// multiplications; then byte by byte near the end of the buffer.
  @inline(__always)
  private mutating func accumulateDigits(into mantissa: UInt64) -> UInt64 {
    var mantissa = mantissa
    while offset &+ 8 <= count {
      let digits = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) &- Self.asciiZeros
      let leading = Self.leadingDigitCount(digits)
      guard leading > 0 else { return mantissa }
      let shifted = digits &<< UInt64((8 &- leading) &* 8)
      mantissa = mantissa &* Self.powerOfTen(upToEight: leading) &+ Self.eightDigitsValue(shifted)
      offset &+= leading
      guard leading == 8 else { return mantissa }
    }
    while offset < count {
      let digit = base[offset] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      offset &+= 1
    }
    return mantissa
  }

  /// `"0"` in every byte.
  static let asciiZeros: UInt64 = 0x3030_3030_3030_3030

  /// 10^`exponent` for 1–8, to shift a mantissa past the digits of one word.
  @inline(__always)
  static func powerOfTen(upToEight exponent: Int) -> UInt64 {
    switch exponent {
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    default: 100_000_000
    }
  }

  /// How many of the low-order bytes of `digits` (a word minus ``asciiZeros``, little-endian:
  /// the first byte in the buffer is the lowest) are decimal digits before the first
  /// other byte: 0–8.
  ///
  /// A byte is a digit when its value is below 10. A byte that borrowed from a lower one, or
  /// that a lower one carried into, lies above a non-digit, so the lowest flag is exact.
  @inline(__always)
  static func leadingDigitCount(_ digits: UInt64) -> Int {
    let highs: UInt64 = 0x8080_8080_8080_8080
    // 0x76 + a byte reaches 0x80 exactly when the byte is ≥ 10; bytes ≥ 0x80 flag themselves.
    let flags = ((digits &+ 0x7676_7676_7676_7676) | digits) & highs
    return flags.trailingZeroBitCount &>> 3
  }

  /// The value of eight digit bytes (each 0–9, the most significant in the lowest byte):
  /// pairs, then fours, then the eight, by multiply and shift.
  @inline(__always)
  static func eightDigitsValue(_ digits: UInt64) -> UInt64 {
    let pairs = (digits &* 10) &+ (digits &>> 8)
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    let high = (pairs & mask) &* (100 &+ (1_000_000 &<< 32))
    let low = ((pairs &>> 16) & mask) &* (1 &+ (10_000 &<< 32))
    return ((high &+ low) &>> 32) & 0xFFFF_FFFF
  }

  /// Scans an exponent part (`[eE] [+-]? [0-9]+`) if one follows, adding it to the parts.
  @inline(__always)
  private mutating func scanExponent(into parts: inout NumberParts) throws(JSONError) {
    if offset < count, base[offset] | 0x20 == UInt8(ascii: "e") {
      parts.isInteger = false
      offset &+= 1
      var negative = false
      if offset < count, base[offset] == UInt8(ascii: "+") || base[offset] == UInt8(ascii: "-") {
        negative = base[offset] == UInt8(ascii: "-")
        offset &+= 1
      }
      let exponentStart = offset
      var value = 0
      while offset < count {
        let digit = base[offset] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if value < 100_000 { value = value &* 10 &+ Int(digit) }
        offset &+= 1
      }
      if offset == exponentStart {
        if offset == count { throw JSONError(.unexpectedEnd(expected: "a digit"), at: offset) }
        throw JSONError(.invalidNumber, at: parts.start)
      }
      parts.exponent &+= negative ? -value : value
    }
  }

  /// ``scanNumberParts()`` digit by digit, for numbers of more than 19 significant digits
  /// (the digits beyond are dropped into the exponent).
  ///
  /// `parts` holds the start and the sign; `digits` is where the integer part begins, which
  /// ``scanNumberParts()`` has already checked (a `0` alone, or `1`–`9`).
  private mutating func scanLongNumberParts(_ parts: NumberParts, digits: Int) throws(JSONError)
    -> NumberParts
  {
    var parts = parts
    let start = parts.start
    offset = digits
    var significant = 0
    if base[offset] == UInt8(ascii: "0") {
      offset &+= 1
    } else {
      while offset < count {
        let digit = base[offset] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if significant < 19 {
          parts.mantissa = parts.mantissa &* 10 &+ UInt64(digit)
          significant &+= 1
        } else {
          parts.exponent &+= 1
          if digit != 0 { parts.digitsDropped = true }
        }
        offset &+= 1
      }
    }
    if offset < count, base[offset] == UInt8(ascii: ".") {
      parts.isInteger = false
      offset &+= 1
      let fractionStart = offset
      while offset < count {
        let digit = base[offset] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if significant < 19 {
          if parts.mantissa != 0 || digit != 0 { significant &+= 1 }
          parts.mantissa = parts.mantissa &* 10 &+ UInt64(digit)
          parts.exponent &-= 1
        } else if digit != 0 {
          parts.digitsDropped = true
        }
        offset &+= 1
      }
      if offset == fractionStart {
        if offset == count { throw JSONError(.unexpectedEnd(expected: "a digit"), at: offset) }
        throw JSONError(.invalidNumber, at: start)
      }
    }
    try scanExponent(into: &parts)
    return parts
  }

  /// Reads a number as a `Double`, correctly rounded.
  package mutating func readDouble() throws(JSONError) -> Double {
    skipWhitespace()
    if let value = readShortPlainNumber() { return value }
    guard offset < count else { throw JSONError(.unexpectedEnd(expected: "a number"), at: offset) }
    let byte = base[offset]
    guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
      throw mismatch(expected: "a number")
    }
    let parts = try scanNumberParts()
    return double(from: parts)
  }

  /// Reads a number, exact for 64-bit integers.
  package mutating func readNumber() throws(JSONError) -> JSONNumber {
    skipWhitespace()
    guard offset < count else { throw JSONError(.unexpectedEnd(expected: "a number"), at: offset) }
    let byte = base[offset]
    guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
      throw mismatch(expected: "a number")
    }
    let parts = try scanNumberParts()
    if parts.isInteger, let exact = exactInteger(parts) { return exact }
    return .double(double(from: parts))
  }

  private func exactInteger(_ parts: NumberParts) -> JSONNumber? {
    // Re-read the digits: up to 20 digits can still fit in UInt64.
    var index = parts.start + (parts.isNegative ? 1 : 0)
    var value: UInt64 = 0
    while index < offset {
      let digit = UInt64(base[index] &- UInt8(ascii: "0"))
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = sum
      index += 1
    }
    if parts.isNegative {
      if value <= UInt64(Int64.max) { return .int(-Int64(value)) }
      if value == UInt64(Int64.max) + 1 { return .int(Int64.min) }
      return nil
    }
    return value <= UInt64(Int64.max) ? .int(Int64(value)) : .uint(value)
  }

  @inline(__always)
  func double(from parts: NumberParts) -> Double {
    // Clinger's fast path: exact mantissa and an exactly representable power of ten give a
    // correctly rounded result with one multiplication or division.
    if !parts.digitsDropped && parts.mantissa <= 1 << 53 {
      let mantissa = Double(parts.mantissa)
      let exponent = parts.exponent
      if exponent == 0 { return parts.isNegative ? -mantissa : mantissa }
      if exponent > 0 && exponent <= 22 {
        let value = mantissa * Self.exactPowersOfTen[exponent]
        return parts.isNegative ? -value : value
      }
      if exponent < 0 && exponent >= -22 {
        let value = mantissa / Self.exactPowersOfTen[-exponent]
        return parts.isNegative ? -value : value
      }
    }
    if parts.mantissa == 0 && !parts.digitsDropped { return parts.isNegative ? -0.0 : 0.0 }
    // Eisel–Lemire: exact for all but a few pathological inputs, which fall through.
    if let magnitude = Self.eiselLemire(mantissa: parts.mantissa, exponent: parts.exponent) {
      if !parts.digitsDropped
        || Self.eiselLemire(mantissa: parts.mantissa &+ 1, exponent: parts.exponent) == magnitude
      {
        return parts.isNegative ? -magnitude : magnitude
      }
    }
    return slowDouble(from: parts.start, to: offset)
  }

  /// Correctly rounded conversion with the C library's `strtod` (the C locale: this process
  /// never calls `setlocale`), from a NUL-terminated copy on the stack; long numbers go
  /// through the standard library's parser.
  ///
  /// Never inlined: its stack buffer gave every caller a stack-protected frame, about 15
  /// instructions on each of the numbers that never come here.
  @inline(never)
  private func slowDouble(from start: Int, to end: Int) -> Double {
    let length = end - start
    guard length < 64 else {
      let text = String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
      return Double(text) ?? .nan
    }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      let destination = buffer.allocatedBase
      UnsafeMutableRawPointer(destination).copyMemory(from: base + start, byteCount: length)
      destination[length] = 0
      return System.parseDouble(destination)
    }
  }

  /// The correctly rounded `Double` nearest to `mantissa` · 10^`exponent`, or `nil` when the
  /// 128-bit approximation cannot decide (then a full-precision parser must).
  ///
  /// Daniel Lemire's algorithm ("Number Parsing at a Gigabyte per Second", 2021, after
  /// Michael Eisel), as in fast_float's `compute_float` for binary64: normalise the
  /// mantissa, multiply it by a 128-bit approximation of 5^exponent, and read the 53 bits
  /// and the rounding direction off the product.
  static func eiselLemire(mantissa: UInt64, exponent: Int) -> Double? {
    guard mantissa != 0 else { return 0 }
    guard exponent >= PowersOfFive.smallestExponent else { return 0 }
    guard exponent <= PowersOfFive.largestExponent else { return .infinity }
    let leadingZeros = mantissa.leadingZeroBitCount
    let normalized = mantissa << UInt64(leadingZeros)
    let index = 2 * (exponent - PowersOfFive.smallestExponent)
    var (high, low) = normalized.multipliedFullWidth(by: PowersOfFive.table[index])
    // 55 = 52 explicit mantissa bits + 3: the bits below must not all be ones to be sure.
    let precisionMask: UInt64 = 0xFFFF_FFFF_FFFF_FFFF >> 55
    if high & precisionMask == precisionMask {
      let (secondHigh, _) = normalized.multipliedFullWidth(by: PowersOfFive.table[index + 1])
      let (sum, overflow) = low.addingReportingOverflow(secondHigh)
      low = sum
      if overflow { high &+= 1 }
    }
    let upperBit = Int(high >> 63)
    let shift = UInt64(upperBit + 64 - 52 - 3)
    var bits = high >> shift
    // power(q) = floor(q · log2(10)) + 63, with log2(10) ≈ (152170 + 65536) / 65536.
    var power2 = (((152_170 + 65_536) * exponent) >> 16) + 63 + upperBit - leadingZeros + 1023
    if power2 <= 0 {
      // Subnormal results are rare in stats; let the exact parser handle them.
      return nil
    }
    if low <= 1, exponent >= -4, exponent <= 23, bits & 3 == 1, bits << shift == high {
      bits &= ~1
    }
    bits &+= bits & 1
    bits >>= 1
    if bits >= (2 as UInt64) << 52 {
      bits = 1 << 52
      power2 += 1
    }
    bits &= ~((1 as UInt64) << 52)
    guard power2 < 0x7FF else { return .infinity }
    return Double(bitPattern: bits | (UInt64(power2) << 52))
  }
}
