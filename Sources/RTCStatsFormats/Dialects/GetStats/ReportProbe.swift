/// Looks into one member of an app's wrapper for a getStats report, whatever the member's
/// name: `{"timestamp":…,"data":"[{…}]"}`, `{"snapshots":[[…],[…]]}`, `{"payload":{id: stats}}`.
///
/// A member holds a report when its value, or the JSON text of its string value, is
///
/// - an array whose first element is a stats object (a `type`, `id`, `timestamp` or `ssrc`
///   member), a `{key, value}` entry or an `[id, stats]` entry: one snapshot;
/// - an object whose first member's value is a stats object: an `{id: stats}` map;
///
/// and a log when it is an array whose first element is such a snapshot (an array value
/// only: a log in a string cannot be streamed and is not looked for). Anything else, such
/// as `[[1, 2]]` or `{"none": 0.5}`, holds nothing. The probe reads the first element only,
/// and restores the cursor.
enum ReportProbe {
  /// What a member holds.
  enum Found: Equatable { case nothing, report, log }

  /// What the value under the cursor holds; the cursor is left where it was.
  static func probe(_ reader: inout JSONReader) throws(JSONError) -> Found {
    try reader.lookahead { (reader) throws(JSONError) -> Found in
      switch try reader.peekKind() {
      case .string: return try embedded(reader.readStringToken())
      case .array, .object: return try value(&reader)
      default: return .nothing
      }
    }
  }

  /// A report inside a string member: its text parsed and probed like a value.
  private static func embedded(_ token: JSONKey) -> Found {
    let first = token.bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return .nothing }
    var text: [UInt8] = []
    JSONReader.unescape(token.bytes, into: &text)
    return text.withUnsafeBufferPointer { buffer -> Found in
      guard let base = buffer.baseAddress else { return .nothing }
      var inner = JSONReader(base: base, count: buffer.count)
      guard let found = try? value(&inner), found == .report else { return .nothing }
      return .report
    }
  }

  /// The array or object under the cursor.
  private static func value(_ reader: inout JSONReader) throws(JSONError) -> Found {
    if try reader.peekKind() == .object {
      var object = try reader.beginObject()
      guard try reader.nextKey(in: &object) != nil, try reader.peekKind() == .object else {
        return .nothing
      }
      return try SnapshotShape.classifyObject(&reader, probesMembers: false) == .statsObject
        ? .report : .nothing
    }
    var array = try reader.beginArray()
    guard try reader.nextElement(in: &array) else { return .nothing }
    if try isSnapshotElement(&reader) { return .report }
    let kind = try reader.peekKind()
    guard kind == .array || kind == .object else { return .nothing }
    return try reader.lookahead(isSnapshot) ? .log : .nothing
  }

  /// Whether the value under the cursor is an element of a snapshot array: a stats object,
  /// a `{key, value}` entry or an `[id, stats]` entry.
  private static func isSnapshotElement(_ reader: inout JSONReader) throws(JSONError) -> Bool {
    try reader.lookahead { (reader) throws(JSONError) -> Bool in
      switch try reader.peekKind() {
      case .object:
        let kind = try SnapshotShape.classifyObject(&reader, probesMembers: false)
        return kind == .statsObject || kind == .keyValue
      case .array:
        var entry = try reader.beginArray()
        guard try reader.nextElement(in: &entry), try reader.peekKind() == .string else { return false }
        try reader.skipValue()
        guard try reader.nextElement(in: &entry) else { return false }
        return try reader.peekKind() == .object
      default:
        return false
      }
    }
  }

  /// Whether the value under the cursor is one snapshot (an array of snapshot elements or
  /// an `{id: stats}` map).
  private static func isSnapshot(_ reader: inout JSONReader) throws(JSONError) -> Bool {
    try value(&reader) == .report
  }
}
