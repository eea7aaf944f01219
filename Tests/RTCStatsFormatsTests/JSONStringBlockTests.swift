import Testing

@testable import RTCStatsFormats

/// The block scan of plain string bytes (`JSONReader.skipPlainStringBytes`: 16 bytes at a
/// time with SSE2 on x86-64, then eight at a time, then one).
///
/// Each string is a run of plain bytes with one other byte at every position, placed at
/// three offsets in the buffer and followed by enough bytes for the block loop to run or
/// by the end of the buffer. The plain bytes include those next to the stops (`!` and
/// `#` beside `"`, `[` and `]` beside `\`, space, DEL); the expected outcome follows from
/// how the string was built, not from the reader.
@Suite struct JSONStringBlockTests {
  /// Printable ASCII bytes that a string holds as they are.
  static let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x41, 0x7A, 0x30]

  /// A byte that is not plain, and what a string holding it at `position` reads as.
  enum Stop: CaseIterable {
    /// `"`: the string ends there.
    case quote
    /// `\n`: an escape, decoded.
    case escape
    /// `é` (C3 A9): two UTF-8 bytes.
    case twoByteScalar
    /// 0x1F: an error at its offset.
    case control
    /// 0xFF: never UTF-8, an error at its offset.
    case invalidByte
    /// 0x80: a continuation byte without a lead, an error at its offset.
    case strayContinuation

    var bytes: [UInt8] {
      switch self {
      case .quote: [0x22]
      case .escape: [0x5C, 0x6E]
      case .twoByteScalar: [0xC3, 0xA9]
      case .control: [0x1F]
      case .invalidByte: [0xFF]
      case .strayContinuation: [0x80]
      }
    }
  }

  /// The outcome of reading one string: its decoded text, or an error kind and offset.
  enum Outcome: Equatable {
    case text(String)
    case error(JSONError.Kind, Int)
  }

  /// Reads the string after the leading spaces of `buffer` with `readString`.
  static func read(_ buffer: [UInt8]) -> Outcome {
    buffer.withUnsafeBytes { raw in
      var reader = JSONReader(raw)
      do throws(JSONError) {
        return .text(try reader.readString())
      } catch {
        return .error(error.kind, error.offset)
      }
    }
  }

  /// The string of `length` plain bytes with `stop` at `position`, as JSON text (opening
  /// quote, bytes, closing quote) and what reading it must give, when the string starts at
  /// offset `start` (after that many spaces).
  static func string(length: Int, stop: Stop, at position: Int, start: Int) -> ([UInt8], Outcome) {
    let filler = (0..<length).map { plain[($0 &* 7 &+ length) % plain.count] }
    var body = filler
    body.replaceSubrange(position..<position + 1, with: stop.bytes)
    let text = [0x22] + body + [0x22]
    let stopOffset = start + 1 + position
    let before = String(decoding: filler[..<position], as: UTF8.self)
    let after = String(decoding: filler[(position + 1)...], as: UTF8.self)
    switch stop {
    case .quote: return (text, .text(before))
    case .escape: return (text, .text(before + "\n" + after))
    case .twoByteScalar: return (text, .text(before + "é" + after))
    case .control: return (text, .error(.controlCharacterInString, stopOffset))
    case .invalidByte, .strayContinuation: return (text, .error(.invalidUTF8, stopOffset))
    }
  }

  @Test func everyStopIsFoundAtEveryPosition() {
    for length in 1...72 {
      for position in 0..<length {
        for stop in Stop.allCases {
          for start in [0, 1, 7] {
            let (text, expected) = Self.string(length: length, stop: stop, at: position, start: start)
            let lead = [UInt8](repeating: 0x20, count: start)
            // Followed by more JSON (the block loop runs to the stop), or by nothing.
            for tail in [Array(",\"next\":1234567890123456789}".utf8), []] {
              let outcome = Self.read(lead + text + tail)
              #expect(outcome == expected, "length \(length) \(stop) at \(position), start \(start)")
            }
          }
        }
      }
    }
  }

  @Test func plainStringsOfEveryLengthEndAtTheirQuote() {
    for length in 0...100 {
      let body = (0..<length).map { Self.plain[$0 % Self.plain.count] }
      let expected = Outcome.text(String(decoding: body, as: UTF8.self))
      for tail in [Array(String(repeating: " ", count: 40).utf8), []] {
        #expect(Self.read([0x22] + body + [0x22] + tail) == expected, "length \(length)")
      }
      // Unterminated: the end of the buffer, found by every loop.
      let open = Self.read([0x22] + body)
      #expect(open == .error(.unexpectedEnd(expected: "'\"' to close the string"), length + 1))
    }
  }

  /// The escaped-quote run (`JSONReader.scanEscapedRun`: 16 bytes at a time with SSE2, then
  /// eight): strings that hold only plain bytes and `\"` pairs after their first `\"`, with
  /// a second `\"` at every position (its backslash ending a block at 15 and 31: the quote
  /// after it is escaped across the blocks) and then, further on, one other stop.
  @Test func escapedQuotesAtEveryPositionThenAStop() {
    let escapedQuote: [UInt8] = [0x5C, 0x22]
    for length in 16...56 {
      let filler = (0..<length).map { Self.plain[($0 &* 5 &+ length) % Self.plain.count] }
      for position in 0..<length {
        var body = escapedQuote + filler
        body.insert(contentsOf: escapedQuote, at: 2 + position)
        let decoded =
          "\"" + String(decoding: filler[..<position], as: UTF8.self) + "\""
          + String(decoding: filler[position...], as: UTF8.self)
        for tail in [Array(",\"next\":1234567890123456789}".utf8), []] {
          #expect(
            Self.read([0x22] + body + [0x22] + tail) == .text(decoded), "length \(length) at \(position)")
          // A stop after the second pair: a quote ends the string, errors at their offset,
          // escapes decoded.
          let at = 2 + position + 2 + (length - position) / 2
          for stop in Stop.allCases {
            var stopped = body
            stopped.replaceSubrange(at..<at + 1, with: stop.bytes)
            let outcome = Self.read([0x22] + stopped + [0x22] + tail)
            let fillerIndex = at - 4
            let head =
              "\"" + String(decoding: filler[..<position], as: UTF8.self) + "\""
              + String(decoding: filler[position..<fillerIndex], as: UTF8.self)
            let rest = String(decoding: filler[(fillerIndex + 1)...], as: UTF8.self)
            let expected: Outcome =
              switch stop {
              case .quote: .text(head)
              case .escape: .text(head + "\n" + rest)
              case .twoByteScalar: .text(head + "é" + rest)
              case .control: .error(.controlCharacterInString, 1 + at)
              case .invalidByte, .strayContinuation: .error(.invalidUTF8, 1 + at)
              }
            #expect(outcome == expected, "length \(length) at \(position), \(stop) at \(at)")
          }
        }
      }
    }
  }
}
