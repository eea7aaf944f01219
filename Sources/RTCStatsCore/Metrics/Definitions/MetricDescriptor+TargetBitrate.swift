extension MetricDescriptor {
  /// The encoder's target bitrate, bps (W3C `targetBitrate`, outbound) at the end of each
  /// interval; a track's is the sum over its layers, and the call's mean is time-weighted.
  public static let targetBitrate = MetricDescriptor(
    name: "targetBitrate", unit: .bitsPerSecond, inputs: ["targetBitrate"],
    formula: "the encoder's target at the end of each interval (sum over layers)", scope: .outbound,
    merge: .sum,
    summary: .timeWeighted(fallback: nil)
  ) { row, _, _ in row[.targetBitrate] }
}
