/// Writes an HTML document that cannot contain untrusted text raw.
///
/// - Element names come from ``HTMLTag``, a closed list; attribute names and the shape of
///   their values from ``HTMLAttribute``'s constructors.
/// - Every `String` handed to the writer — text content and attribute values — is escaped
///   (``HTMLEscaping``). The only unescaped text it writes is `StaticString`: written in the
///   code, never read from a dump.
/// - Elements are written by ``element(_:_:_:)`` around a closure, so start and end tags
///   always balance.
/// - `<style>` and `<script>` hold only static text, and the document head carries a
///   Content Security Policy that allows exactly those two blocks (by hash) and nothing
///   else: no other script, style, image, font or connection, even if a bug let markup in.
///
/// ```swift
/// var writer = HTMLWriter()
/// writer.element(.p, [.class("note")]) { $0.text(dumpFileName) }
/// ```
public struct HTMLWriter: Sendable {
  /// The document written so far, as UTF-8.
  public private(set) var bytes: [UInt8] = []

  /// Creates an empty writer.
  ///
  /// - Parameter capacity: Bytes to reserve for the document.
  public init(capacity: Int = 64 * 1024) {
    bytes.reserveCapacity(capacity)
  }

  /// The document written so far.
  public var html: String { String(decoding: bytes, as: UTF8.self) }

  // MARK: - Elements

  /// Writes an element: start tag, whatever `content` writes, end tag.
  public mutating func element(
    _ tag: HTMLTag, _ attributes: [HTMLAttribute] = [], _ content: (inout HTMLWriter) -> Void
  ) {
    startTag(tag, attributes)
    guard !tag.isVoid else { return }
    content(&self)
    endTag(tag)
  }

  /// Writes an element holding only `text`, escaped.
  public mutating func element(_ tag: HTMLTag, _ attributes: [HTMLAttribute] = [], text: String) {
    element(tag, attributes) { $0.text(text) }
  }

  /// Writes an element without content: `<br>`, `<path … />`, `<td></td>`.
  public mutating func empty(_ tag: HTMLTag, _ attributes: [HTMLAttribute] = []) {
    if tag.isSVG {
      bytes.append(UInt8(ascii: "<"))
      bytes.append(contentsOf: tag.name.utf8)
      appendAttributes(attributes)
      bytes.append(contentsOf: "/>".utf8)
    } else {
      element(tag, attributes) { _ in }
    }
  }

  /// Writes text content, escaped.
  public mutating func text(_ text: String) {
    HTMLEscaping.append(text, to: &bytes)
  }

  // MARK: - Document frame

  /// Writes `<!DOCTYPE html>`, the `<html>` start tag and the whole `<head>`: charset,
  /// viewport, a Content Security Policy admitting exactly `style` and `script`, the title,
  /// and the style sheet.
  ///
  /// The script is not written here; ``inlineScript(_:)`` writes it at the end of the body.
  public mutating func documentHead(title: String, style: StaticString, script: StaticString?) {
    raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
    raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    raw("<meta http-equiv=\"Content-Security-Policy\" content=\"")
    text(ContentSecurityPolicy.policy(style: style, script: script))
    raw("\">\n")
    element(.title, text: title)
    raw("\n")
    inlineStyle(style)
    raw("</head>\n")
  }

  /// Writes `<style>` with `css`, static text from the code.
  ///
  /// The text must not contain `</`; the tests check every style sheet of the target.
  public mutating func inlineStyle(_ css: StaticString) {
    raw("<style>")
    raw(css)
    raw("</style>\n")
  }

  /// Writes `<script>` with `javascript`, static text from the code.
  ///
  /// The text must not contain `</`; the tests check every script of the target.
  public mutating func inlineScript(_ javascript: StaticString) {
    raw("<script>")
    raw(javascript)
    raw("</script>\n")
  }

  /// Writes the end of the document: `</html>`.
  public mutating func documentEnd() {
    raw("</html>\n")
  }

  /// Writes a line break in the markup (between blocks, for people reading the source).
  public mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
  }

  // MARK: - Internals

  private mutating func startTag(_ tag: HTMLTag, _ attributes: [HTMLAttribute]) {
    bytes.append(UInt8(ascii: "<"))
    bytes.append(contentsOf: tag.name.utf8)
    appendAttributes(attributes)
    bytes.append(UInt8(ascii: ">"))
  }

  private mutating func endTag(_ tag: HTMLTag) {
    bytes.append(contentsOf: "</".utf8)
    bytes.append(contentsOf: tag.name.utf8)
    bytes.append(UInt8(ascii: ">"))
  }

  private mutating func appendAttributes(_ attributes: [HTMLAttribute]) {
    for attribute in attributes {
      bytes.append(UInt8(ascii: " "))
      bytes.append(contentsOf: attribute.name.utf8)
      guard let value = attribute.value else { continue }
      bytes.append(contentsOf: "=\"".utf8)
      HTMLEscaping.append(value, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// Appends static text unescaped: markup written in the code.
  private mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }
}
