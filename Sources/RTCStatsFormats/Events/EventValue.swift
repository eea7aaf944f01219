extension JSONReader {
  /// Runs `body` on every element of the array under the cursor that is an object, with
  /// the reader at the element; other elements are skipped.
  ///
  /// Event lists are such arrays.
  mutating func forEachObject(inArray body: (inout JSONReader) throws(JSONError) -> Void)
    throws(JSONError)
  {
    var array = try beginArray()
    while try nextElement(in: &array) {
      if try peekKind() == .object {
        try body(&self)
      } else {
        try skipValue()
      }
    }
  }
}

/// Reads the value of an event (a new state, an error, the call's argument) as text.
enum EventValue {
  /// The value under the cursor as text: a string as it is, with one pair of JSON quotes
  /// stripped (`"\"connected\""` → `connected`, as Chrome writes states); `null` as `nil`;
  /// any other value as its JSON text from the dump (`{"audio":true}`).
  static func read(_ reader: inout JSONReader) throws(JSONError) -> String? {
    switch try reader.peekKind() {
    case .string:
      return unquoted(try reader.readStringToken().decoded())
    case .null:
      try reader.readNull()
      return nil
    default:
      return try rawJSON(&reader)
    }
  }

  /// The value under the cursor as the JSON text the dump holds, validated.
  static func rawJSON(_ reader: inout JSONReader) throws(JSONError) -> String {
    reader.skipWhitespace()
    let start = reader.offset
    try reader.skipValue()
    return String(
      decoding: UnsafeBufferPointer(start: reader.base + start, count: reader.offset - start), as: UTF8.self)
  }

  /// `text` without one pair of surrounding double quotes.
  static func unquoted(_ text: String) -> String {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
    return String(text.dropFirst().dropLast())
  }
}
