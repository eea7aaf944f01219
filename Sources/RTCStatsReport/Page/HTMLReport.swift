/// Renders a ``ReportDocument`` as one self-contained HTML page.
///
/// The page loads nothing: style sheet and script are inline (admitted by hash through its
/// Content Security Policy, everything else forbidden), the charts are inline SVG drawn
/// here. It is complete without the script, which only adds the hover read-out and series
/// toggling. Light and dark colours follow `prefers-color-scheme`; print always uses the
/// light ones and keeps charts and table rows whole.
///
/// Every string of the model is escaped by ``HTMLWriter``; the model cannot carry markup,
/// a URL or a style.
public enum HTMLReport {
  /// The page for `document`, as text.
  public static func render(_ document: ReportDocument) -> String {
    String(decoding: renderBytes(document), as: UTF8.self)
  }

  /// The page for `document`, as UTF-8 bytes (what a file should hold).
  public static func renderBytes(_ document: ReportDocument) -> [UInt8] {
    var writer = HTMLWriter(capacity: 256 * 1024)
    writer.documentHead(title: document.title, style: PageStyle.css, script: PageScript.javascript)
    writer.element(.body) { writer in
      writer.newline()
      writeHeader(document, into: &writer)
      writer.newline()
      TableOfContents.write(document, into: &writer)
      writer.newline()
      writer.element(.main) { writer in
        if !document.findings.isEmpty {
          let origin = document.timeRange ?? documentContentRange(document)
          let list = FindingsList(timeOrigin: origin?.start)
          writer.element(.section, [.class("findings-box"), .id(AnchorID("findings"))]) { writer in
            writer.element(.h2, text: "Findings")
            list.write(document.findings, into: &writer)
          }
          writer.newline()
        }
        for section in document.sections {
          let range = section.timeRange ?? document.timeRange ?? section.contentTimeRange
          SectionRenderer(depth: 0, timeRange: range).write(section, into: &writer)
        }
      }
      writer.newline()
      writer.element(.footer, [.class("page-footer")]) { writer in
        writer.text("Drawn by ")
        writer.text(document.generator)
        writer.text(" from the dump alone; nothing on this page was loaded from anywhere.")
      }
      writer.newline()
      writer.inlineScript(PageScript.javascript)
    }
    writer.newline()
    writer.documentEnd()
    return writer.bytes
  }

  private static func writeHeader(_ document: ReportDocument, into writer: inout HTMLWriter) {
    writer.element(.header, [.class("page-header")]) { writer in
      writer.element(.h1, text: document.title)
      writer.element(.p, [.class("generator")], text: document.generator)
      FactList.write(document.facts, into: &writer)
    }
  }

  /// The range every section of `document` spans, or `nil`.
  private static func documentContentRange(_ document: ReportDocument) -> TimeRange? {
    document.sections.compactMap { $0.timeRange ?? $0.contentTimeRange }.reduce(nil) { range, next in
      range.map { $0.union(next) } ?? next
    }
  }
}

/// Writes a list of facts as a `<dl>` of label–value pairs.
enum FactList {
  /// Writes `facts`; nothing when there are none.
  static func write(_ facts: [ReportFact], into writer: inout HTMLWriter) {
    guard !facts.isEmpty else { return }
    writer.element(.dl, [.class("facts")]) { writer in
      for fact in facts {
        writer.element(.div) { writer in
          writer.element(.dt, text: fact.label)
          writer.element(.dd, text: fact.value)
        }
      }
    }
  }
}
