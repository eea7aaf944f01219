extension MetricDescriptor {
  /// Video freezes (W3C `freezeCount`, inbound video; Chrome ≤ M100 from the obsolete `track`
  /// object).
  ///
  /// Per interval: the freezes that ended in it.
  public static let freezeCount = MetricDescriptor(
    name: "freezeCount", unit: .count, inputs: ["freezeCount"],
    formula: "last value (inbound video; Chrome ≤ M100: from the obsolete `track` object)",
    scope: .inboundVideo, merge: .sum, summary: .total(.freezeCount, scale: 1, integer: true),
    precision: .single, isCSVColumn: true
  ) { row, _, kind in
    kind == .video ? row.delta(.freezeCount).flatMap { $0 >= 0 ? $0 : nil } : nil
  }

  /// Time spent frozen, ms (W3C `totalFreezesDuration`).
  public static let totalFreezesDuration = MetricDescriptor(
    name: "totalFreezesDuration", unit: .milliseconds, inputs: ["totalFreezesDuration"],
    formula: "last value", scope: .inboundVideo, merge: .sum,
    summary: .total(.totalFreezesDuration, scale: 1000, integer: false), isCSVColumn: true)
}
