import Testing

@testable import RTCStatsFormats

/// ``JSONReader/skipNumber()``, which passes the numbers a decoder skips a word at a time,
/// accepts exactly the RFC 8259 number grammar and fails as the reading path fails, whatever
/// byte follows and however close the end of the buffer is.
@Suite struct SkipNumberTests {
  /// What a reader does with `text` followed by `padding` spaces: the offset it stops at, or
  /// the error it throws.
  private enum Outcome: Equatable {
    case end(Int)
    case error(JSONError)
  }

  private func outcome(_ text: String, padding: Int, skipping: Bool) -> Outcome {
    let bytes = Array(text.utf8) + Array(repeating: UInt8(ascii: " "), count: padding)
    return bytes.withUnsafeBytes { buffer -> Outcome in
      var reader = JSONReader(buffer)
      do throws(JSONError) {
        if skipping { try reader.skipNumber() } else { _ = try reader.scanNumberParts() }
        return .end(reader.offset)
      } catch {
        return .error(error)
      }
    }
  }

  /// Well-formed numbers: plain decimals of 1–30 digits (past the 19 a mantissa holds),
  /// with a sign, zeros after the point, and exponents of either case and sign.
  static let numbers: [String] = {
    var generator = SplitMix64(state: 8259)
    var result = ["0", "-0", "0.0", "0e0", "-0.0E-0", "1", "12345678", "123456789", "1.5e+300"]
    for _ in 0..<3000 {
      var text = generator.plainDecimal(maximumDigits: 30)
      if !text.contains("."), generator.next() % 4 == 0 {
        text = "0." + String(repeating: "0", count: Int(generator.next() % 10)) + text
      }
      if generator.next() % 3 == 0 { text = "-" + text }
      if generator.next() % 3 == 0 {
        let marker = ["e", "E", "e+", "e-", "E+", "E-"][Int(generator.next() % 6)]
        text += marker + String(generator.next() % 100_000)
      }
      result.append(text)
    }
    return result
  }()

  @Test func wellFormedNumbersArePassedWhole() {
    var mismatches: [String] = []
    for number in Self.numbers {
      for follower in [",", "}", "]", " ", "\n", "\"", "x", "."] {
        for padding in [0, 1, 5, 7, 8, 9, 16] {
          let text = number + follower
          let skipped = outcome(text, padding: padding, skipping: true)
          // A number followed by "." is a fraction without digits when it has no point yet.
          let isCut = follower == "." && !number.contains(".") && !number.lowercased().contains("e")
          if !isCut && skipped != .end(number.utf8.count) {
            mismatches.append("\(text)+\(padding): \(skipped)")
          }
          if skipped != outcome(text, padding: padding, skipping: false) {
            mismatches.append("\(text)+\(padding): \(skipped) differs from reading")
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Malformed numbers fail, at the end of the buffer and before other bytes, with the
  /// error of the reading path.
  @Test func malformedNumbersFailAsReadingFails() {
    let malformed = [
      "-", "--1", "-a", "01", "-01", "00", "0123456789", "1.", "1.x", "-0.", "1.e5", ".5", "+1",
      "1e", "1E", "1e+", "1e-", "1ex", "1e+x", "12345678.", "123456789012345678901234.",
      "1.23456789012345678901234e", "a",
    ]
    var mismatches: [String] = []
    for text in malformed {
      for follower in ["", ",", " "] {
        for padding in [0, 3, 8, 16] {
          let skipped = outcome(text + follower, padding: padding, skipping: true)
          let read = outcome(text + follower, padding: padding, skipping: false)
          guard case .error = skipped, skipped == read else {
            mismatches.append("\(text + follower)+\(padding): \(skipped), reading \(read)")
            continue
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// A skipped member's number in a document fails the document as a read one would.
  @Test func skipValueRejectsWhatTheGrammarRejects() {
    for (text, isValid) in [("[1.5e3, -0, 7]", true), ("[01]", false), ("[1.]", false), ("[2e]", false)] {
      let bytes = Array(text.utf8)
      let passed = bytes.withUnsafeBytes { buffer -> Bool in
        var reader = JSONReader(buffer)
        return (try? reader.skipValue()) != nil && reader.offset == bytes.count
      }
      #expect(passed == isValid, "\(text)")
    }
  }
}
