/// An entry of a track summary, in output order: a metric, or one of the two figures that are
/// not a single value (the quality limitation record, the codec implementation).
public enum SummaryEntry: Sendable {
  /// A metric's call-level figure.
  case metric(MetricDescriptor)
  /// `qualityLimitation` (outbound video).
  case qualityLimitation
  /// `encoderImplementation` (outbound) or `decoderImplementation` (inbound).
  case implementation
}

/// Every metric rtcstats computes, in the order JSON, CSV and README list them.
///
/// Adding a metric: one file under `Metrics/Definitions/` declaring its ``MetricDescriptor``,
/// plus one line here. The interval rows, summaries, JSON members, README table and `explain`
/// follow from the descriptor.
public enum MetricRegistry {
  /// The track summary's entries in output order; interval rows list the metrics that have an
  /// interval figure, in the same order.
  public static let entries: [SummaryEntry] = [
    .metric(.bitrate),
    .metric(.totalBitrate),
    .metric(.packets),
    .metric(.packetsLost),
    .metric(.packetLossPercent),
    .metric(.jitter),
    .metric(.roundTripTime),
    .metric(.frameRate),
    .metric(.width),
    .metric(.height),
    .metric(.freezeCount),
    .metric(.totalFreezesDuration),
    .metric(.pauseCount),
    .metric(.totalPausesDuration),
    .qualityLimitation,
    .implementation,
    .metric(.concealmentPercent),
    .metric(.audioLevel),
    .metric(.qualityLimitationReason),
    .metric(.retransmittedBitrate),
    .metric(.targetBitrate),
    .metric(.nackCount),
    .metric(.pliCount),
    .metric(.firCount),
    .metric(.framesReceived),
    .metric(.framesDropped),
    .metric(.framesSent),
    .metric(.keyFramesDecoded),
    .metric(.keyFramesEncoded),
    .metric(.retransmittedPacketsSent),
    .metric(.retransmittedPacketsReceived),
    .metric(.fecPacketsReceived),
    .metric(.jitterBufferDelay),
    .metric(.jitterBufferTargetDelay),
    .metric(.decodeTime),
    .metric(.encodeTime),
    .metric(.concealmentEvents),
    .metric(.insertedSamplesForDeceleration),
    .metric(.removedSamplesForAcceleration),
    .metric(.totalSamplesDuration),
    .metric(.packetsSent),
    .metric(.packetsReceived),
    .metric(.bytesSent),
    .metric(.bytesReceived),
  ]

  /// Every metric, in output order.
  public static let metrics: [MetricDescriptor] = entries.compactMap { entry in
    if case .metric(let metric) = entry { return metric }
    return nil
  }

  /// The metrics with a figure per interval, in output order.
  public static let intervalMetrics: [MetricDescriptor] = metrics.filter(\.hasIntervalValue)

  /// Position of each interval metric in ``intervalMetrics``, by identity.
  static let intervalPositions: [ObjectIdentifier: Int] = Dictionary(
    uniqueKeysWithValues: intervalMetrics.enumerated().map { (ObjectIdentifier($0.element), $0.offset) })

  /// The position of `metric` in ``intervalMetrics``, or `nil` for summary-only metrics.
  static func intervalIndex(of metric: MetricDescriptor) -> Int? {
    intervalPositions[ObjectIdentifier(metric)]
  }

  /// Position of each metric in ``metrics``, by name.
  static let positions: [String: Int] = Dictionary(
    uniqueKeysWithValues: metrics.enumerated().map { ($0.element.name, $0.offset) })

  /// The metric named `name`, or `nil`.
  public static func metric(named name: String) -> MetricDescriptor? {
    positions[name].map { metrics[$0] }
  }

  /// Position of each metric in ``metrics``, by identity: hashing a pointer, not the name.
  private static let identityPositions: [ObjectIdentifier: Int] = Dictionary(
    uniqueKeysWithValues: metrics.enumerated().map { (ObjectIdentifier($0.element), $0.offset) })

  /// The position of `metric` in ``metrics`` (a descriptor not registered: that of its name).
  static func position(of metric: MetricDescriptor) -> Int {
    identityPositions[ObjectIdentifier(metric)] ?? positions[metric.name] ?? 0
  }
}
