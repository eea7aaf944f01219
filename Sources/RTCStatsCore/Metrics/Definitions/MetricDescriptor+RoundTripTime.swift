extension MetricDescriptor {
  /// Round-trip time of a sent track, ms, from each new RTCP receiver report
  /// (`remote-inbound-rtp.roundTripTime`); 0 means "not measured" and is left out.
  public static let roundTripTime = MetricDescriptor(
    name: "roundTripTime", unit: .milliseconds, inputs: ["remote-inbound-rtp.roundTripTime"],
    formula: "each new RTCP receiver report", scope: .all, merge: .maximum,
    summary: .perDirection(
      inbound: .none,
      outbound: .sampled(
        SampledSource(.remoteRoundTripTime, scale: 1000, receiverReportsOnly: true, positiveOnly: true))),
    precision: .single, isCSVColumn: true
  ) { row, _, _ in
    row[.remoteRoundTripTime].map(Durations.milliseconds(fromSeconds:))
  }
}
