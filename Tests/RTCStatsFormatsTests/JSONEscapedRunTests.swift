import RTCStatsFormats
import Testing

/// The word-by-word scan of strings that hold escaped quotes.
///
/// Strings serialised into strings (`"[\"VP8\",\"VP8\"]"`) are scanned word by word after
/// their first escaped quote (`JSONReader.scanEscapedRun`). Each string here is built from
/// pieces whose decoded text is known, so the expected value does not come from the reader.
struct JSONEscapedRunTests {
  /// A piece of a string: its bytes in the JSON text and the text they decode to.
  private struct Piece {
    var encoded: [UInt8]
    var decoded: String
  }

  private static let pieces: [Piece] = [
    Piece(encoded: Array("a".utf8), decoded: "a"),
    Piece(encoded: Array("VP8,".utf8), decoded: "VP8,"),
    Piece(encoded: Array(#"\""#.utf8), decoded: "\""),
    Piece(encoded: Array(#"\""#.utf8), decoded: "\""),
    Piece(encoded: Array(#"\\"#.utf8), decoded: "\\"),
    Piece(encoded: Array(#"\n"#.utf8), decoded: "\n"),
    Piece(encoded: Array(#"\u0041"#.utf8), decoded: "A"),
    Piece(encoded: Array("é".utf8), decoded: "é"),
    Piece(encoded: Array("€".utf8), decoded: "€"),
  ]

  /// Reads `bytes` as one string value and checks the whole text the same way with
  /// `skipValue`.
  private func value(of bytes: [UInt8]) throws -> String {
    try bytes.withUnsafeBytes { buffer in
      var reader = JSONReader(buffer)
      let text = try reader.readString()
      try reader.expectEnd()
      var skipper = JSONReader(buffer)
      try skipper.skipValue()
      try skipper.expectEnd()
      return text
    }
  }

  private func error(of bytes: [UInt8]) -> JSONError? {
    bytes.withUnsafeBytes { buffer in
      var reader = JSONReader(buffer)
      do throws(JSONError) {
        _ = try reader.readString()
        try reader.expectEnd()
        return nil
      } catch {
        return error
      }
    }
  }

  @Test func randomStringsWithEscapedQuotesDecodeExactly() throws {
    var generator = SplitMix64(state: 17)
    for _ in 0..<4000 {
      var encoded: [UInt8] = Array(#"\""#.utf8)
      var decoded = "\""
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        let piece = Self.pieces.randomElement(using: &generator)!
        encoded += piece.encoded
        decoded += piece.decoded
      }
      #expect(try value(of: [0x22] + encoded + [0x22]) == decoded)
    }
  }

  /// After an escaped quote, a special byte in every lane of the next words is found at its
  /// own offset, and a backslash that ends a word escapes the next word's first byte.
  @Test func specialBytesAfterAnEscapedQuoteInEveryPosition() throws {
    for position in 0..<24 {
      let before = [0x22] + Array(#"\""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: position)
      let offset = before.count
      #expect(
        error(of: before + [0x1F, 0x22]) == JSONError(.controlCharacterInString, at: offset))
      #expect(error(of: before + [0x80, 0x22]) == JSONError(.invalidUTF8, at: offset))
      #expect(
        error(of: before + Array(#"\x""#.utf8)) == JSONError(.invalidEscape, at: offset))
      #expect(
        error(of: before + [0x22, 0x22]) == JSONError(.trailingData, at: offset + 1))
      #expect(
        error(of: before + Array(#"\"#.utf8))
          == JSONError(.unexpectedEnd(expected: "an escape sequence"), at: offset + 1))
      #expect(
        error(of: before + Array("bbbbbbbbbbbbbbbbbb".utf8))
          == JSONError(.unexpectedEnd(expected: "'\"' to close the string"), at: offset + 18))
      let prefix = "\"" + String(repeating: "a", count: position)
      #expect(try value(of: before + Array(#"\"\\\"""#.utf8)) == prefix + "\"\\\"")
      #expect(try value(of: before + Array(#"\\""#.utf8)) == prefix + "\\")
      #expect(try value(of: before + Array(#"\"é\"""#.utf8)) == prefix + "\"é\"")
    }
  }
}
