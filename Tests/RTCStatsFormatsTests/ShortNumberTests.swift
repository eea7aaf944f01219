import Testing

@testable import RTCStatsFormats

/// The short-number path of ``JSONReader/readDouble()`` (one word load per eight digits)
/// reads what the grammar and the standard library's parser say, whatever byte follows the
/// number and however close the end of the buffer is.
@Suite struct ShortNumberTests {
  /// Reads a number from `text` (its bytes, then `padding` spaces); returns the value and the
  /// offset after it, or `nil` when the reader throws.
  private func read(_ text: String, padding: Int) -> (value: Double, end: Int)? {
    let bytes = Array(text.utf8) + Array(repeating: UInt8(ascii: " "), count: padding)
    return bytes.withUnsafeBytes { buffer -> (Double, Int)? in
      var reader = JSONReader(buffer)
      guard let value = try? reader.readDouble() else { return nil }
      return (value, reader.offset)
    }
  }

  /// Plain numbers of 1–17 digits split at every place, with leading zeros in the fraction,
  /// around 2⁵³, and the integers the word boundaries cut (7, 8, 9, 15, 16 digits).
  static let numbers: [String] = {
    var generator = SplitMix64(state: 53)
    var result = [
      "0", "0.5", "0.0001", "0.1234567", "1234567.1234567", "9007199254740992", "9007199254740993",
      "900719925474099.3", "900719925.4740993", "1796049847656.578", "1796049847656.5789",
      "12345678", "123456789", "999999999999999", "1000000000000000", "99999999.9999999",
      "0.12345678", "1.0000000", "10.1", "4294967295", "18446744073709551615",
      // Past 16 digits, 15 + 7 would wrap 64 bits: the general path reads them.
      "123456789012345.1234567", "999999999999999.9999999", "184467440737095.5161", "1844674407370.9551616",
    ]
    for _ in 0..<4000 {
      var text = generator.plainDecimal(maximumDigits: 17)
      if !text.contains("."), generator.next() % 4 == 0 {
        text = "0." + String(repeating: "0", count: Int(generator.next() % 4)) + text
      }
      result.append(text)
    }
    return result
  }()

  /// Each number, followed by each byte that ends a number, at every distance from the end
  /// of the buffer: the standard library's value, and the reader stops right after it.
  @Test func plainNumbersReadAsTheStandardLibraryReadsThem() {
    var mismatches: [String] = []
    for number in Self.numbers {
      let expected = Double(number)!
      for follower in [",", "}", "]", " ", "\n", "\"", "x"] {
        for padding in [0, 1, 3, 7, 8, 15, 16] {
          let text = number + follower
          let read = read(text, padding: padding)
          if read?.value.bitPattern != expected.bitPattern || read?.end != number.utf8.count {
            mismatches.append("\(text)+\(padding): \(String(describing: read))")
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// A number that goes on past the short forms (an exponent, a fraction after an integer,
  /// a sign) is read whole.
  @Test func numbersThatGoOnAreReadWhole() {
    var mismatches: [String] = []
    for number in Self.numbers {
      let isInteger = !number.contains(".")
      let longer = [number + "e5", number + "E-3", "-" + number] + (isInteger ? [number + ".25"] : [])
      for text in longer {
        for padding in [0, 8, 16] {
          let read = read(text + ",", padding: padding)
          if read?.value.bitPattern != Double(text)!.bitPattern || read?.end != text.utf8.count {
            mismatches.append("\(text)+\(padding): \(String(describing: read))")
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Malformed numbers still fail, near the end of the buffer or far from it: a leading zero,
  /// a point without digits, an exponent without digits.
  @Test func malformedNumbersStillFail() {
    for text in [
      "01,", "00,", "00.5,", "0123456.5,", "1.,", "1.e5,", "1234567.,", "1e,", "1.5e,", "-,", ".5,",
    ] {
      for padding in [0, 1, 8, 16] {
        #expect(read(text, padding: padding) == nil, "\(text)+\(padding)")
      }
    }
  }
}
