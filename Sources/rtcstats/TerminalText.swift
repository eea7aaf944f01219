/// Makes untrusted text safe to print on a terminal.
///
/// Strings from a dump (peer connection ids, user agents, member names quoted in a
/// message) and file names can hold control characters. Printed raw, `ESC ] 0 ; … BEL`
/// sets the window title, `ESC [ 2 J` clears the screen, and `\r` or `\n` forge a line such
/// as `rtcstats: x.json: ok`. ``escaped(_:)`` shows each such character as a visible
/// escape instead:
///
///     TerminalText.escaped("a\u{1b}[2Jb\r\n")   // a\x1b[2Jb\r\n  (14 printable characters)
///     TerminalText.escaped("\u{202e}txt.exe")     // \u{202e}txt.exe
///
/// Escaped: the C0 controls U+0000–U+001F (`\t`, `\n`, `\r` by name, the others as
/// `\xHH`), DEL U+007F (`\x7f`), the C1 controls U+0080–U+009F and the Unicode bidi
/// embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 (`\u{HHHH}`), which
/// can make a line read backwards. Everything else, backslashes included, is kept.
enum TerminalText {
  /// `text` with every control character shown as a visible escape.
  ///
  /// - Complexity: O(*n*) in the length of `text`; text with nothing to escape is returned
  ///   as it is, without copying.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += escape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is one of the characters ``escaped(_:)`` replaces.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\t": return "\\t"
    case "\n": return "\\n"
    case "\r": return "\\r"
    default:
      let hex = String(scalar.value, radix: 16)
      if scalar.value <= 0x7F {
        return "\\x" + (hex.count < 2 ? "0" + hex : hex)
      }
      return "\\u{" + hex + "}"
    }
  }
}
