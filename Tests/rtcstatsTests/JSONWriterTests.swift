import Foundation
import Testing

@testable import rtcstats

/// The JSON writer's fast paths (issue 17) write the text of the plain ones.
@Suite struct JSONWriterTests {
  private func text(_ write: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(capacity: 16)
    write(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// `format`'s text, which builds a `String` the slow way, for values of every shape.
  @Test func numbersAreWrittenAsFormatWritesThem() {
    var state: UInt64 = 42
    var values: [Double] = [
      0, -0.0, 1, -1, 0.5, -0.5, 0.0004, 0.0005, -0.0015, 999.9995, 1e15, 9.007e15, 1e16, -1e16, 1e300,
      1_796_049_853_711.741, 27_900.469, 1_667_305.875, Double(Int64.max),
    ]
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let magnitude = Double([1e-4, 0.1, 1, 1e3, 1e6, 1e12, 1e17][Int(state >> 61) % 7])
      let unit = Double(state >> 11) / Double(1 << 53) - 0.5
      values.append(unit * magnitude)
    }
    for value in values {
      #expect(text { $0.number(value) } == JSONWriter.format(value, fractionDigits: 3), "\(value)")
    }
    for value in [0, 7, -7, 10, 123_456_789, Int.max, Int.min + 1] {
      #expect(text { $0.integer(value) } == String(value))
    }
  }

  @Test func preparedKeysAndElementsWriteTheSameText() {
    let plain = text { writer in
      writer.beginArray()
      for index in 0..<3 {
        writer.beginObject()
        writer.key("bitrate")
        writer.number(Double(index) + 0.25)
        writer.endObject()
      }
      writer.endArray()
    }
    let key = JSONWriter.Key("bitrate")
    let prepared = text { writer in
      writer.beginArray()
      writer.elements(
        Array(
          text { piece in
            for index in 0..<2 {
              piece.beginObject()
              piece.key(key)
              piece.number(Double(index) + 0.25)
              piece.endObject()
            }
          }.utf8))
      writer.elements([])
      writer.elements(Array(#"{"bitrate":2.25}"#.utf8))
      writer.endArray()
    }
    #expect(prepared == plain)
    #expect(text { $0.key(JSONWriter.Key("a\"b\n")) } == #""a\"b\n":"#)
  }

  /// Every string written reads back as itself with Foundation's JSON parser (an independent
  /// reader): plain text, and text whose first character to escape (a quote, a backslash, a
  /// control character) comes at every position, after the fast path copied what was before.
  @Test func stringsReadBackAsWritten() throws {
    let pieces = ["a", "Z", " ", "é", "€", "🎥", "\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", "/"]
    var strings: [String] = ["", "plain", String(repeating: "x", count: 300)]
    for position in 0..<40 {
      for special in ["\"", "\\", "\u{07}", "\n"] {
        strings.append(String(repeating: "p", count: position) + special + "tail")
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let count = Int.random(in: 0..<30, using: &generator)
      strings.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    for string in strings {
      let written = text { writer in
        writer.beginArray()
        writer.string(string)
        writer.endArray()
      }
      let read = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String]
      #expect(read == [string], "\(written)")
    }
  }
}
