import CByteScan

/// A string token as raw bytes: the bytes between the quotes, still escaped when
/// ``hasEscapes`` is set.
///
/// Valid only while the reader's buffer lives.
package struct JSONKey {
  /// First byte after the opening quote.
  package let start: UnsafePointer<UInt8>
  /// Number of bytes before the closing quote.
  package let count: Int
  /// Whether the bytes contain backslash escapes.
  package let hasEscapes: Bool

  /// The raw bytes.
  package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

  /// Whether the (unescaped) key equals `literal`.
  package func equals(_ literal: StaticString) -> Bool {
    if hasEscapes { return decoded() == literal.description }
    guard literal.utf8CodeUnitCount == count else { return false }
    let text = literal.utf8Start
    for index in 0..<count where start[index] != text[index] { return false }
    return true
  }

  /// The key as a `String`, escapes decoded.
  package func decoded() -> String {
    if !hasEscapes { return String(decoding: bytes, as: UTF8.self) }
    var scratch: [UInt8] = []
    JSONReader.unescape(bytes, into: &scratch)
    return String(decoding: scratch, as: UTF8.self)
  }
}

extension JSONReader {
  /// Reads a string value, decoding escapes.
  package mutating func readString() throws(JSONError) -> String {
    try readStringToken().decoded()
  }

  /// Reads a string value as raw bytes (see ``JSONKey``).
  package mutating func readStringToken() throws(JSONError) -> JSONKey {
    skipWhitespace()
    guard offset < count, base[offset] == UInt8(ascii: "\"") else { throw mismatch(expected: "a string") }
    return try scanString()
  }

  /// Scans the string starting at the opening quote under the cursor, validating escapes,
  /// control characters and UTF-8.
  @usableFromInline
  mutating func scanString() throws(JSONError) -> JSONKey {
    offset &+= 1
    let start = offset
    var hasEscapes = false
    while true {
      skipPlainStringBytes()
      guard offset < count else {
        throw JSONError(.unexpectedEnd(expected: "'\"' to close the string"), at: offset)
      }
      let byte = base[offset]
      if byte == UInt8(ascii: "\"") {
        let key = JSONKey(start: base + start, count: offset &- start, hasEscapes: hasEscapes)
        offset &+= 1
        return key
      }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        // `\"` and `\\` (strings serialised into strings) inline; the rest in scanEscape.
        if offset &+ 1 < count,
          base[offset &+ 1] == UInt8(ascii: "\"") || base[offset &+ 1] == UInt8(ascii: "\\")
        {
          offset &+= 2
          // A string with one `\"` is a string serialised into a string: scan the rest
          // word by word without leaving the loop at each escaped quote.
          if let end = scanEscapedRun() {
            let key = JSONKey(start: base + start, count: end &- start, hasEscapes: true)
            offset = end &+ 1
            return key
          }
        } else {
          try scanEscape()
        }
      } else if byte >= 0x80 {
        try scanUTF8Sequence()
      } else {
        throw JSONError(.controlCharacterInString, at: offset)
      }
    }
  }

  /// Moves the cursor past plain string bytes (printable ASCII but `"` and `\\`), to the
  /// first byte that ends the string, starts an escape, is a control character or starts
  /// a multi-byte UTF-8 sequence, or to the end of the buffer.
  ///
  /// Sixteen bytes at a time with SSE2 on x86-64 (`rtcstats_plain_string_prefix`, a C
  /// kernel: Swift's SIMD types do not compile to vector compares here); the last bytes,
  /// and every byte elsewhere, eight at a time (SWAR: a byte is flagged when it is < 0x20,
  /// ≥ 0x80, '"' or '\\'), then one at a time.
  @inline(__always)
  private mutating func skipPlainStringBytes() {
    #if arch(x86_64)
      offset &+= rtcstats_plain_string_prefix(base + offset, count &- offset)
      // Stopped on a byte with a whole block left: that byte is the stop.
      if offset &+ 16 <= count { return }
    #endif
    while offset &+ 8 <= count {
      let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
      let mask = Self.specialByteMask(word)
      if mask != 0 {
        // The lowest flagged byte is exact (borrows only flag bytes above a real one).
        offset &+= mask.trailingZeroBitCount &>> 3
        return
      }
      offset &+= 8
    }
    while offset < count {
      let byte = base[offset]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x80 {
        return
      }
      offset &+= 1
    }
  }

  /// Scans on from the cursor, inside a string that had an escaped quote, 16 bytes at a time
  /// with SSE2 on x86-64 and then eight at a time, while the only special bytes are `\"`
  /// pairs and the closing quote.
  ///
  /// Strings serialised into strings (webrtc-internals' `values`, `"[\"VP8\",\"VP8\"]"`)
  /// hold an escaped quote every few bytes; leaving the word loop at each costs a
  /// mispredicted branch. Here a word's quotes, backslashes, control and non-ASCII bytes
  /// are flagged exactly (no borrow between bytes), a quote right after a backslash is
  /// escaped, and the word is passed when it holds only such pairs. A backslash that ends
  /// a word escapes the next word's first byte (`carry`).
  ///
  /// - Returns: The offset of the closing quote; `nil` with the cursor on the first byte
  ///   this loop does not decide (another escape, `\\`, a control or non-ASCII byte, the end
  ///   of the buffer), which the caller's loop then reads.
  @inline(__always)
  private mutating func scanEscapedRun() -> Int? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    var carry: UInt64 = 0
    #if arch(x86_64)
      // Sixteen bytes at a time first (`rtcstats_escaped_quote_run`, the same test on SSE2
      // masks); the words below take over where it stops, with its carry.
      var position = offset
      var blockCarry: UInt32 = 0
      if rtcstats_escaped_quote_run(base, count, &position, &blockCarry) != 0 { return position }
      offset = position
      carry = blockCarry != 0 ? 0x80 : 0
    #endif
    while offset &+ 8 <= count {
      let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
      let quotes = Self.exactZeroBytes(word ^ (ones &* 0x22))
      let backslashes = Self.exactZeroBytes(word ^ (ones &* 0x5C))
      // A byte below 0x20 has its high bit clear and stays below 0x80 when 0x60 is added.
      let stops = (~(((word & lows) &+ (ones &* 0x60)) | word) & highs) | (word & highs)
      if quotes | backslashes | stops | carry == 0 {
        offset &+= 8
        continue
      }
      let escaped = (backslashes << 8) | carry
      guard stops | (backslashes & escaped) | (escaped & ~quotes) == 0 else { break }
      let closing = quotes & ~escaped
      if closing != 0 { return offset &+ (closing.trailingZeroBitCount &>> 3) }
      carry = backslashes >> 56
      offset &+= 8
    }
    // The caller reads on from the backslash that escapes the first byte of this word.
    if carry != 0 { offset &-= 1 }
    return nil
  }

  /// The high bit of each byte of `word` that is zero, and of no other byte.
  @inline(__always)
  static func exactZeroBytes(_ word: UInt64) -> UInt64 {
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & lows) &+ lows) | word | lows)
  }

  /// Whether any byte of `word` ends the plain-ASCII run of a string: a control character,
  /// a non-ASCII byte, `"` or `\\`.
  @inline(__always)
  static func hasSpecialByte(_ word: UInt64) -> Bool { specialByteMask(word) != 0 }

  /// The high bit of each byte of `word` (little-endian) that is < 0x20, ≥ 0x80, '"' or
  /// '\\'; bytes above the first flagged one may be flagged spuriously.
  @inline(__always)
  static func specialByteMask(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A zero byte of `x` sets its high bit in `(x − ones) & ~x & highs`.
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote & highs
    let zeroBackslash = (backslash &- ones) & ~backslash & highs
    // Bytes below 0x20 (when the high bit is clear): `x − 0x20` borrows into the high bit.
    let control = (word &- ones &* 0x20) & ~word & highs
    return zeroQuote | zeroBackslash | control | (word & highs)
  }

  private mutating func scanEscape() throws(JSONError) {
    offset &+= 1
    guard offset < count else {
      throw JSONError(.unexpectedEnd(expected: "an escape sequence"), at: offset)
    }
    switch base[offset] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      offset &+= 1
    case UInt8(ascii: "u"):
      offset &+= 1
      for _ in 0..<4 {
        guard offset < count else {
          throw JSONError(.unexpectedEnd(expected: "four hex digits"), at: offset)
        }
        guard Self.hexValue(base[offset]) != nil else { throw JSONError(.invalidEscape, at: offset) }
        offset &+= 1
      }
    default:
      throw JSONError(.invalidEscape, at: offset &- 1)
    }
  }

  /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
  private mutating func scanUTF8Sequence() throws(JSONError) {
    let lead = base[offset]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: throw JSONError(.invalidUTF8, at: offset)
    }
    let available = count &- offset
    if available >= 2 {
      let second = base[offset &+ 1]
      guard second >= lower && second <= upper else { throw JSONError(.invalidUTF8, at: offset) }
    }
    guard available >= length else {
      for index in 2..<max(available, 2) where base[offset &+ index] & 0xC0 != 0x80 {
        throw JSONError(.invalidUTF8, at: offset)
      }
      throw JSONError(.unexpectedEnd(expected: "the rest of a UTF-8 sequence"), at: count)
    }
    for index in 2..<max(length, 2) where base[offset &+ index] & 0xC0 != 0x80 {
      throw JSONError(.invalidUTF8, at: offset)
    }
    offset &+= length
  }

  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt16? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte &- UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte &- UInt8(ascii: "a") &+ 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte &- UInt8(ascii: "A") &+ 10)
    default: nil
    }
  }

  /// Decodes the escapes of already validated string bytes into UTF-8.
  ///
  /// A lone surrogate
  /// (`\uD800` without its pair) becomes U+FFFD.
  package static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(bytes.count)
    var index = 0
    func hex4(at position: Int) -> UInt16? {
      guard position + 4 <= bytes.count else { return nil }
      var value: UInt16 = 0
      for offset in 0..<4 {
        guard let digit = hexValue(bytes[position + offset]) else { return nil }
        value = value << 4 | digit
      }
      return value
    }
    func append(scalar: UInt32) {
      let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
      UTF8.encode(value) { output.append($0) }
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
        output.append(byte)
        index += 1
        continue
      }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard let unit = hex4(at: index) else { break }
        index += 4
        if unit >= 0xD800 && unit <= 0xDBFF,
          index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(at: index + 2),
          low >= 0xDC00 && low <= 0xDFFF
        {
          index += 6
          append(scalar: 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00))
        } else {
          append(scalar: UInt32(unit))
        }
      default: output.append(escape)
      }
    }
  }
}
