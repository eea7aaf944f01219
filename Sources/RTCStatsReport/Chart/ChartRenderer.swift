/// Draws a ``ChartModel`` as a figure: heading, legend and an inline SVG on the section's
/// time axis.
///
/// Layers, bottom to top: value grid and labels, time grid and labels, shaded intervals,
/// series (one `<g class="series">` each, thinned by ``Downsampler``), finding markers.
/// Every shape that needs words carries them in an SVG `<title>` (the browser's own tooltip),
/// so the chart reads without the page script; the script only adds the hover read-out and
/// series toggling, using the `data-` attributes written here.
struct ChartRenderer {
  /// The section's time axis.
  let axis: TimeAxis
  /// The geometry.
  let layout = ChartLayout.chart

  /// Writes `chart` as a `<figure>`; a chart without data on the axis as a short note.
  func write(_ chart: ChartModel, into writer: inout HTMLWriter) {
    guard chart.hasData(in: axis.range) else {
      writer.element(.p, [.class("nodata"), .id(chart.id)]) { writer in
        writer.element(.strong, text: chart.title)
        writer.text(": no data")
      }
      return
    }
    let values = ChartRenderer.valueAxis(for: chart, in: axis.range)
    writer.element(.figure, [.class("chart-box"), .id(chart.id)]) { writer in
      writer.element(.figcaption) { writer in
        writer.element(.span, [.class("chart-title")], text: chart.title)
        Legend.write(for: chart, into: &writer)
      }
      writer.newline()
      writer.element(.svg, svgAttributes(chart, values)) { writer in
        writeValueGrid(values, into: &writer)
        TimeGrid.write(axis, layout: layout, into: &writer)
        writeIntervals(chart.intervals, into: &writer)
        for (index, series) in chart.series.enumerated() {
          writeSeries(series, index: index, values: values, into: &writer)
        }
        writeMarkers(chart.markers, into: &writer)
      }
    }
    writer.newline()
  }

  /// The value axis over every value of `chart` within the time axis `range`.
  static func valueAxis(for chart: ChartModel, in range: TimeRange) -> ValueAxis {
    var low = Double.infinity
    var high = -Double.infinity
    for series in chart.series {
      for point in series.points where point.time >= range.start && point.time <= range.end {
        guard let value = point.value, value.isFinite else { continue }
        low = min(low, value)
        high = max(high, value)
      }
    }
    return ValueAxis(dataLow: low, dataHigh: high, unit: chart.unit, fixed: chart.valueRange)
  }

  private func svgAttributes(_ chart: ChartModel, _ values: ValueAxis) -> [HTMLAttribute] {
    [
      .class("chart"), .viewBox(width: ChartLayout.width, height: layout.height), .text(.role, "img"),
      .text(.ariaLabel, chart.title), .text(.dataUnit, chart.unit.rawValue),
      .number(.dataDuration, axis.range.duration, decimals: 0),
      .number(.dataValueLow, values.low, decimals: 6), .number(.dataValueHigh, values.high, decimals: 6),
      .number(.dataPlotLeft, ChartLayout.left), .number(.dataPlotRight, ChartLayout.right),
      .number(.dataPlotTop, layout.top), .number(.dataPlotBottom, layout.bottom),
    ]
  }

  private func writeValueGrid(_ values: ValueAxis, into writer: inout HTMLWriter) {
    var grid = SVGPath()
    for tick in values.ticks {
      grid.move(x: ChartLayout.left, y: layout.y(tick, on: values))
      grid.horizontal(x: ChartLayout.right)
    }
    writer.empty(.path, [.class("grid"), .path(grid)])
    writer.element(.g, [.class("tick-labels", "value-labels")]) { writer in
      for (tick, label) in zip(values.ticks, values.labels) {
        let y = layout.y(tick, on: values) + 4
        writer.element(
          .text, [.number(.x, ChartLayout.left - 6), .number(.y, y), .textAnchor(.end)], text: label)
      }
    }
  }

  private func writeIntervals(_ intervals: [ShadedInterval], into writer: inout HTMLWriter) {
    let visible = intervals.filter { $0.end >= axis.range.start && $0.start <= axis.range.end }
    guard !visible.isEmpty else { return }
    writer.element(.g, [.class("shading")]) { writer in
      for interval in visible {
        let start = ChartLayout.x(max(interval.start, axis.range.start), on: axis)
        let end = ChartLayout.x(min(interval.end, axis.range.end), on: axis)
        let attributes: [HTMLAttribute] = [
          .class("shade", SeriesPalette.shadeClass(interval.kind)), .number(.x, start),
          .number(.y, layout.top), .number(.width, max(1, end - start)),
          .number(.height, layout.bottom - layout.top),
        ]
        writer.element(.rect, attributes) { $0.element(.svgTitle, text: interval.label) }
      }
    }
  }

  private func writeSeries(
    _ series: SeriesModel, index: Int, values: ValueAxis, into writer: inout HTMLWriter
  ) {
    var classes: [StaticString] = ["series", SeriesPalette.colourClass(index)]
    if series.isDashed { classes.append("dashed") }
    if series.shape == .step { classes.append("step") }
    let attributes: [HTMLAttribute] = [
      .classes(classes), .number(.dataSeries, Double(index)), .text(.dataLabel, series.label),
    ]
    writer.element(.g, attributes) { writer in
      writer.element(.svgTitle, text: series.label)
      let shape = SeriesShapes(axis: axis, values: values, layout: layout)
      let drawn = shape.outline(of: series)
      if !drawn.path.isEmpty { writer.empty(.path, [.path(drawn.path)]) }
      for dot in drawn.dots {
        writer.empty(.circle, [.number(.cx, dot.x), .number(.cy, dot.y), .number(.r, 2)])
      }
    }
  }

  private func writeMarkers(_ markers: [ChartMarker], into writer: inout HTMLWriter) {
    let visible = markers.filter { $0.time >= axis.range.start && $0.time <= axis.range.end }
    guard !visible.isEmpty else { return }
    writer.element(.g, [.class("markers")]) { writer in
      for marker in visible {
        let x = ChartLayout.x(marker.time, on: axis)
        var outline = SVGPath()
        outline.move(x: x, y: layout.top)
        outline.vertical(y: layout.bottom)
        // A small downward triangle on the top edge, the part people click.
        outline.move(x: x - 5, y: layout.top - 6)
        outline.line(x: x + 5, y: layout.top - 6)
        outline.line(x: x, y: layout.top + 3)
        outline.close()
        if let end = marker.end, end > marker.time {
          let right = ChartLayout.x(min(end, axis.range.end), on: axis)
          outline.move(x: x, y: layout.top)
          outline.horizontal(x: right)
        }
        writer.element(
          .a, [.href(marker.target), .class("marker", SeriesPalette.severityClass(marker.severity))]
        ) {
          writer in
          writer.element(.svgTitle, text: marker.label)
          writer.empty(.path, [.path(outline)])
        }
      }
    }
  }
}
