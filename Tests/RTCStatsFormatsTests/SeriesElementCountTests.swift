import Testing

@testable import RTCStatsFormats

/// The webrtc-internals index counts a series' elements from its commas, eight bytes at a
/// time: the counts must be those of a byte-by-byte look at every length and alignment.
@Suite struct SeriesElementCountTests {
  @Test func byteCountsInAWordAreExact() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      var bytes = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
      // Plant the searched byte and its neighbours (0x2B, 0x2D, 0xAC) often.
      for index in 0..<8 where Bool.random(using: &generator) {
        bytes[index] = [0x2C, 0x2B, 0x2D, 0xAC, 0x00][Int.random(in: 0..<5, using: &generator)]
      }
      let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      let expected = bytes.filter { $0 == 0x2C }.count
      #expect(WebRTCInternalsParser.bytes(equalTo: 0x2C, in: word) == expected, "\(bytes)")
    }
  }

  /// `countElements` of `text` placed after `padding` spaces in its buffer.
  static func count(_ text: String, after padding: Int) throws -> Int {
    let bytes = [UInt8](repeating: 0x20, count: padding) + Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      try WebRTCInternalsParser.countElements(
        base: buffer.allocatedBase + padding, count: bytes.count - padding)
    }
  }

  @Test func numberArraysOfEveryLengthAndOffset() throws {
    for elements in 0...40 {
      let values = (0..<elements).map { "\(Double($0) * 1.5 - 7)" }
      let text = "[" + values.joined(separator: ",") + "]"
      for padding in 0..<8 {
        // The array starts at every offset from an 8-byte boundary.
        #expect(try Self.count(text, after: padding) == elements, "\(text) at offset \(padding)")
      }
    }
  }

  @Test func arraysWithStringsOrNestedValuesAreCountedByTheReader() throws {
    let cases: [(String, Int)] = [
      (#"["a,b","c"]"#, 2), ("[[1,2],[3]]", 2), (#"[{"x":1,"y":2},3]"#, 2), ("[]", 0), ("[true,null,1]", 3),
    ]
    for (text, expected) in cases {
      let bytes = Array(text.utf8)
      let count = try bytes.withUnsafeBufferPointer { buffer in
        try WebRTCInternalsParser.countElements(base: buffer.allocatedBase, count: bytes.count)
      }
      #expect(count == expected, "\(text)")
    }
  }

  /// Series longer than 255 blocks of 16 bytes (the vector counters are summed every 255
  /// blocks, before a byte counter could wrap: in `ones` every other byte is a comma, the
  /// same lanes in every block), and long series with one string or nested value at the
  /// start, in the middle or at the end, which only its quote or bracket sends to the reader.
  @Test func longArraysAreCountedExactly() throws {
    for elements in [300, 1021, 4097, 20_000] {
      let values = (0..<elements).map { String($0 % 1000) }
      let ones = [String](repeating: "7", count: elements)
      var cases = [(values, elements), (ones, elements)]
      for special in [#""a,b""#, "[1,2]", #"{"x":1,"y":[2,3]}"#] {
        for position in [0, elements / 2, elements] {
          var withSpecial = values
          withSpecial.insert(special, at: position)
          cases.append((withSpecial, elements + 1))
        }
      }
      // Not JSON, found by the reader: a brace sends a series there as a bracket does.
      for position in [0, elements / 2] {
        var broken = values
        broken.insert("{2,3}", at: position)
        let bytes = Array(("[" + broken.joined(separator: ",") + "]").utf8)
        #expect(throws: JSONError.self, "\(elements) elements, {2,3} at \(position)") {
          try bytes.withUnsafeBufferPointer { buffer in
            try WebRTCInternalsParser.countElements(base: buffer.allocatedBase, count: bytes.count)
          }
        }
      }
      for (elementTexts, expected) in cases {
        let text = "[" + elementTexts.joined(separator: ",") + "]"
        for padding in 0..<3 {
          let count = try Self.count(text, after: padding)
          #expect(count == expected, "\(elements) elements, \(text.prefix(12))… at offset \(padding)")
        }
      }
    }
  }
}
