extension MetricDescriptor {
  /// Video pauses (W3C `pauseCount`: no frame for ≥ 5 s, inbound video).
  ///
  /// Per interval: the
  /// pauses that ended in it.
  public static let pauseCount = MetricDescriptor(
    name: "pauseCount", unit: .count, inputs: ["pauseCount"], formula: "last value (inbound video)",
    scope: .inboundVideo, merge: .sum, summary: .total(.pauseCount, scale: 1, integer: true),
    precision: .single, isCSVColumn: true
  ) { row, _, kind in
    kind == .video ? row.delta(.pauseCount).flatMap { $0 >= 0 ? $0 : nil } : nil
  }

  /// Time spent paused, ms (W3C `totalPausesDuration`).
  public static let totalPausesDuration = MetricDescriptor(
    name: "totalPausesDuration", unit: .milliseconds, inputs: ["totalPausesDuration"],
    formula: "last value", scope: .inboundVideo, merge: .sum,
    summary: .total(.totalPausesDuration, scale: 1000, integer: false), isCSVColumn: true)
}
