extension MetricDescriptor {
  /// A W3C counter as a metric: per interval its change (a negative change, which a counter
  /// cannot make without a reset, is unknown), over the call the last value of every segment,
  /// summed.
  ///
  /// - `name`: The JSON name (the W3C member's, or the direction's spelling of it).
  /// - `field`: The row field holding the counter.
  /// - `direction`: When set, only streams of this direction have a figure.
  static func counter(
    _ name: String, _ field: RowField, scope: MetricScope, formula: String,
    inputs: [String]? = nil, direction: Direction? = nil
  ) -> MetricDescriptor {
    let figure = CounterFigure(field: field, direction: direction)
    return MetricDescriptor(
      name: name, unit: .count, inputs: inputs ?? [name], formula: formula, scope: scope, merge: .sum,
      summary: .total(field, scale: 1, integer: true),
      interval: { row, rowDirection, _ in figure.value(in: row, direction: rowDirection) },
      counterFigure: figure)
  }
}

/// The per-interval figure of a counter metric: the counter's change over the interval a row
/// closes, unknown when negative (a counter cannot fall without a reset) or when the stream is
/// not of ``direction``.
struct CounterFigure: Sendable {
  /// The row field holding the counter.
  let field: RowField
  /// When set, only streams of this direction have a figure.
  let direction: Direction?

  /// The figure in `row` of a stream of `rowDirection`.
  @inline(__always)
  func value(in row: borrowing StreamRow, direction rowDirection: Direction) -> Double? {
    if let direction, direction != rowDirection { return nil }
    return row.delta(field).flatMap { $0 >= 0 ? $0 : nil }
  }
}
