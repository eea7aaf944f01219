// MARK: - Design
//
// `JSONReader` is a pull reader: the caller asks for the next token it expects and the
// reader checks the bytes against RFC 8259 as it goes, without building a tree. A stats
// parser walks an object member by member, matches each key against the fields it wants
// as raw bytes (no `String` per key), parses only the numbers it keeps and skips the rest
// with `skipValue()`, which still validates every byte it passes. A whole dump is read in
// one pass over one contiguous buffer.
//
// Worked example, reading `{"a":[1,2],"b":"x"}`:
//
//     var object = try reader.beginObject()          // consumes `{`
//     while let key = try reader.nextKey(in: &object) {   // "a", then "b", then nil at `}`
//       if key == "a" {
//         var array = try reader.beginArray()
//         while try reader.nextElement(in: &array) { _ = try reader.readDouble() }
//       } else {
//         try reader.skipValue()
//       }
//     }
//
// Commas and colons are consumed by `nextKey`/`nextElement`, which also reject a trailing
// comma. Nesting is counted against `maxDepth` so that a hostile `[[[[…` stops with an
// error instead of exhausting the stack (the reader itself never recurses). Errors carry
// the byte offset; callers turn it into line:column.
//
// The reader holds a raw pointer into the caller's buffer: use it only inside the
// `withUnsafeBytes` (or similar) scope that produced the buffer.

/// The JSON type of the next value.
package enum JSONValueKind: Sendable, Equatable {
  case object, array, string, number, bool, null

  var name: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}

/// The state of one array or object being read: whether a separator is due.
package struct JSONContainer: Sendable {
  fileprivate var isFirst = true

  /// The state after a member or element: a reader placed right after a value inside an
  /// object or array reads on from there (a helper starting in the middle of a document).
  static var afterMember: JSONContainer { JSONContainer(isFirst: false) }
}

/// A strict, allocation-free pull reader over UTF-8 JSON bytes (RFC 8259).
package struct JSONReader {
  /// The default nesting limit.
  package static let defaultMaxDepth = 512

  let base: UnsafePointer<UInt8>
  let count: Int
  /// Offset of the next unread byte.
  package internal(set) var offset: Int
  /// The deepest nesting accepted.
  package let maxDepth: Int
  var depth = 0

  /// Creates a reader over `buffer`, which must outlive the reader.
  package init(_ buffer: UnsafeRawBufferPointer, maxDepth: Int = JSONReader.defaultMaxDepth) {
    if let address = buffer.baseAddress {
      base = address.assumingMemoryBound(to: UInt8.self)
    } else {
      base = .emptyBufferBase
    }
    count = buffer.count
    offset = 0
    self.maxDepth = maxDepth
  }

  /// Creates a reader over `count` bytes at `base`, which must outlive the reader.
  package init(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int = JSONReader.defaultMaxDepth) {
    self.base = base
    self.count = count
    offset = 0
    self.maxDepth = maxDepth
  }

  /// The bytes the reader walks.
  package var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  // MARK: - Whitespace and structure

  /// Skips JSON whitespace (space, tab, line feed, carriage return).
  @inline(__always)
  package mutating func skipWhitespace() {
    while offset < count {
      let byte = base[offset]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      offset &+= 1
    }
  }

  /// Whether only whitespace is left.
  package mutating func isAtEnd() -> Bool {
    skipWhitespace()
    return offset >= count
  }

  /// Throws unless only whitespace is left.
  package mutating func expectEnd() throws(JSONError) {
    skipWhitespace()
    if offset < count { throw JSONError(.trailingData, at: offset) }
  }

  /// The kind of the next value, after skipping whitespace.
  package mutating func peekKind() throws(JSONError) -> JSONValueKind {
    skipWhitespace()
    guard offset < count else { throw JSONError(.unexpectedEnd(expected: "a value"), at: offset) }
    switch base[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    default: throw JSONError(.unexpectedByte(base[offset], expected: "a value"), at: offset)
    }
  }

  /// The next non-whitespace byte, without consuming it; `nil` at the end.
  @inline(__always)
  package mutating func peekByte() -> UInt8? {
    skipWhitespace()
    return offset < count ? base[offset] : nil
  }

  @usableFromInline
  mutating func enter(_ opening: UInt8, expected: String) throws(JSONError) {
    skipWhitespace()
    guard offset < count else { throw JSONError(.unexpectedEnd(expected: expected), at: offset) }
    guard base[offset] == opening else {
      throw JSONError(.unexpectedByte(base[offset], expected: expected), at: offset)
    }
    depth &+= 1
    if depth > maxDepth { throw JSONError(.tooDeep(limit: maxDepth), at: offset) }
    offset &+= 1
  }

  /// Consumes `{`.
  package mutating func beginObject() throws(JSONError) -> JSONContainer {
    try enter(UInt8(ascii: "{"), expected: "'{'")
    return JSONContainer()
  }

  /// Consumes `[`.
  package mutating func beginArray() throws(JSONError) -> JSONContainer {
    try enter(UInt8(ascii: "["), expected: "'['")
    return JSONContainer()
  }

  /// Reads the next member name of an object and the `:` after it; returns `nil` after
  /// consuming the closing `}`.
  ///
  /// The key is returned as raw bytes; see ``JSONKey``.
  package mutating func nextKey(in object: inout JSONContainer) throws(JSONError) -> JSONKey? {
    guard try enterMember(in: &object) else { return nil }
    let key = try scanString()
    try consumeColon()
    return key
  }

  /// `,` followed by `"`, as a little-endian 16-bit word.
  private static var commaQuote: UInt16 { UInt16(UInt8(ascii: ",")) | UInt16(UInt8(ascii: "\"")) << 8 }

  /// Moves to the next member of an object: consumes the `,` before it and stops at the
  /// opening quote of its name; returns `false` after consuming the closing `}`.
  ///
  /// The name is then read with ``consumeKey(matching:count:)`` or ``scanKey()``, and the
  /// `:` after it with ``consumeColon()`` (what ``nextKey(in:)`` does in one call).
  @inline(__always)
  package mutating func enterMember(in object: inout JSONContainer) throws(JSONError) -> Bool {
    // Compact JSON, the usual case after the first member: `,"` read as one 16-bit word.
    if !object.isFirst, offset &+ 2 <= count,
      UInt16(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt16.self)) == Self.commaQuote
    {
      offset &+= 1
      return true
    }
    skipWhitespace()
    guard offset < count else {
      throw JSONError(
        .unexpectedEnd(expected: object.isFirst ? "a member name or '}'" : "',' or '}'"),
        at: offset)
    }
    if base[offset] == UInt8(ascii: "}") {
      offset &+= 1
      depth &-= 1
      return false
    }
    if object.isFirst {
      object.isFirst = false
    } else {
      guard base[offset] == UInt8(ascii: ",") else {
        throw JSONError(
          .unexpectedByte(base[offset], expected: "',' or '}' after an object member"), at: offset)
      }
      offset &+= 1
      skipWhitespace()
      guard offset < count else {
        throw JSONError(.unexpectedEnd(expected: "a member name"), at: offset)
      }
    }
    guard base[offset] == UInt8(ascii: "\"") else {
      throw JSONError(.unexpectedByte(base[offset], expected: "a member name in quotes"), at: offset)
    }
    return true
  }

  /// Consumes the member name under the cursor (at its opening quote) when it is exactly the
  /// `count` bytes at `expected` and returns it; otherwise returns `nil` and moves nothing.
  ///
  /// `expected` must be plain printable ASCII without `"` or `\` (a name ``scanString()``
  /// read without escapes): then equal bytes followed by `"` are that string, and nothing is
  /// left to validate. A name recognised this way costs one comparison instead of a scan.
  @inline(__always)
  package mutating func consumeKey(matching expected: UnsafePointer<UInt8>, count expectedCount: Int)
    -> JSONKey?
  {
    let start = offset &+ 1
    guard start &+ expectedCount < count, base[start &+ expectedCount] == UInt8(ascii: "\""),
      bytesEqual(base + start, expected, expectedCount)
    else { return nil }
    offset = start &+ expectedCount &+ 1
    return JSONKey(start: base + start, count: expectedCount, hasEscapes: false)
  }

  /// Consumes a string value (after whitespace) when it is exactly the `count` bytes at
  /// `expected`, as ``consumeKey(matching:count:)`` does for a member name; otherwise moves
  /// past the whitespace only.
  @inline(__always)
  package mutating func consumeString(matching expected: UnsafePointer<UInt8>, count expectedCount: Int)
    -> Bool
  {
    skipWhitespace()
    guard offset < count, base[offset] == UInt8(ascii: "\"") else { return false }
    return consumeKey(matching: expected, count: expectedCount) != nil
  }

  /// Reads the member name under the cursor (at its opening quote), validating it.
  @inline(__always)
  package mutating func scanKey() throws(JSONError) -> JSONKey {
    try scanString()
  }

  /// Consumes the `:` after a member name.
  @inline(__always)
  package mutating func consumeColon() throws(JSONError) {
    if offset < count, base[offset] == UInt8(ascii: ":") {
      offset &+= 1
      return
    }
    skipWhitespace()
    guard offset < count else { throw JSONError(.unexpectedEnd(expected: "':'"), at: offset) }
    guard base[offset] == UInt8(ascii: ":") else {
      throw JSONError(.unexpectedByte(base[offset], expected: "':' after a member name"), at: offset)
    }
    offset &+= 1
  }

  /// Moves to the next element of an array; returns `false` after consuming the closing `]`.
  package mutating func nextElement(in array: inout JSONContainer) throws(JSONError) -> Bool {
    skipWhitespace()
    guard offset < count else {
      throw JSONError(
        .unexpectedEnd(expected: array.isFirst ? "a value or ']'" : "',' or ']'"), at: offset)
    }
    if base[offset] == UInt8(ascii: "]") {
      offset &+= 1
      depth &-= 1
      return false
    }
    if array.isFirst {
      array.isFirst = false
    } else {
      guard base[offset] == UInt8(ascii: ",") else {
        throw JSONError(
          .unexpectedByte(base[offset], expected: "',' or ']' after an array element"), at: offset)
      }
      offset &+= 1
      skipWhitespace()
      if offset < count && base[offset] == UInt8(ascii: "]") {
        throw JSONError(.unexpectedByte(base[offset], expected: "a value after ','"), at: offset)
      }
    }
    return true
  }

  // MARK: - Literals

  /// Reads `true` or `false`.
  package mutating func readBool() throws(JSONError) -> Bool {
    skipWhitespace()
    if matchLiteral("true") { return true }
    if matchLiteral("false") { return false }
    if offset < count && base[offset] == UInt8(ascii: "t") { throw literalError("true") }
    if offset < count && base[offset] == UInt8(ascii: "f") { throw literalError("false") }
    throw mismatch(expected: "a boolean")
  }

  /// Reads `null`.
  package mutating func readNull() throws(JSONError) {
    skipWhitespace()
    if matchLiteral("null") { return }
    if offset < count && base[offset] == UInt8(ascii: "n") { throw literalError("null") }
    throw mismatch(expected: "null")
  }

  /// The error for a word under the cursor that starts like `literal` but is not it: the
  /// first byte that differs (`tru]` → "expected 'true', found ']'"), or the end of the
  /// buffer when every byte there matches (`tr` at the very end), so that a streaming caller
  /// knows more bytes may complete it.
  func literalError(_ literal: StaticString) -> JSONError {
    let text = literal.utf8Start
    var index = 0
    while index < literal.utf8CodeUnitCount {
      let position = offset &+ index
      guard position < count else {
        return JSONError(.unexpectedEnd(expected: "'\(literal)'"), at: count)
      }
      if base[position] != text[index] {
        return JSONError(.unexpectedByte(base[position], expected: "'\(literal)'"), at: position)
      }
      index &+= 1
    }
    return JSONError(.unexpectedByte(base[offset], expected: "a value"), at: offset)
  }

  /// Consumes `null` if it comes next.
  package mutating func skipNull() -> Bool {
    skipWhitespace()
    return matchLiteral("null")
  }

  @usableFromInline
  mutating func matchLiteral(_ literal: StaticString) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard count &- offset >= length else { return false }
    let text = literal.utf8Start
    for index in 0..<length where base[offset &+ index] != text[index] { return false }
    offset &+= length
    return true
  }

  /// The error for a value of the wrong type at the cursor.
  mutating func mismatch(expected: String) -> JSONError {
    skipWhitespace()
    guard offset < count else { return JSONError(.unexpectedEnd(expected: expected), at: offset) }
    let saved = offset
    if let kind = try? peekKind() {
      return JSONError(.typeMismatch(expected: expected, found: kind.name), at: saved)
    }
    return JSONError(.unexpectedByte(base[offset], expected: expected), at: offset)
  }

  /// Runs `body` and then puts the cursor back where it was: for looking ahead.
  package mutating func lookahead<Result>(_ body: (inout JSONReader) throws(JSONError) -> Result)
    throws(JSONError) -> Result
  {
    let (savedOffset, savedDepth) = (offset, depth)
    defer { (offset, depth) = (savedOffset, savedDepth) }
    return try body(&self)
  }
}

extension JSONReader {
  /// The 1-based line and column (in bytes) of `offset` in the reader's buffer.
  package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    JSONReader.lineAndColumn(of: offset, in: buffer)
  }

  /// The 1-based line and column (in bytes) of `offset` in `bytes`.
  package static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    line: Int, column: Int
  ) {
    var line = 1
    var lineStart = 0
    let end = min(offset, bytes.count)
    for index in 0..<end where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return (line, offset - lineStart + 1)
  }
}
