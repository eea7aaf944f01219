/// Draws the vertical grid lines and `mm:ss` labels of a time axis into a chart or band.
enum TimeGrid {
  /// Writes the time ticks of `axis` for a plot laid out by `layout`.
  static func write(_ axis: TimeAxis, layout: ChartLayout, into writer: inout HTMLWriter) {
    var grid = SVGPath()
    for tick in axis.ticks {
      let x = ChartLayout.x(tick, on: axis)
      grid.move(x: x, y: layout.top)
      grid.vertical(y: layout.bottom)
    }
    writer.empty(.path, [.class("grid"), .path(grid)])
    writer.element(.g, [.class("tick-labels", "time-labels")]) { writer in
      for (tick, label) in zip(axis.ticks, axis.labels) {
        let x = ChartLayout.x(tick, on: axis)
        let anchor: HTMLAttribute.TextAnchor =
          x < ChartLayout.left + 20 ? .start : x > ChartLayout.right - 20 ? .end : .middle
        writer.element(
          .text, [.number(.x, x), .number(.y, layout.bottom + 15), .textAnchor(anchor)], text: label)
      }
    }
  }
}
