/// The Content Security Policy of the report page: nothing may load or run except the
/// page's own style sheet and script, named by their SHA-256 hashes.
///
/// `default-src 'none'` forbids every fetch (scripts, styles, images, fonts, frames,
/// connections); `style-src` and `script-src` admit exactly the two inline blocks the
/// ``HTMLWriter`` writes from static text. So even markup that slipped past escaping could
/// neither run a script, load an image (`onerror`), nor restyle the page.
enum ContentSecurityPolicy {
  /// The policy for a page with this style sheet and, optionally, this script.
  static func policy(style: StaticString, script: StaticString?) -> String {
    var policy = "default-src 'none'; base-uri 'none'; form-action 'none'; "
    policy += "style-src '" + hashSource(style) + "'; "
    policy += "script-src " + (script.map { "'" + hashSource($0) + "'" } ?? "'none'")
    return policy
  }

  /// `sha256-…`: the CSP hash source of an inline block's exact text.
  static func hashSource(_ text: StaticString) -> String {
    let bytes = text.withUTF8Buffer { Array($0) }
    return "sha256-" + base64(SHA256.digest(bytes))
  }

  /// Standard base64 with padding (RFC 4648 §4).
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        if position <= count {
          output.append(alphabet[Int((group >> UInt32(18 - position * 6)) & 0x3F)])
        } else {
          output.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
