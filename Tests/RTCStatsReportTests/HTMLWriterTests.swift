import Testing

@testable import RTCStatsReport

@Suite struct HTMLWriterTests {
  @Test func writesBalancedElementsWithEscapedTextAndAttributes() {
    var writer = HTMLWriter()
    writer.element(.p, [.class("note"), .text(.title, #"say "hi" <now>"#)]) { writer in
      writer.text("1 < 2 & 3")
      writer.element(.br) { _ in }
      writer.element(.strong, text: "bold")
    }
    #expect(
      writer.html
        == #"<p class="note" title="say &quot;hi&quot; &lt;now&gt;">1 &lt; 2 &amp; 3<br><strong>bold</strong></p>"#
    )
  }

  @Test func writesEmptySVGElementsSelfClosedAndHTMLOnesWithEndTags() {
    var writer = HTMLWriter()
    writer.empty(.circle, [.number(.cx, 1.25, decimals: 1), .number(.r, 2)])
    writer.empty(.td)
    #expect(writer.html == #"<circle cx="1.3" r="2"/><td></td>"#)
  }

  @Test func linksOnlyToAnchorsOfThePage() {
    var writer = HTMLWriter()
    writer.element(.a, [.href(AnchorID("javascript:alert(1)"))], text: "x")
    // The only href the writer can make starts with `#`, followed by a sanitised id.
    #expect(writer.html.hasPrefix(##"<a href="#javascript-alert-1-h"##))
  }

  @Test func svgTitleIsWrittenAsTitle() {
    var writer = HTMLWriter()
    writer.element(.svgTitle, text: "tooltip")
    #expect(writer.html == "<title>tooltip</title>")
  }

  @Test func documentHeadAdmitsExactlyItsStyleAndScriptByHash() {
    var writer = HTMLWriter()
    writer.documentHead(title: "</title><script>", style: "p{color:red}", script: "void 0;")
    let html = writer.html
    // Hashes by `printf 'p{color:red}' | openssl dgst -sha256 -binary | base64`.
    #expect(html.contains("style-src &#39;sha256-p0bF+un5yUb9MBO6xRb8kPHlY2BdpHVtLiFkDrZPF64=&#39;"))
    #expect(html.contains("script-src &#39;sha256-T1YEXClWF9CUhD2vRqC2ZkctVhPSMrn+MCIkJI7U02I=&#39;"))
    #expect(html.contains("default-src &#39;none&#39;"))
    #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;</title>"))
    #expect(html.contains("<style>p{color:red}</style>"))
  }

  @Test func pageStyleAndScriptCannotEndTheirElementEarly() {
    #expect(!PageStyle.css.text.contains("</"))
    #expect(!PageScript.javascript.text.contains("</"))
    #expect(!PageScript.javascript.text.contains("<!--"))
  }

  @Test func aPageWithoutScriptForbidsEveryScript() {
    #expect(ContentSecurityPolicy.policy(style: "", script: nil).hasSuffix("script-src 'none'"))
  }
}
