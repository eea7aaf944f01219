extension MetricDescriptor {
  /// Concealed audio, 0–100: concealedSamples / totalSamplesReceived · 100 (inbound audio).
  public static let concealmentPercent = MetricDescriptor(
    name: "concealmentPercent", unit: .percent, inputs: ["concealedSamples", "totalSamplesReceived"],
    formula: "concealedSamples / totalSamplesReceived · 100 (inbound audio)", scope: .inboundAudio,
    summary: .custom { totals in
      guard let concealed = totals.sum(.concealedSamples), let total = totals.sum(.totalSamplesReceived)
      else { return nil }
      return AudioConcealment.percent(concealed: concealed, total: total).map(SummaryValue.number)
    },
    precision: .single
  ) { row, direction, kind in
    guard direction == .inbound, kind != .video, let concealed = row.delta(.concealedSamples),
      let total = row.delta(.totalSamplesReceived)
    else { return nil }
    return AudioConcealment.percent(concealed: concealed, total: total)
  }

  /// Concealment events: runs of concealed samples after a gap (inbound audio).
  public static let concealmentEvents = MetricDescriptor.counter(
    "concealmentEvents", .concealmentEvents, scope: .inboundAudio,
    formula: "last value; per interval the change (inbound audio)")
}
