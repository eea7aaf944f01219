/// Writes a ``ReportSection`` and, recursively, its subsections: heading, facts, notes,
/// findings, band, charts, tables, children.
struct SectionRenderer {
  /// How deep the section is nested: 0 for a top-level section (heading `h2`).
  let depth: Int
  /// The section's time axis, if it has any time at all.
  let timeRange: TimeRange?

  /// Writes `section`.
  func write(_ section: ReportSection, into writer: inout HTMLWriter) {
    let range = section.timeRange ?? timeRange
    let axis = range.map { TimeAxis(range: $0) }
    writer.element(.section, [.classes(["report-section", kindClass(section.kind)]), .id(section.id)]) {
      writer in
      writer.element(headingTag, text: section.title)
      if let subtitle = section.subtitle {
        writer.element(.p, [.class("subtitle")], text: subtitle)
      }
      FactList.write(section.facts, into: &writer)
      if !section.notes.isEmpty {
        writer.element(.ul, [.class("notes")]) { writer in
          for note in section.notes { writer.element(.li, text: note) }
        }
      }
      if !section.findings.isEmpty {
        FindingsList(timeOrigin: axis?.range.start).write(section.findings, into: &writer)
      }
      writer.newline()
      if let axis {
        if let band = section.band { BandRenderer(axis: axis).write(band, into: &writer) }
        for chart in section.charts { ChartRenderer(axis: axis).write(chart, into: &writer) }
      } else {
        writeWithoutTime(section, into: &writer)
      }
      for table in section.tables { TableRenderer.write(table, into: &writer) }
      let childRenderer = SectionRenderer(depth: depth + 1, timeRange: range)
      for child in section.children { childRenderer.write(child, into: &writer) }
    }
    writer.newline()
  }

  /// A section without any time has nothing to draw: say so for each chart and band.
  private func writeWithoutTime(_ section: ReportSection, into writer: inout HTMLWriter) {
    let titles = (section.band.map { [($0.title, $0.id)] } ?? []) + section.charts.map { ($0.title, $0.id) }
    for (title, id) in titles {
      var attributes: [HTMLAttribute] = [.class("nodata")]
      if let id { attributes.append(.id(id)) }
      writer.element(.p, attributes) { writer in
        writer.element(.strong, text: title)
        writer.text(": no data")
      }
    }
  }

  private var headingTag: HTMLTag {
    switch depth {
    case 0: .h2
    case 1: .h3
    case 2: .h4
    case 3: .h5
    default: .h6
    }
  }

  private func kindClass(_ kind: ReportSection.Kind) -> StaticString {
    switch kind {
    case .dump: "kind-dump"
    case .call: "kind-call"
    case .peerConnection: "kind-pc"
    case .track: "kind-track"
    case .layer: "kind-layer"
    case .other: "kind-other"
    }
  }
}
