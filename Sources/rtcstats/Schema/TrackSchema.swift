import RTCStatsCore

/// The track, layer, interval, MOS and quality limitation parts of the analyze schema; the
/// metric members come from ``MetricRegistry`` (a new metric is in the schema by itself).
enum TrackSchema {
  typealias Node = SchemaNode

  /// A track's call-level figure of `metric`: a summary, a count or a number, or `null`.
  static func figure(_ metric: MetricDescriptor) -> Node {
    if metric.isDistribution { return .nullable(.ref("summary")) }
    if case .longestHeld = metric.summary { return .nullableInteger }
    if case .total(_, _, let integer) = metric.summary, integer { return .nullableInteger }
    return .nullableNumber
  }

  static var track: Node {
    var members: [(String, Node)] = [
      ("direction", .oneOf(["inbound", "outbound"])), ("kind", .oneOf(["audio", "video"])),
      ("trackIdentifier", .nullableString), ("mid", .nullableString), ("codec", .nullableString),
      ("ssrc", .nullableInteger), ("ssrcs", .array(of: .integer)),
    ]
    let required = members.map(\.0)
    for metric in MetricRegistry.metrics where metric.hasSummary {
      members.append((metric.name, figure(metric)))
    }
    members += [
      ("qualityLimitation", .nullable(.ref("qualityLimitation"))),
      ("encoderImplementation", .nullableString), ("decoderImplementation", .nullableString),
      ("layers", .array(of: .ref("layer"))), ("mos", .nullable(.ref("mos"))),
      ("intervals", .array(of: .ref("interval"))),
    ]
    return .record(
      members, required: required,
      description: "One track; the members of the metrics that apply to its direction and kind follow "
        + "its identity (README Metrics).")
  }

  static var layer: Node {
    .record(
      [
        ("rid", .nullableString), ("encodingIndex", .nullableInteger), ("ssrc", .nullableInteger),
        ("width", .nullableInteger), ("height", .nullableInteger),
        ("encodedFrameRate", .nullable(.ref("summary"))), ("bitrate", .nullable(.ref("summary"))),
        ("totalBitrate", .nullable(.ref("summary"))), ("scalabilityMode", .nullableString),
        ("qualityLimitationReason", .nullableString), ("codec", .nullableString),
        ("active", .nullableBoolean), ("intervals", .array(of: .ref("interval"))),
      ],
      required: [
        "rid", "encodingIndex", "ssrc", "width", "height", "encodedFrameRate", "bitrate", "totalBitrate",
        "scalabilityMode", "qualityLimitationReason", "codec", "active",
      ])
  }

  /// An interval row: `time`, `duration` and every interval metric known for it (counts are
  /// the changes over the interval).
  static var interval: Node {
    var members: [(String, Node)] = [("time", .nullableNumber), ("duration", .nullableNumber)]
    for metric in MetricRegistry.intervalMetrics {
      members.append((metric.name, metric.unit == .reason ? .nullableString : .number))
    }
    return .record(members, required: ["time", "duration"])
  }

  static var mos: Node {
    let interval = Node.record([
      ("time", .number), ("mos", .nullableNumber), ("roundTripTime", .nullableNumber),
      ("jitter", .nullableNumber), ("packetLossPercent", .nullableNumber),
    ])
    return .record(
      [
        ("model", .string), ("mean", .nullableNumber), ("p50", .nullableNumber), ("p95", .nullableNumber),
        ("min", .nullableNumber), ("max", .nullableNumber),
        (
          "inputs",
          .record([
            ("roundTripTime", .nullable(.ref("summary"))), ("jitter", .nullable(.ref("summary"))),
            ("packetLossPercent", .nullable(.ref("summary"))),
          ])
        ),
        ("scoredIntervals", .integer), ("unknownIntervals", .integer), ("intervals", .array(of: interval)),
      ],
      required: [
        "model", "mean", "p50", "p95", "min", "max", "inputs", "scoredIntervals", "unknownIntervals",
      ])
  }

  static var qualityLimitation: Node {
    let reasons = QualityLimitationReason.allCases.map(\.rawValue)
    let perReason = Node.record(reasons.map { ($0, Node.nullableNumber) })
    return .record([
      ("reason", .oneOf(reasons)), ("percentages", perReason), ("durations", perReason),
      ("resolutionChanges", .nullableInteger),
    ])
  }
}
