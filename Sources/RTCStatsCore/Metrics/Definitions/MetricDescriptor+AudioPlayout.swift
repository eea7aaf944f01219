extension MetricDescriptor {
  /// Samples inserted to slow playout down (the jitter buffer stretching audio; inbound audio).
  public static let insertedSamplesForDeceleration = MetricDescriptor.counter(
    "insertedSamplesForDeceleration", .insertedSamplesForDeceleration, scope: .inboundAudio,
    formula: "last value; per interval the change")

  /// Samples removed to speed playout up (the jitter buffer draining; inbound audio).
  public static let removedSamplesForAcceleration = MetricDescriptor.counter(
    "removedSamplesForAcceleration", .removedSamplesForAcceleration, scope: .inboundAudio,
    formula: "last value; per interval the change")

  /// Audio played out, ms (W3C `totalSamplesDuration`, inbound audio).
  public static let totalSamplesDuration = MetricDescriptor(
    name: "totalSamplesDuration", unit: .milliseconds, inputs: ["totalSamplesDuration"],
    formula: "last value", scope: .inboundAudio,
    summary: .total(.totalSamplesDuration, scale: 1000, integer: false))
}
