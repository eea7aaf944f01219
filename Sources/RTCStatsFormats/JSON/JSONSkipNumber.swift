extension JSONReader {
  /// Passes the number under the cursor, validated by the grammar
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` exactly as ``scanNumberParts()``
  /// validates it (the same errors at the same offsets), without computing its value.
  ///
  /// For the members a decoder skips (most of the numbers of a dump no metric reads): each
  /// run of digits is passed eight bytes at a time by one word load and the count of its
  /// leading digit bytes (``leadingDigitCount(_:)``), where ``scanNumberParts()`` also multiplies
  /// them into a mantissa. The caller has checked that a byte is under the cursor.
  @inline(__always)
  package mutating func skipNumber() throws(JSONError) {
    let start = offset
    if base[offset] == UInt8(ascii: "-") { offset &+= 1 }
    guard offset < count else { throw JSONError(.unexpectedEnd(expected: "a digit"), at: offset) }
    let first = base[offset]
    if first == UInt8(ascii: "0") {
      offset &+= 1
      if offset < count, base[offset] &- UInt8(ascii: "0") < 10 {
        throw JSONError(.invalidNumber, at: start)
      }
    } else if first &- UInt8(ascii: "1") < 9 {
      skipDigits()
    } else {
      throw JSONError(.invalidNumber, at: start)
    }
    if offset < count, base[offset] == UInt8(ascii: ".") {
      offset &+= 1
      try skipRequiredDigits(numberStart: start)
    }
    if offset < count, base[offset] | 0x20 == UInt8(ascii: "e") {
      offset &+= 1
      if offset < count, base[offset] == UInt8(ascii: "+") || base[offset] == UInt8(ascii: "-") {
        offset &+= 1
      }
      try skipRequiredDigits(numberStart: start)
    }
  }

  /// Passes one or more digits, as a fraction or an exponent needs them: with none, the end
  /// of the buffer is an unexpected end and any other byte makes the number invalid.
  @inline(__always)
  private mutating func skipRequiredDigits(numberStart: Int) throws(JSONError) {
    let digitsStart = offset
    skipDigits()
    if offset == digitsStart {
      if offset == count { throw JSONError(.unexpectedEnd(expected: "a digit"), at: offset) }
      throw JSONError(.invalidNumber, at: numberStart)
    }
  }

  /// Passes the decimal digits under the cursor: a word at a time while eight bytes remain,
  /// then byte by byte near the end of the buffer.
  @inline(__always)
  private mutating func skipDigits() {
    while offset &+ 8 <= count {
      let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) &- Self.asciiZeros
      let leading = Self.leadingDigitCount(word)
      offset &+= leading
      guard leading == 8 else { return }
    }
    while offset < count, base[offset] &- UInt8(ascii: "0") < 10 { offset &+= 1 }
  }
}
