import RTCStatsFormats
import Testing

// MARK: - Helpers

/// Runs `body` on a reader over `bytes`.
private func read<Value>(
  bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth,
  _ body: (inout JSONReader) throws(JSONError) -> Value
) throws(JSONError) -> Value {
  let result = bytes.withUnsafeBytes { buffer in
    Result { () throws(JSONError) -> Value in
      var reader = JSONReader(buffer, maxDepth: maxDepth)
      return try body(&reader)
    }
  }
  return try result.get()
}

/// Runs `body` on a reader over the UTF-8 of `text`.
private func read<Value>(
  _ text: String, maxDepth: Int = JSONReader.defaultMaxDepth,
  _ body: (inout JSONReader) throws(JSONError) -> Value
) throws(JSONError) -> Value {
  try read(bytes: Array(text.utf8), maxDepth: maxDepth, body)
}

/// The error of both whole-text readers (tree and skip), which must agree; `nil` if both accept.
private func wholeTextError(bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth)
  -> JSONError?
{
  var parseError: JSONError?
  var skipError: JSONError?
  do throws(JSONError) {
    _ = try read(bytes: bytes, maxDepth: maxDepth) { (reader) throws(JSONError) in
      _ = try reader.readValue()
      try reader.expectEnd()
    }
  } catch {
    parseError = error
  }
  do throws(JSONError) {
    try read(bytes: bytes, maxDepth: maxDepth) { (reader) throws(JSONError) in
      try reader.skipValue()
      try reader.expectEnd()
    }
  } catch {
    skipError = error
  }
  #expect(parseError == skipError, "readValue and skipValue disagree")
  return parseError
}

private func wholeTextError(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth)
  -> JSONError?
{
  wholeTextError(bytes: Array(text.utf8), maxDepth: maxDepth)
}

// MARK: - Numbers

struct JSONReaderNumberTests {
  @Test(arguments: [
    ("0", JSONNumber.int(0)),
    ("-0", .int(0)),
    ("7", .int(7)),
    ("-42", .int(-42)),
    ("9007199254740993", .int(9_007_199_254_740_993)),  // 2^53 + 1: not a Double
    ("9223372036854775807", .int(Int64.max)),
    ("-9223372036854775807", .int(-Int64.max)),
    ("-9223372036854775808", .int(Int64.min)),
    ("9223372036854775808", .uint(1 << 63)),
    ("18446744073709551614", .uint(UInt64.max - 1)),
    ("18446744073709551615", .uint(UInt64.max)),
    // Beyond 64 bits: the nearest Double.
    ("18446744073709551616", .double(18_446_744_073_709_551_616.0)),
    ("-9223372036854775809", .double(-9_223_372_036_854_775_808.0)),
    ("123456789012345678901234567890", .double(1.2345678901234568e29)),
    // A fraction or an exponent makes a Double even when the value is whole.
    ("1.0", .double(1)),
    ("1e2", .double(100)),
    ("-0.0", .double(-0.0)),
  ])
  func exactIntegers(text: String, expected: JSONNumber) throws {
    let number = try read(text) { (reader) throws(JSONError) in try reader.readNumber() }
    #expect(number == expected)
    if case .double(let value) = expected {
      guard case .double(let read) = number else { return }
      #expect(read.sign == value.sign)
    }
    #expect(try JSONValue.parse(text) == .number(expected))
  }

  /// Cases where a naive conversion (digits times a power of ten) is off by one ulp, halfway
  /// cases, and the ends of the range; `Double(String)` (strtod) is the reference.
  @Test(arguments: [
    "0.1", "0.2", "0.3", "0.30000000000000004", "1.5", "-2.5e-3", "3.14159", "1e22", "1e23",
    "-1e23", "8.98846567431158e307", "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623159e308", "1e309", "-1e400", "2.2250738585072011e-308",
    "2.2250738585072012e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
    "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400", "-1e-400", "7.038531e-26",
    "9007199254740993.0", "9007199254740993e0", "9007199254740992.5",
    "0.1000000000000000055511151231257827021181583404541015625",
    "0.1000000000000000055511151231257827021181583404541015624",
    "0.1000000000000000055511151231257827021181583404541015626",
    "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124",
    "1.00000000000000011102230246251565404236316680908203126",
    "12345678901234567890123456789e-29", "0.000000000000000000000000000000000001",
    "123456789012345678e-30", "4503599627370497.5", "4503599627370496.5",
    "1e-22", "1e-23", "9.999999999999999e22", "0e400", "0.0000e-400", "-0e0",
    "1E+2", "1e-0", "100000000000000000000000000000000000000000000000000000000000000000000000001",
  ])
  func correctlyRoundedDoubles(text: String) throws {
    let expected = try #require(Double(text))
    let value = try read(text) { (reader) throws(JSONError) in try reader.readDouble() }
    #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) != \(expected)")
  }

  /// Random decimal strings of every length and exponent, against `Double(String)`.
  @Test func randomDecimalsRoundCorrectly() throws {
    var random = SplitMix64(state: 0x5EED)
    var mismatches: [String] = []
    for _ in 0..<50_000 {
      var text = Bool.random(using: &random) ? "-" : ""
      let integerDigits = Int.random(in: 1...24, using: &random)
      for index in 0..<integerDigits {
        let digit =
          index == 0 && integerDigits > 1
          ? Int.random(in: 1...9, using: &random) : Int.random(in: 0...9, using: &random)
        text += String(digit)
      }
      if Bool.random(using: &random) {
        text += "."
        for _ in 0..<Int.random(in: 1...24, using: &random) {
          text += String(Int.random(in: 0...9, using: &random))
        }
      }
      if Bool.random(using: &random) {
        text += ["e", "E", "e-", "e+"].randomElement(using: &random) ?? "e"
        text += String(Int.random(in: 0...340, using: &random))
      }
      let expected = try #require(Double(text))
      let value = try read(text) { (reader) throws(JSONError) in try reader.readDouble() }
      if value.bitPattern != expected.bitPattern { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  /// Every finite Double survives printing (shortest round-trip form) and reading back.
  @Test func randomDoublesRoundTrip() throws {
    var random = SplitMix64(state: 42)
    var mismatches: [String] = []
    for _ in 0..<50_000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      let text = "\(value)"
      let read = try read(text) { (reader) throws(JSONError) in try reader.readDouble() }
      if read.bitPattern != value.bitPattern { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test(arguments: [
    ("01", 0), ("-", 1), ("-a", 0), ("1.", 2), ("1.e5", 0), (".5", 0), ("1e", 2), ("1e+", 3),
    ("1ex", 0), ("-01", 0), ("+1", 0), ("0x10", 1),
  ])
  func malformedNumbers(text: String, offset: Int) {
    let error = wholeTextError(text)
    #expect(error?.offset == offset, "\(text): \(String(describing: error))")
  }

  @Test func readDoubleRejectsOtherTypes() {
    #expect(throws: JSONError(.typeMismatch(expected: "a number", found: "a string"), at: 1)) {
      try read(" \"1\"") { (reader) throws(JSONError) in try reader.readDouble() }
    }
    #expect(throws: JSONError(.unexpectedEnd(expected: "a number"), at: 2)) {
      try read("  ") { (reader) throws(JSONError) in try reader.readDouble() }
    }
  }
}

// MARK: - Strings

struct JSONReaderStringTests {
  @Test(arguments: [
    (#""""#, ""),
    (#""plain""#, "plain"),
    (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    (#""\u0041\u00e9\u00E9\u20AC\u0000""#, "Aéé€\u{0}"),
    (#""a\\u0041""#, "a\\u0041"),
    // Surrogate pairs, upper and lower case hex.
    (#""\uD834\uDD1E""#, "𝄞"),
    (#""\ud83d\ude00!""#, "😀!"),
    (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
    // Lone or misordered surrogates become U+FFFD; what follows is kept.
    (#""\uD800""#, "\u{FFFD}"),
    (#""\uDC00""#, "\u{FFFD}"),
    (#""\uD800x""#, "\u{FFFD}x"),
    (#""\uD800\u0041""#, "\u{FFFD}A"),
    (#""\uD800\n""#, "\u{FFFD}\n"),
    (#""\uDD1E\uD834""#, "\u{FFFD}\u{FFFD}"),
    (#""\uD800\uD800\uDC00""#, "\u{FFFD}\u{10000}"),
    // Raw UTF-8 of every length, DEL and non-characters are fine unescaped.
    ("\"é€😀\u{7F}\u{FFFF}\u{10FFFF}\"", "é€😀\u{7F}\u{FFFF}\u{10FFFF}"),
  ])
  func decodesEscapes(json: String, expected: String) throws {
    let value = try read(json) { (reader) throws(JSONError) in try reader.readString() }
    #expect(value == expected)
    #expect(wholeTextError(json) == nil)
  }

  /// The plain-ASCII fast path looks at eight bytes at a time: a special byte in every
  /// lane of the word, and just past it, must still be seen.
  @Test func specialBytesInEveryPosition() throws {
    for position in 0..<20 {
      let before = [UInt8](repeating: UInt8(ascii: "a"), count: position)
      let after = [UInt8](repeating: UInt8(ascii: "b"), count: 19 - position)
      func string(_ middle: [UInt8]) -> [UInt8] { [0x22] + before + middle + after + [0x22] }
      // A control character or a lone continuation byte is an error at its own offset.
      #expect(
        wholeTextError(bytes: string([0x1F]))
          == JSONError(.controlCharacterInString, at: 1 + position))
      #expect(wholeTextError(bytes: string([0x80])) == JSONError(.invalidUTF8, at: 1 + position))
      // A quote ends the string early: what follows is trailing data.
      #expect(wholeTextError(bytes: string([0x22])) == JSONError(.trailingData, at: 2 + position))
      // Escapes, UTF-8 and DEL are read back exactly.
      for (middle, expected) in [
        (Array(#"\""#.utf8), "\""), (Array(#"\\"#.utf8), "\\"), (Array(#"\n"#.utf8), "\n"),
        (Array("é".utf8), "é"), ([0x7F], "\u{7F}"),
      ] {
        let value = try read(bytes: string(middle)) { (reader) throws(JSONError) in
          try reader.readString()
        }
        #expect(
          value == String(repeating: "a", count: position) + expected
            + String(repeating: "b", count: 19 - position))
      }
    }
  }

  @Test func keysCompareAfterUnescaping() throws {
    try read(#"{"\u0061b":1,"ab":2,"a":3}"#) { (reader) throws(JSONError) in
      var object = try reader.beginObject()
      var matches: [Bool] = []
      while let key = try reader.nextKey(in: &object) {
        matches.append(key.equals("ab"))
        try reader.skipValue()
      }
      #expect(matches == [true, true, false])
    }
  }

  /// Bytes that are not UTF-8 (RFC 3629) are rejected at the lead byte.
  @Test(
    arguments: [
      [0xFF], [0xC0, 0x80], [0xC1, 0xBF],  // invalid lead bytes, overlong 2-byte forms
      [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80],  // overlong 3- and 4-byte forms
      [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],  // UTF-8-encoded surrogates
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],  // beyond U+10FFFF
      [0x80], [0xBF],  // lone continuation bytes
      [0xE2, 0x82], [0xE2, 0x82, 0x41], [0xF0, 0x9F, 0x98],  // cut short before the quote
      [0xC3, 0x28],  // a lead byte followed by ASCII
    ] as [[UInt8]])
  func rejectsInvalidUTF8(sequence: [UInt8]) {
    let bytes = [UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")]
    #expect(wholeTextError(bytes: bytes) == JSONError(.invalidUTF8, at: 1))
  }

  @Test func acceptsValidUTF8AtTheEdges() {
    for sequence: [UInt8] in [
      [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ] {
      let bytes = [UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")]
      #expect(wholeTextError(bytes: bytes) == nil, "\(sequence)")
    }
  }

  /// A multi-byte sequence cut by the end of the buffer is "unexpected end" (a streaming
  /// caller reads more), not "invalid".
  @Test func utf8CutByTheEndOfTheBuffer() {
    #expect(
      wholeTextError(bytes: [0x22, 0xF0, 0x9F])
        == JSONError(.unexpectedEnd(expected: "the rest of a UTF-8 sequence"), at: 3))
    #expect(
      wholeTextError(bytes: [0x22, 0xE2])
        == JSONError(.unexpectedEnd(expected: "the rest of a UTF-8 sequence"), at: 2))
  }

  @Test func rejectsRawControlCharacters() {
    for byte: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F] {
      let bytes: [UInt8] = [0x22, 0x61, byte, 0x62, 0x22]
      #expect(wholeTextError(bytes: bytes) == JSONError(.controlCharacterInString, at: 2))
    }
    #expect(wholeTextError(bytes: [0x22, 0x7F, 0x22]) == nil)
    #expect(wholeTextError(#""\u0001\u001f""#) == nil)
  }

  @Test(arguments: [
    (#""\x41""#, 1), (#""\U0041""#, 1), (#""\u00G1""#, 5), (#""\u12""#, 5), (#""\'""#, 1),
    ("\"\\\u{9}\"", 1),
  ])
  func rejectsInvalidEscapes(json: String, offset: Int) {
    #expect(wholeTextError(json) == JSONError(.invalidEscape, at: offset))
  }

  @Test func unterminatedStrings() {
    #expect(
      wholeTextError(#""abc"#)
        == JSONError(.unexpectedEnd(expected: "'\"' to close the string"), at: 4))
    #expect(
      wholeTextError(#""abc\"#) == JSONError(.unexpectedEnd(expected: "an escape sequence"), at: 5))
    #expect(
      wholeTextError(#""\u00"#) == JSONError(.unexpectedEnd(expected: "four hex digits"), at: 5))
  }
}

// MARK: - Structure and errors

struct JSONReaderStructureTests {
  @Test func readsATree() throws {
    let value = try JSONValue.parse(#" {"a":[1,"x",true,false,null,{},[]],"b":{"c":-1.5},"a":2} "#)
    let expected = JSONValue.object([
      (
        "a",
        .array([
          .number(.int(1)), .string("x"), .bool(true), .bool(false), .null, .object([]), .array([]),
        ])
      ),
      ("b", .object([("c", .number(.double(-1.5)))])),
      ("a", .number(.int(2))),
    ])
    #expect(value == expected)
    #expect(value["a"]?.arrayValue?.count == 7)
    #expect(value["b"]?["c"]?.doubleValue == -1.5)
  }

  /// Every error: its message and the offset of the byte at fault.
  @Test(arguments: [
    ("[1,]", 3, "expected a value after ',', found ']'"),
    ("[1,,2]", 3, "expected a value, found ','"),
    ("[,1]", 1, "expected a value, found ','"),
    ("[1 2]", 3, "expected ',' or ']' after an array element, found '2'"),
    (#"{"a":1,}"#, 7, "expected a member name in quotes, found '}'"),
    (#"{"a":1 "b":2}"#, 7, "expected ',' or '}' after an object member, found '\"'"),
    (#"{"a" 1}"#, 5, "expected ':' after a member name, found '1'"),
    ("{a:1}", 1, "expected a member name in quotes, found 'a'"),
    (#"{"a":}"#, 5, "expected a value, found '}'"),
    ("[1,2", 4, "unexpected end of input, expected ',' or ']'"),
    ("[", 1, "unexpected end of input, expected a value or ']'"),
    ("{", 1, "unexpected end of input, expected a member name or '}'"),
    (#"{"a":1,"#, 7, "unexpected end of input, expected a member name"),
    (#"{"a""#, 4, "unexpected end of input, expected ':'"),
    (#"{"a":1"#, 6, "unexpected end of input, expected ',' or '}'"),
    ("", 0, "unexpected end of input, expected a value"),
    ("  \n", 3, "unexpected end of input, expected a value"),
    ("[tru]", 4, "expected 'true', found ']'"),
    ("[nul", 4, "unexpected end of input, expected 'null'"),
    ("fals", 4, "unexpected end of input, expected 'false'"),
    ("[True]", 1, "expected a value, found 'T'"),
    ("nulx", 3, "expected 'null', found 'x'"),
    ("[1] x", 4, "unexpected data after the end of the JSON value"),
    ("[1]]", 3, "unexpected data after the end of the JSON value"),
    ("01", 0, "invalid number"),
    ("[NaN]", 1, "expected a value, found 'N'"),
    ("\u{C}1", 0, "expected a value, found byte 0x0C"),
    ("[1,\"\\q\"]", 4, "invalid escape sequence in string"),
    ("\"a\nb\"", 2, "unescaped control character in string"),
  ])
  func errorMessagesAndOffsets(json: String, offset: Int, message: String) throws {
    let error = try #require(wholeTextError(json))
    #expect(error.offset == offset)
    #expect(error.description == message)
  }

  @Test func lineAndColumnOfAnError() throws {
    let json = "{\n  \"a\": 1,\n  \"b\": [1,]\n}"
    let error = try #require(wholeTextError(json))
    #expect(error.description == "expected a value after ',', found ']'")
    let position = Array(json.utf8).withUnsafeBufferPointer {
      JSONReader.lineAndColumn(of: error.offset, in: $0)
    }
    #expect(position.line == 3 && position.column == 11)
  }

  @Test func typeMismatchNamesWhatWasFound() {
    #expect(throws: JSONError(.typeMismatch(expected: "a string", found: "an array"), at: 0)) {
      try read("[]") { (reader) throws(JSONError) in try reader.readString() }
    }
    #expect(throws: JSONError(.typeMismatch(expected: "a boolean", found: "null"), at: 1)) {
      try read(" null") { (reader) throws(JSONError) in try reader.readBool() }
    }
    #expect(throws: JSONError(.unexpectedByte(UInt8(ascii: "["), expected: "'{'"), at: 0)) {
      try read("[]") { (reader) throws(JSONError) in _ = try reader.beginObject() }
    }
  }

  // MARK: Depth

  @Test func depthLimit() {
    #expect(wholeTextError("[[[1]]]", maxDepth: 3) == nil)
    #expect(wholeTextError("[[[[1]]]]", maxDepth: 3) == JSONError(.tooDeep(limit: 3), at: 3))
    #expect(wholeTextError(#"{"a":[{"b":[]}]}"#, maxDepth: 4) == nil)
    #expect(
      wholeTextError(#"{"a":[{"b":[]}]}"#, maxDepth: 3) == JSONError(.tooDeep(limit: 3), at: 11))
    // The default limit: 512 levels pass, 513 do not.
    let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(wholeTextError(ok) == nil)
    let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(wholeTextError(deep) == JSONError(.tooDeep(limit: 512), at: 512))
  }

  /// Levels opened with `beginArray`/`beginObject` count against the limit of `skipValue`.
  @Test func skipValueCountsTheEnclosingLevels() {
    func skipMembers(maxDepth: Int) -> JSONError? {
      do throws(JSONError) {
        try read(#"{"a":[[1]],"b":0}"#, maxDepth: maxDepth) { (reader) throws(JSONError) in
          var object = try reader.beginObject()
          while try reader.nextKey(in: &object) != nil { try reader.skipValue() }
          try reader.expectEnd()
        }
        return nil
      } catch {
        return error
      }
    }
    #expect(skipMembers(maxDepth: 3) == nil)
    #expect(skipMembers(maxDepth: 2) == JSONError(.tooDeep(limit: 2), at: 6))
  }

  /// Beyond 64 levels `skipValue` keeps the container kinds in an array: mixed arrays and
  /// objects 300 deep must be matched and closed correctly.
  @Test func skipsDeeplyMixedNesting() {
    var json = ""
    for level in 0..<300 { json += level % 3 == 0 ? #"{"k":"# : "[0," }
    json += "null"
    for level in (0..<300).reversed() { json += level % 3 == 0 ? "}" : "]" }
    #expect(wholeTextError(json, maxDepth: 300) == nil)
    #expect(wholeTextError(json, maxDepth: 299) != nil)
    // The same nesting with one bracket mismatched at level 100 (an array closed by '}').
    var broken = Array(json.utf8)
    let closeIndex = broken.count - 1 - 100  // the closer of level 100
    #expect(broken[closeIndex] == UInt8(ascii: "]"))
    broken[closeIndex] = UInt8(ascii: "}")
    #expect(
      wholeTextError(bytes: broken, maxDepth: 300)
        == JSONError(
          .unexpectedByte(UInt8(ascii: "}"), expected: "',' or ']' after an array element"),
          at: closeIndex))
  }

  @Test func hundredThousandOpeningBracketsDoNotOverflowTheStack() {
    let arrays = String(repeating: "[", count: 100_000)
    #expect(wholeTextError(arrays) == JSONError(.tooDeep(limit: 512), at: 512))
    let objects = String(repeating: #"{"a":"#, count: 100_000)
    #expect(wholeTextError(objects) == JSONError(.tooDeep(limit: 512), at: 512 * 5))
  }

  // MARK: Lookahead

  @Test func lookaheadRestoresThePosition() throws {
    try read(#"  {"type":"codec","id":"x"}"#) { (reader) throws(JSONError) in
      let type = try reader.lookahead { (ahead) throws(JSONError) -> String? in
        var object = try ahead.beginObject()
        while let key = try ahead.nextKey(in: &object) {
          if key.equals("type") { return try ahead.readString() }
          try ahead.skipValue()
        }
        return nil
      }
      #expect(type == "codec")
      #expect(reader.offset == 0)
      // The depth is restored too: the whole object still reads and closes.
      let value = try reader.readValue()
      #expect(value["id"] == .string("x"))
      try reader.expectEnd()
    }
  }

  @Test func lookaheadRestoresThePositionWhenItThrows() throws {
    try read("[1, 2, oops]") { (reader) throws(JSONError) in
      var array = try reader.beginArray()
      _ = try reader.nextElement(in: &array)
      let before = reader.offset
      let failure: JSONError?
      do throws(JSONError) {
        try reader.lookahead { [array] (ahead) throws(JSONError) in
          var elements = array
          repeat { try ahead.skipValue() } while try ahead.nextElement(in: &elements)
        }
        failure = nil
      } catch {
        failure = error
      }
      #expect(failure == JSONError(.unexpectedByte(UInt8(ascii: "o"), expected: "a value"), at: 7))
      #expect(reader.offset == before)
      let first = try reader.readNumber()
      #expect(first == .int(1))
    }
    try read("[[1]]", maxDepth: 2) { (reader) throws(JSONError) in
      // Entering inside lookahead must not leave the depth raised afterwards.
      for _ in 0..<10 {
        try reader.lookahead { (ahead) throws(JSONError) in
          _ = try ahead.beginArray()
          _ = try ahead.beginArray()
        }
      }
      try reader.skipValue()
    }
  }
}
