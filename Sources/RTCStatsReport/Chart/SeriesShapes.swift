/// Turns a series into SVG geometry: one subpath per run (so a gap is never bridged), step
/// lines as horizontal holds and vertical changes, and a dot for a run of one point, which a
/// line could not show.
struct SeriesShapes {
  /// The time axis.
  let axis: TimeAxis
  /// The value axis.
  let values: ValueAxis
  /// The geometry.
  let layout: ChartLayout

  /// What a series draws.
  struct Outline: Sendable {
    /// The lines, one subpath per run of two or more points.
    var path = SVGPath()
    /// Dots for runs of a single point.
    var dots: [(x: Double, y: Double)] = []
  }

  /// The outline of `series`, thinned to the plot's pixel width.
  func outline(of series: SeriesModel) -> Outline {
    var outline = Outline()
    let buckets = Int(ChartLayout.plotWidth)
    for run in Downsampler.runs(of: series.points, in: axis.range) {
      switch series.shape {
      case .line:
        let thinned = Downsampler.thin(run, in: axis.range, buckets: buckets, keepsBucketEnds: false)
        appendLine(thinned, to: &outline)
      case .step:
        let thinned = Downsampler.thin(
          Downsampler.droppingRepeats(run), in: axis.range, buckets: buckets, keepsBucketEnds: true)
        appendStep(thinned, to: &outline)
      }
    }
    return outline
  }

  private func appendLine(_ run: Downsampler.Run, to outline: inout Outline) {
    guard run.times.count > 1 else {
      if let time = run.times.first, let value = run.values.first {
        outline.dots.append((ChartLayout.x(time, on: axis), layout.y(value, on: values)))
      }
      return
    }
    for index in run.times.indices {
      let x = ChartLayout.x(run.times[index], on: axis)
      let y = layout.y(run.values[index], on: values)
      if index == 0 { outline.path.move(x: x, y: y) } else { outline.path.line(x: x, y: y) }
    }
  }

  private func appendStep(_ run: Downsampler.Run, to outline: inout Outline) {
    guard let firstTime = run.times.first, let firstValue = run.values.first else { return }
    let holdEnd = run.holdUntil.map { min($0, axis.range.end) }
    if run.times.count == 1 && holdEnd == nil {
      outline.dots.append((ChartLayout.x(firstTime, on: axis), layout.y(firstValue, on: values)))
      return
    }
    outline.path.move(x: ChartLayout.x(firstTime, on: axis), y: layout.y(firstValue, on: values))
    for index in run.times.indices.dropFirst() {
      outline.path.horizontal(x: ChartLayout.x(run.times[index], on: axis))
      if run.values[index] != run.values[index - 1] {
        outline.path.vertical(y: layout.y(run.values[index], on: values))
      }
    }
    if let holdEnd { outline.path.horizontal(x: ChartLayout.x(holdEnd, on: axis)) }
  }
}
