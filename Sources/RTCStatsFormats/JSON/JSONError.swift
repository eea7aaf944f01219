/// A syntax error found by ``JSONReader``, with the byte offset where it was found.
package struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package enum Kind: Equatable, Sendable {
    /// The input ended where `expected` should have come.
    case unexpectedEnd(expected: String)
    /// A byte that cannot start or continue what `expected` describes.
    case unexpectedByte(UInt8, expected: String)
    /// A number that does not follow the RFC 8259 grammar.
    case invalidNumber
    /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
    case invalidEscape
    /// A raw control character (U+0000–U+001F) inside a string.
    case controlCharacterInString
    /// Bytes that are not valid UTF-8.
    case invalidUTF8
    /// More nested arrays and objects than the limit.
    case tooDeep(limit: Int)
    /// Something after the end of the JSON text.
    case trailingData
    /// A value of another JSON type than the one required here.
    case typeMismatch(expected: String, found: String)
    /// Well-formed, but beyond one of the reader's limits (``ReaderLimits``); `what` says
    /// which.
    case limitExceeded(String)
  }

  package var kind: Kind
  /// Offset of the offending byte from the start of the buffer.
  package var offset: Int

  package init(_ kind: Kind, at offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  package var description: String {
    switch kind {
    case .unexpectedEnd(let expected): "unexpected end of input, expected \(expected)"
    case .unexpectedByte(let byte, let expected):
      "expected \(expected), found \(Self.describe(byte))"
    case .invalidNumber: "invalid number"
    case .invalidEscape: "invalid escape sequence in string"
    case .controlCharacterInString: "unescaped control character in string"
    case .invalidUTF8: "invalid UTF-8"
    case .tooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
    case .trailingData: "unexpected data after the end of the JSON value"
    case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
    case .limitExceeded(let what): what
    }
  }

  static func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    let hex = String(byte, radix: 16, uppercase: true)
    return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
  }
}
