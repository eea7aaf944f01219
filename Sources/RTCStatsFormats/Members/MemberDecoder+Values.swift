extension MemberDecoder {
  // MARK: - Numbers

  /// A numeric member: a number, a numeric string or a boolean (and what `policy` adds);
  /// `nil` for `null` and for values of another type (counted when the policy says so).
  ///
  /// - `name`: The member's name, for the tally of ignored members.
  @inline(__always)
  mutating func number(_ reader: inout JSONReader, name: JSONKey?, policy: MemberPolicy)
    throws(JSONError) -> Double?
  {
    let byte = reader.peekByte() ?? 0
    if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 { return try reader.readDouble() }
    switch try reader.peekKind() {
    case .number:
      return try reader.readDouble()
    case .string:
      let token = try reader.readStringToken()
      if let value = Self.parseNumericString(token) { return value }
      if policy.readsBooleanStrings {
        if token.equals("true") { return 1 }
        if token.equals("false") { return 0 }
      }
      if policy.decodesJSONStrings, token.hasEscapes, let value = quotedNumber(token) { return value }
      noteIgnored(name, policy: policy)
      return nil
    case .bool:
      return try reader.readBool() ? 1 : 0
    case .null:
      try reader.readNull()
      return nil
    case .object, .array:
      try reader.skipValue()
      noteIgnored(name, policy: policy)
      return nil
    }
  }

  /// Parses a numeric string such as `"45"` or `"0.25"` (legacy stats); `nil` otherwise.
  static func parseNumericString(_ token: JSONKey) -> Double? {
    guard !token.hasEscapes, token.count > 0, token.count <= 64 else { return nil }
    var reader = JSONReader(base: token.start, count: token.count)
    guard let value = try? reader.readDouble(), reader.isAtEnd() else { return nil }
    return value
  }

  /// A number JSON-quoted inside a string (`"\"42\""`).
  private mutating func quotedNumber(_ token: JSONKey) -> Double? {
    JSONReader.unescape(token.bytes, into: &scratch)
    guard scratch.count >= 3, scratch.first == UInt8(ascii: "\""), scratch.last == UInt8(ascii: "\"")
    else { return nil }
    return scratch.withUnsafeBufferPointer { buffer -> Double? in
      var reader = JSONReader(base: buffer.allocatedBase + 1, count: buffer.count - 2)
      guard let value = try? reader.readDouble(), reader.isAtEnd() else { return nil }
      return value
    }
  }

  // MARK: - Text

  /// ``text(_:name:policy:)`` for the member read in name-catalog `state`: the value it had
  /// in that state last time is tried first (one comparison), and a plain string read
  /// becomes the next prediction.
  @inline(__always)
  mutating func text(_ reader: inout JSONReader, name: JSONKey, policy: MemberPolicy, state: Int)
    throws(JSONError) -> String?
  {
    let predicted = names.predictedValue(at: state)
    if predicted >= 0, let value = interner.consume(predicted, from: &reader) { return value }
    valueMisses &+= 1
    guard reader.peekByte() == UInt8(ascii: "\"") else {
      return try text(&reader, name: name, policy: policy)
    }
    let token = try reader.readStringToken()
    if token.hasEscapes {
      names.learnValue(-1, at: state)
      return policy.decodesJSONStrings ? unquotedText(token) : token.decoded()
    }
    let (value, entry) = interner.internIndexed(token.start, token.count)
    names.learnValue(entry, at: state)
    return value
  }

  /// A text member: a string (interned), or what `policy` accepts besides: numbers and
  /// booleans spelled out, JSON quotes stripped; `nil` for `null` and anything else
  /// (counted when the policy says so).
  @inline(__always)
  mutating func text(_ reader: inout JSONReader, name: JSONKey?, policy: MemberPolicy)
    throws(JSONError) -> String?
  {
    if reader.peekByte() == UInt8(ascii: "\"") {
      let token = try reader.readStringToken()
      guard token.hasEscapes, policy.decodesJSONStrings else { return interner.intern(token) }
      return unquotedText(token)
    }
    switch try reader.peekKind() {
    case .string:
      let token = try reader.readStringToken()
      guard token.hasEscapes, policy.decodesJSONStrings else { return interner.intern(token) }
      return unquotedText(token)
    case .number:
      return try numberAsText(&reader, name: name, policy: policy)
    case .bool:
      guard policy.booleansAsText else { return try skip(&reader, name: name, policy: policy) }
      return try reader.readBool() ? "true" : "false"
    case .null:
      try reader.readNull()
      return nil
    case .object, .array:
      return try skip(&reader, name: name, policy: policy)
    }
  }

  private mutating func numberAsText(_ reader: inout JSONReader, name: JSONKey?, policy: MemberPolicy)
    throws(JSONError) -> String?
  {
    switch policy.numbersAsText {
    case .rejected:
      return try skip(&reader, name: name, policy: policy)
    case .asWritten:
      reader.skipWhitespace()
      let start = reader.offset
      try reader.skipNumber()
      return interner.intern(reader.base + start, reader.offset - start)
    case .canonical:
      switch try reader.readNumber() {
      case .int(let value): return String(value)
      case .uint(let value): return String(value)
      case .double(let value): return String(value)
      }
    }
  }

  /// A string with escapes, unescaped, one pair of JSON quotes stripped (`"\"connected\""`).
  private mutating func unquotedText(_ token: JSONKey) -> String {
    JSONReader.unescape(token.bytes, into: &scratch)
    return scratch.withUnsafeBufferPointer { bytes -> String in
      var start = 0
      var end = bytes.count
      if end >= 2, bytes[0] == UInt8(ascii: "\""), bytes[end - 1] == UInt8(ascii: "\"") {
        start += 1
        end -= 1
      }
      guard let base = bytes.baseAddress, end > start else { return "" }
      return interner.intern(base + start, end - start)
    }
  }

  /// Skips a value of a type the policy does not accept.
  private mutating func skip(_ reader: inout JSONReader, name: JSONKey?, policy: MemberPolicy)
    throws(JSONError) -> String?
  {
    try reader.skipValue()
    noteIgnored(name, policy: policy)
    return nil
  }

  /// Counts an ignored member when the policy says so.
  mutating func noteIgnored(_ name: JSONKey?, policy: MemberPolicy) {
    guard policy.countsIgnored, let name else { return }
    ignored.note(name)
  }
}
