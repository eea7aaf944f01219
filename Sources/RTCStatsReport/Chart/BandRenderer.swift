/// Draws a ``BandModel``: a strip of coloured runs on the section's time axis, with a legend
/// of every level and each run's level and reason in its SVG `<title>`.
///
/// Runs are clipped to the axis; time without a run stays blank. Each run is at least one
/// unit wide, so a short critical spell never disappears.
struct BandRenderer {
  /// The section's time axis.
  let axis: TimeAxis
  /// The geometry.
  let layout = ChartLayout.band

  /// Writes `band` as a `<figure>`; a band without runs on the axis as a short note.
  func write(_ band: BandModel, into writer: inout HTMLWriter) {
    let visible = band.runs.filter {
      $0.start.isFinite && $0.end.isFinite && $0.end >= axis.range.start && $0.start <= axis.range.end
    }
    var attributes: [HTMLAttribute] = [.class("band-box")]
    if let id = band.id { attributes.append(.id(id)) }
    guard !visible.isEmpty else {
      var note: [HTMLAttribute] = [.class("nodata")]
      if let id = band.id { note.append(.id(id)) }
      writer.element(.p, note) { writer in
        writer.element(.strong, text: band.title)
        writer.text(": no data")
      }
      return
    }
    writer.element(.figure, attributes) { writer in
      writer.element(.figcaption) { writer in
        writer.element(.span, [.class("chart-title")], text: band.title)
        writeLegend(into: &writer)
      }
      writer.newline()
      let svgAttributes: [HTMLAttribute] = [
        .class("band"), .viewBox(width: ChartLayout.width, height: layout.height), .text(.role, "img"),
        .text(.ariaLabel, band.title),
      ]
      writer.element(.svg, svgAttributes) { writer in
        writer.element(.g, [.class("runs")]) { writer in
          for run in visible { writeRun(run, into: &writer) }
        }
        TimeGrid.write(axis, layout: layout, into: &writer)
      }
    }
    writer.newline()
  }

  private func writeRun(_ run: BandRun, into writer: inout HTMLWriter) {
    let start = ChartLayout.x(max(run.start, axis.range.start), on: axis)
    let end = ChartLayout.x(min(run.end, axis.range.end), on: axis)
    let attributes: [HTMLAttribute] = [
      .class("run", SeriesPalette.levelClass(run.level)), .number(.x, start), .number(.y, layout.top),
      .number(.width, max(1, end - start)), .number(.height, layout.bottom - layout.top),
    ]
    let span = CallTime.format(from: run.start - axis.range.start, to: run.end - axis.range.start)
    let tooltip = run.level.rawValue + " " + span + (run.reason.map { ": " + $0 } ?? "")
    writer.element(.rect, attributes) { $0.element(.svgTitle, text: tooltip) }
  }

  private func writeLegend(into writer: inout HTMLWriter) {
    writer.element(.span, [.class("legend")]) { writer in
      for level in BandLevel.allCases {
        writer.element(.span, [.class("key", "level-key")]) { writer in
          writer.empty(.span, [.class("swatch", SeriesPalette.levelClass(level)), .ariaHidden])
          writer.text(level.rawValue)
        }
      }
    }
  }
}
