extension MetricDescriptor {
  /// Interarrival jitter, ms: inbound `jitter`; outbound the receiver's
  /// `remote-inbound-rtp.jitter`.
  ///
  /// Summarised over every sample (inbound) or every new receiver report (outbound), plain mean.
  public static let jitter = MetricDescriptor(
    name: "jitter", unit: .milliseconds, inputs: ["inbound-rtp.jitter", "remote-inbound-rtp.jitter"],
    formula: "sampled per report", scope: .all, merge: .maximum,
    summary: .perDirection(
      inbound: .sampled(SampledSource(.jitter, scale: 1000)),
      outbound: .sampled(SampledSource(.remoteJitter, scale: 1000, receiverReportsOnly: true))),
    precision: .single, isCSVColumn: true
  ) { row, direction, _ in
    (direction == .inbound ? row[.jitter] : row[.remoteJitter]).map(Durations.milliseconds(fromSeconds:))
  }
}
