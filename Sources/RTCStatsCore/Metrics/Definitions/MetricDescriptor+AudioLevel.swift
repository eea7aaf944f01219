extension MetricDescriptor {
  /// Audio level, 0–1 linear: inbound `audioLevel`, outbound the sender's
  /// `media-source.audioLevel`; sampled per report.
  public static let audioLevel = MetricDescriptor(
    name: "audioLevel", unit: .level, inputs: ["audioLevel"], formula: "sampled per report",
    scope: .audio, summary: .sampled(SampledSource(.audioLevel)), precision: .single
  ) { row, _, _ in row[.audioLevel] }
}
