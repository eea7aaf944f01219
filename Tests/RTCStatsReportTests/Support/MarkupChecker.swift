/// A small, independent HTML well-formedness checker for the report's output.
///
/// It tokenizes the page the way the HTML parser would for what the report may contain and
/// reports: text holding a raw `<` or `>`, an attribute value holding a raw `"` or `<`,
/// unbalanced or mismatched tags, event-handler, `style`, `src` attributes, links anywhere
/// but to an anchor of the page, links to anchors that do not exist, duplicate ids, and the
/// elements a report must never hold. `<style>` and `<script>` content is read raw, up to
/// the matching end tag, as the HTML parser does.
struct MarkupChecker {
  struct Element {
    var name: String
    var attributes: [(name: String, value: String)]
  }

  private(set) var problems: [String] = []
  private(set) var elements: [Element] = []
  private(set) var rawTexts: [(element: String, text: String)] = []
  private(set) var text = ""

  static let voidElements: Set<String> = ["meta", "br"]
  static let forbiddenElements: Set<String> = [
    "img", "iframe", "object", "embed", "link", "base", "form", "input", "textarea", "frame", "video",
    "audio", "source", "foreignobject", "use", "image", "animate", "set",
  ]

  init(_ html: String) {
    let bytes = Array(html.utf8)
    var stack: [String] = []
    var ids: Set<String> = []
    var links: [String] = []
    var index = 0
    if bytes.starts(with: Array("<!DOCTYPE html>".utf8)) { index = 15 }
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "<") {
        guard let tag = parseTag(bytes, &index) else { return }
        if tag.isEnd {
          if stack.last == tag.name {
            stack.removeLast()
          } else {
            problems.append("unexpected </\(tag.name)>")
          }
          continue
        }
        record(tag, ids: &ids, links: &links)
        if tag.name == "style" || tag.name == "script" {
          readRawText(bytes, &index, element: tag.name)
        } else if !tag.selfClosing && !MarkupChecker.voidElements.contains(tag.name) {
          stack.append(tag.name)
        }
      } else {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        let chunk = String(decoding: bytes[start..<index], as: UTF8.self)
        if chunk.contains(">") { problems.append("raw '>' in text: \(chunk.prefix(60))") }
        if chunk.contains("\u{0}") { problems.append("NUL in text") }
        text += chunk
      }
    }
    if !stack.isEmpty { problems.append("unclosed: \(stack)") }
    for link in links where !ids.contains(link) { problems.append("link to missing #\(link)") }
  }

  private struct Tag {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var isEnd = false
    var selfClosing = false
  }

  private mutating func record(_ tag: Tag, ids: inout Set<String>, links: inout [String]) {
    if MarkupChecker.forbiddenElements.contains(tag.name) { problems.append("forbidden <\(tag.name)>") }
    for (name, value) in tag.attributes {
      if name.hasPrefix("on") { problems.append("event handler \(name)") }
      if ["style", "src", "srcset", "action", "formaction", "xlink:href", "background"].contains(name) {
        problems.append("attribute \(name) on <\(tag.name)>")
      }
      if name == "href" {
        if value.hasPrefix("#") {
          links.append(String(value.dropFirst()))
        } else {
          problems.append("href \(value)")
        }
      }
      if name == "id" && !ids.insert(value).inserted { problems.append("duplicate id \(value)") }
    }
    elements.append(Element(name: tag.name, attributes: tag.attributes))
  }

  private mutating func readRawText(_ bytes: [UInt8], _ index: inout Int, element: String) {
    let end = Array("</\(element)>".utf8)
    let start = index
    while index < bytes.count, !bytes[index...].starts(with: end) { index += 1 }
    rawTexts.append((element, String(decoding: bytes[start..<index], as: UTF8.self)))
    index = min(bytes.count, index + end.count)
  }

  /// Parses `<name attr="value" …>` or `</name>` at `index`; `nil` (with a problem) when
  /// the markup is not of that shape.
  private mutating func parseTag(_ bytes: [UInt8], _ index: inout Int) -> Tag? {
    var tag = Tag(name: "")
    index += 1
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
      tag.isEnd = true
      index += 1
    }
    tag.name = readName(bytes, &index)
    guard !tag.name.isEmpty else {
      problems.append("raw '<' in text at byte \(index)")
      return nil
    }
    while index < bytes.count {
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
      guard index < bytes.count else { break }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        return tag
      }
      if bytes[index...].starts(with: Array("/>".utf8)) {
        tag.selfClosing = true
        index += 2
        return tag
      }
      let name = readName(bytes, &index)
      guard !name.isEmpty else {
        problems.append("bad attribute in <\(tag.name)> at byte \(index)")
        return nil
      }
      var value = ""
      if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") else {
          problems.append("unquoted value of \(name)")
          return nil
        }
        index += 2
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
        value = String(decoding: bytes[start..<index], as: UTF8.self)
        if value.contains("<") || value.contains(">") { problems.append("raw '<' or '>' in \(name)") }
        index += 1
      }
      tag.attributes.append((name.lowercased(), value))
    }
    problems.append("unterminated tag <\(tag.name)")
    return nil
  }

  private func readName(_ bytes: [UInt8], _ index: inout Int) -> String {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isNameByte =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ":")
      guard isNameByte else { break }
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }
}
