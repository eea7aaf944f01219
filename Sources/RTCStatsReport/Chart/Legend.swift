/// Writes a chart's legend: a key per series, then one per kind of shaded interval and one
/// for finding markers when the chart has them.
///
/// Series keys carry `data-series`, which the page script turns into toggles; without the
/// script they are plain labels.
enum Legend {
  /// Writes the legend of `chart`.
  static func write(for chart: ChartModel, into writer: inout HTMLWriter) {
    writer.element(.span, [.class("legend")]) { writer in
      for (index, series) in chart.series.enumerated() {
        var classes: [StaticString] = ["key", SeriesPalette.colourClass(index)]
        if series.isDashed { classes.append("dashed") }
        writer.element(.span, [.classes(classes), .number(.dataSeries, Double(index))]) { writer in
          writer.empty(.span, [.class("swatch"), .ariaHidden])
          writer.text(series.label)
        }
      }
      for kind in ShadedInterval.Kind.allCases where chart.intervals.contains(where: { $0.kind == kind }) {
        writer.element(.span, [.class("key", "shade-key")]) { writer in
          writer.empty(.span, [.class("swatch", SeriesPalette.shadeClass(kind)), .ariaHidden])
          writer.text(kind.legendLabel)
        }
      }
      if !chart.markers.isEmpty {
        writer.element(.span, [.class("key", "marker-key")]) { writer in
          writer.empty(.span, [.class("swatch"), .ariaHidden])
          writer.text("finding")
        }
      }
    }
  }
}
