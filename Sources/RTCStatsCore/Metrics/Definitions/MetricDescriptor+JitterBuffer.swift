extension MetricDescriptor {
  /// Average time a sample or frame spent in the jitter buffer, ms:
  /// ΔjitterBufferDelay / ΔjitterBufferEmittedCount · 1000 (inbound).
  ///
  /// Over the call the same
  /// ratio of the totals.
  public static let jitterBufferDelay = jitterBufferRatio(
    "jitterBufferDelay", .jitterBufferDelay,
    formula: "ΔjitterBufferDelay / ΔjitterBufferEmittedCount · 1000")

  /// The jitter buffer's average target delay, ms:
  /// ΔjitterBufferTargetDelay / ΔjitterBufferEmittedCount · 1000 (inbound).
  public static let jitterBufferTargetDelay = jitterBufferRatio(
    "jitterBufferTargetDelay", .jitterBufferTargetDelay,
    formula: "ΔjitterBufferTargetDelay / ΔjitterBufferEmittedCount · 1000")

  private static func jitterBufferRatio(_ name: String, _ field: RowField, formula: String)
    -> MetricDescriptor
  {
    MetricDescriptor(
      name: name, unit: .milliseconds, inputs: [name, "jitterBufferEmittedCount"], formula: formula,
      scope: .inbound, merge: .maximum,
      summary: .ratio(field, .jitterBufferEmittedCount, scale: 1000)
    ) { row, direction, _ in
      guard direction == .inbound, let delay = row.delta(field),
        let emitted = row.delta(.jitterBufferEmittedCount), emitted > 0, delay >= 0
      else { return nil }
      return delay / emitted * 1000
    }
  }
}
