import Testing

@testable import RTCStatsReport

@Suite struct HTMLEscapingTests {
  @Test func escapesEveryCharacterThatMeansSomethingInMarkup() {
    #expect(HTMLEscaping.escape(#"a&b<c>d"e'f"#) == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
  }

  @Test func keepsOrdinaryTextAndMultiByteCharactersAsTheyAre() {
    let text = "PC_0 → Müller 東京 🎥 tab\tline\nend\r"
    #expect(HTMLEscaping.escape(text) == text)
  }

  @Test func replacesControlCharactersWithTheReplacementCharacter() {
    // NUL, ESC, DEL and the C1 controls U+0085 and U+009B are not allowed in HTML text.
    #expect(
      HTMLEscaping.escape("a\u{0}b\u{1B}c\u{7F}d\u{85}e\u{9B}f")
        == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f")
    // U+00A0 (C2 A0) is just after the C1 range and stays.
    #expect(HTMLEscaping.escape("a\u{A0}b") == "a\u{A0}b")
  }

  @Test(arguments: [
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "</style>", "]]>", "\u{0}",
    "'><a href=javascript:alert(1)>", "<!--", "&lt;script&gt;",
  ])
  func hostileTextComesOutWithoutMarkup(_ hostile: String) {
    let escaped = HTMLEscaping.escape(hostile)
    for character in ["<", ">", "\"", "'", "\u{0}"] {
      #expect(!escaped.contains(character))
    }
    // Every `&` starts one of the five references the escaper writes.
    let references = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
    var rest = Substring(escaped)
    while let ampersand = rest.firstIndex(of: "&") {
      let tail = rest[ampersand...]
      #expect(references.contains { tail.hasPrefix($0) })
      rest = rest[rest.index(after: ampersand)...]
    }
  }
}
