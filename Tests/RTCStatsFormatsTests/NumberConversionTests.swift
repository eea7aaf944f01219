import Foundation
import Testing

@testable import RTCStatsFormats

/// The reader's number conversion (Clinger's fast path, Eisel–Lemire, strtod) agrees with the
/// standard library's correctly rounded parser on every kind of decimal.
@Suite struct NumberConversionTests {
  private func read(_ text: String) throws -> Double {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBytes { (buffer) throws -> Double in
      var reader = JSONReader(buffer)
      return try reader.readDouble()
    }
  }

  /// Deterministic pseudo-random decimals: up to 25 significant digits, exponents −330…310.
  static let samples: [String] = {
    var generator = SplitMix64(state: 0x5EED)
    var result = [
      "0.0025199999999999997", "410.62449599999997", "1796049847656.578", "2.2250738585072014e-308",
      "1.7976931348623157e308", "5e-324", "4.9406564584124654e-324", "9007199254740993",
      "0.1", "0.3", "123456789012345678901234567890", "1e23", "8.98846567431158e307",
      "2.2250738585072011e-308", "0.000000000000000000000000000001",
      "1.00000000000000011102230246251565404236316680908203125",
    ]
    for _ in 0..<20_000 {
      var text = generator.plainDecimal(maximumDigits: 25)
      let exponent = Int(generator.next() % 641) - 330
      if generator.next() % 2 == 0 { text += "e\(exponent)" }
      result.append(text)
    }
    return result
  }()

  @Test func agreesWithTheStandardLibrary() throws {
    var mismatches: [String] = []
    for text in Self.samples {
      let expected = Double(text) ?? .nan
      let actual = try read(text)
      if actual.bitPattern != expected.bitPattern { mismatches.append("\(text): \(actual) vs \(expected)") }
      let negative = try read("-" + text)
      if negative.bitPattern != (-expected).bitPattern { mismatches.append("-\(text)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Around the 19 significant digits the mantissa holds: zeros before the first significant
  /// digit of a fraction (never counted), 18 to 21 significant digits split at every place
  /// between the integer part and the fraction, each read as the standard library reads it.
  @Test func significantDigitsAroundTheMantissaLimit() throws {
    var generator = SplitMix64(state: 19)
    var mismatches: [String] = []
    func check(_ text: String) throws {
      let expected = Double(text) ?? .nan
      if try read(text).bitPattern != expected.bitPattern { mismatches.append(text) }
    }
    for zeros in 0...25 {
      for digits in 1...25 {
        let significant = (0..<digits).map { _ in String(1 + generator.next() % 9) }.joined()
        try check("0." + String(repeating: "0", count: zeros) + significant)
        try check("0." + String(repeating: "0", count: zeros) + significant + "e5")
      }
    }
    for total in 18...21 {
      let digits = "9" + (1..<total).map { _ in String(generator.next() % 10) }.joined()
      for point in 1..<total {
        var text = digits
        text.insert(".", at: text.index(text.startIndex, offsetBy: point))
        try check(text)
        try check(text + "0000")
        try check(text + "e-3")
      }
      try check(digits)
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Numbers inside a longer buffer, so that their digits are read eight bytes at a time:
  /// every digit count from 1 to 24, in the integer part and in the fraction, followed by
  /// each byte that can end a number and by the bytes next to the digits (`/` 0x2F, `:`
  /// 0x3A) and a non-ASCII byte; the reader stops on that byte with the standard library's
  /// value.
  @Test func digitsReadWordByWordStopAtTheFirstOtherByte() throws {
    var generator = SplitMix64(state: 8)
    var mismatches: [String] = []
    let endings: [UInt8] = Array(",}] \n\t/:x".utf8) + [0x80, 0xFF, 0x00]
    for digits in 1...24 {
      let integer = "1" + (1..<digits).map { _ in String(generator.next() % 10) }.joined()
      for text in [integer, "0." + integer, integer + "." + integer, "-" + integer] {
        for ending in endings {
          let bytes = Array(text.utf8) + [ending] + Array(repeating: UInt8(ascii: " "), count: 9)
          let (value, stop) = try bytes.withUnsafeBytes { (buffer) throws -> (Double, Int) in
            var reader = JSONReader(buffer)
            let value = try reader.readDouble()
            return (value, reader.offset)
          }
          let expected = Double(text) ?? .nan
          if value.bitPattern != expected.bitPattern || stop != text.utf8.count {
            mismatches.append("\(text) + \(ending): \(value) at \(stop)")
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}
