/// Writes the page's table of contents: a link to the findings and to every section down to
/// tracks (layers are reached through their track).
enum TableOfContents {
  /// Sections deeper than this are not listed.
  static let maximumDepth = 2

  /// Writes the contents of `document`; nothing for a document without sections.
  static func write(_ document: ReportDocument, into writer: inout HTMLWriter) {
    guard !document.sections.isEmpty else { return }
    writer.element(.nav, [.class("toc"), .text(.ariaLabel, "Contents")]) { writer in
      writer.element(.ul) { writer in
        if !document.findings.isEmpty {
          writer.element(.li) { writer in
            writer.element(.a, [.href(AnchorID("findings"))], text: "Findings")
            writer.element(.span, [.class("count")], text: " " + String(document.findings.count))
          }
        }
        for section in document.sections { writeEntry(section, depth: 0, into: &writer) }
      }
    }
  }

  private static func writeEntry(_ section: ReportSection, depth: Int, into writer: inout HTMLWriter) {
    writer.element(.li) { writer in
      writer.element(.a, [.href(section.id)], text: section.title)
      let listed = section.children.filter { _ in depth < maximumDepth }
      guard !listed.isEmpty else { return }
      writer.element(.ul) { writer in
        for child in listed { writeEntry(child, depth: depth + 1, into: &writer) }
      }
    }
  }
}
