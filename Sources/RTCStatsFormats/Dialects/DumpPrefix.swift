/// The first bytes of a (decompressed) dump, and the facts every dialect's sniffer asks
/// about them: read once, before the registry asks the dialects.
///
/// ``read(window:source:)`` checks the encoding (UTF-8, not UTF-16), consumes a UTF-8 byte
/// order mark and the leading whitespace, however long, so that every dialect starts at the
/// first byte of its data; the sniffers then look at ``bytes`` and, for a top-level object,
/// at its first ``memberNames``.
struct DumpPrefix {
  /// Bytes looked at: enough for every dialect's first member or line.
  static let length = 64 << 10

  /// The bytes from the first non-whitespace byte on (after a byte order mark).
  let bytes: UnsafeRawBufferPointer
  /// Whether ``bytes`` reach the end of the stream.
  let isComplete: Bool
  /// The first top-level member names (at most 65), when the dump starts with `{`; as far as
  /// the prefix reaches when a member is cut.
  let memberNames: [String]
  /// Whether the dump starts with `[` and its first element is a string.
  let startsWithStringElement: Bool
  /// The first member names of the first element, when the dump starts with `[{`.
  let firstElementMemberNames: [String]

  /// The first byte (never whitespace).
  var first: UInt8 { bytes[0] }

  /// Fills `window` from the start of the stream, checks the encoding, consumes a byte order
  /// mark and the whitespace before the data (reading as far as it goes: the window stays
  /// its size), and reads the facts of the next ``length`` bytes.
  ///
  /// The prefix points into the
  /// window: use it before the window changes.
  ///
  /// - Throws: A ``DumpError`` for an empty, blank or UTF-16 file.
  static func read(window: inout StreamWindow, source: inout some ByteSource) throws(DumpError) -> DumpPrefix
  {
    _ = try window.fill(from: &source)
    while window.unread.count < 4, try window.fill(from: &source) {}
    let raw = window.unread.bindMemory(to: UInt8.self)
    guard !raw.isEmpty else { throw DumpError(.data, "the file is empty") }
    if let problem = Self.encodingProblem(raw) { throw DumpError(.data, problem) }
    if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { window.consume(3) }
    guard try window.peekByte(from: &source) != nil else {
      throw DumpError(.data, "the file contains only whitespace")
    }
    while window.unread.count < length, try window.fill(from: &source) {}
    let unread = window.unread
    return DumpPrefix(
      UnsafeRawBufferPointer(rebasing: unread.prefix(length)),
      isComplete: window.isAtEndOfStream && unread.count <= length)
  }

  /// The facts of `bytes`, which start with a byte that is not whitespace.
  private init(_ bytes: UnsafeRawBufferPointer, isComplete: Bool) {
    self.bytes = bytes
    self.isComplete = isComplete
    memberNames = bytes[0] == UInt8(ascii: "{") ? Self.memberNames(bytes) : []
    startsWithStringElement = bytes[0] == UInt8(ascii: "[") && Self.firstElementIsString(bytes)
    firstElementMemberNames = bytes[0] == UInt8(ascii: "[") ? Self.firstElementMemberNames(bytes) : []
  }

  /// Whether the bytes start with `text`.
  func starts(with text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    for offset in 0..<count where bytes[offset] != text.utf8Start[offset] { return false }
    return true
  }

  /// Whether the top-level object has a member `name` among its first ones.
  func hasMember(_ name: String) -> Bool { memberNames.contains(name) }

  /// What is wrong with the encoding of the first bytes, or `nil` for UTF-8.
  static func encodingProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
      return "the file is UTF-16 text; rtcstats reads UTF-8 (convert it with iconv -f UTF-16 -t UTF-8)"
    }
    if bytes.count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[2] != 0, bytes[3] == 0 {
      return "the file looks like UTF-16LE text without a byte order mark; rtcstats reads UTF-8"
    }
    if bytes.count >= 4, bytes[0] == 0, bytes[1] != 0, bytes[2] == 0, bytes[3] != 0 {
      return "the file looks like UTF-16BE text without a byte order mark; rtcstats reads UTF-8"
    }
    return nil
  }

  private static func memberNames(_ bytes: UnsafeRawBufferPointer) -> [String] {
    var reader = JSONReader(bytes)
    return memberNames(&reader)
  }

  /// The member names of the object under the cursor, as far as the bytes reach.
  private static func memberNames(_ reader: inout JSONReader) -> [String] {
    var names: [String] = []
    do throws(JSONError) {
      var object = try reader.beginObject()
      while let key = try reader.nextKey(in: &object) {
        names.append(key.decoded())
        if names.count > 64 { break }
        try reader.skipValue()
      }
    } catch {
      // The prefix may end inside a member; the names seen so far decide.
    }
    return names
  }

  /// `[{"schemaVersion":1,…},…]`: the first names of the first element when it is an object.
  private static func firstElementMemberNames(_ bytes: UnsafeRawBufferPointer) -> [String] {
    var reader = JSONReader(bytes)
    do throws(JSONError) {
      var array = try reader.beginArray()
      guard try reader.nextElement(in: &array), try reader.peekKind() == .object else { return [] }
    } catch {
      return []
    }
    return memberNames(&reader)
  }

  /// `["connectionInfo", null, {…}, 1697705841941]`: an event line.
  ///
  /// A snapshot entry would
  /// be `[["id", {…}], …]`, one level deeper.
  private static func firstElementIsString(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var reader = JSONReader(bytes)
    do throws(JSONError) {
      var array = try reader.beginArray()
      guard try reader.nextElement(in: &array) else { return false }
      return try reader.peekKind() == .string
    } catch {
      return false
    }
  }

  /// What a dump no dialect claims is: binary data, or text that is not JSON.
  var notJSONDescription: String {
    let sample = bytes.prefix(64)
    let printable = sample.allSatisfy {
      ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 >= 0x80
    }
    if !printable || sample.contains(0) {
      return
        "binary data, not a JSON stats dump (first bytes: \(sample.prefix(8).map { Self.hex($0) }.joined(separator: " ")))"
    }
    let line = String(decoding: sample.prefix { $0 != 0x0A && $0 != 0x0D }.prefix(40), as: UTF8.self)
    return "not JSON: the file starts with \"\(line)\""
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }
}
