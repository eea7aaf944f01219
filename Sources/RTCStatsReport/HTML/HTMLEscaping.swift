/// Escapes text for HTML text content and quoted attribute values alike.
///
/// `&`, `<`, `>`, `"` and `'` become character references, so text can neither open a tag,
/// close a raw-text element (`</style>`), end an attribute value nor start a reference.
/// Control characters that HTML forbids (U+0000–U+001F except tab, line feed and carriage
/// return, U+007F, and the C1 controls U+0080–U+009F) become U+FFFD, the replacement
/// character, so a NUL or an escape sequence from a dump never reaches the page.
enum HTMLEscaping {
  /// The UTF-8 bytes of U+FFFD.
  private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// Appends `text`, escaped, to `bytes`.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  static func append(_ text: String, to bytes: inout [UInt8]) {
    var utf8 = text.utf8.makeIterator()
    var pending = utf8.next()
    while let byte = pending {
      pending = utf8.next()
      switch byte {
      case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
      case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
      case 0x09, 0x0A, 0x0D: bytes.append(byte)
      case 0x00..<0x20, 0x7F: bytes.append(contentsOf: replacement)
      case 0xC2 where pending.map { (0x80...0x9F).contains($0) } ?? false:
        // A C1 control character, encoded C2 80 … C2 9F.
        bytes.append(contentsOf: replacement)
        pending = utf8.next()
      default: bytes.append(byte)
      }
    }
  }

  /// `text`, escaped.
  static func escape(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    append(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
