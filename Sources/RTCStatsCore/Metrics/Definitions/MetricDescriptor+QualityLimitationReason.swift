extension MetricDescriptor {
  /// The encoder's `qualityLimitationReason` at the end of each interval (outbound video), as
  /// the index of a ``QualityLimitationReason``; the call-level figure is
  /// ``TrackAnalysis/qualityLimitation``.
  public static let qualityLimitationReason = MetricDescriptor(
    name: "qualityLimitationReason", unit: .reason, inputs: ["qualityLimitationReason"],
    formula: "the encoder's reason at the end of the interval", scope: .outboundVideo,
    summary: .none
  ) { row, _, _ in row[.qualityLimitationReason] }
}
