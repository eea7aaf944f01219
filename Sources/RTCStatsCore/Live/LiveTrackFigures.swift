/// One track at one poll, as the live stats see it: the figures of the interval the poll
/// closes (the same values as the track's row in the analyze timeline) and the track's totals
/// since its first sample (the same values as the analyze summary once the call ends).
///
/// The Vonage-shaped views (``PublisherVideoStats``, ``SubscriberVideoStats``, …) read it.
public struct LiveTrackFigures: Sendable, Equatable {
  /// The track.
  public let track: TrackID
  /// End of the interval, ms since the epoch (the track's first stream's object timestamp).
  public let timestamp: Double?
  /// Length of the interval, ms; `nil` when this poll closes none for the track (its first
  /// sample, a counter reset, a repeated poll): its figures are then unknown.
  public let duration: Double?
  /// Time of the track's first sample, ms since the epoch: where its totals start.
  public let startTime: Double?
  /// The track's identity as its first stream reports it now (codec, `trackIdentifier`, `mid`).
  public let stream: StreamInfo
  /// Per interval metric (``MetricRegistry/intervalMetrics`` order): the interval's figure, NaN
  /// when unknown.
  let figures: [Double]
  /// The counters summed over every row of the track so far.
  let totals: SeriesTotals

  init(row: TrackRow, stream: StreamInfo, startTime: Double?, totals: SeriesTotals) {
    track = row.track
    timestamp = row.time
    duration = row.duration
    self.startTime = startTime
    self.stream = stream
    self.totals = totals
    figures =
      row.duration == nil
      ? [Double](repeating: .nan, count: MetricRegistry.intervalMetrics.count)
      : MetricRegistry.intervalMetrics.indices.map { row.value(at: $0) ?? .nan }
  }

  /// Sent or received.
  public var direction: Direction { track.direction }
  /// Audio or video, once known.
  public var kind: MediaKind? { track.kind }

  /// The interval's figure of `metric` (bitrate in bps, frame rate in fps, loss in %, …), or
  /// `nil` when unknown, not an interval metric, or the poll closes no interval.
  public func value(_ metric: MetricDescriptor) -> Double? {
    guard let index = MetricRegistry.intervalIndex(of: metric) else { return nil }
    let value = figures[index]
    return value.isNaN ? nil : value
  }

  /// The interval's figure of the metric at `index` in ``MetricRegistry/intervalMetrics``.
  package func value(at index: Int) -> Double? {
    let value = figures[index]
    return value.isNaN ? nil : value
  }

  /// The call-level figure of `metric` so far, for the metrics summed over the call (a
  /// ``SummaryRule/total(_:scale:integer:)``, ``SummaryRule/ratio(_:_:scale:)`` or
  /// ``SummaryRule/custom(_:)`` rule: packets, packets lost, loss %, freezes, pauses,
  /// concealment…); `nil` for distributions, which the live stats do not keep.
  ///
  /// - Complexity: O(1).
  public func total(_ metric: MetricDescriptor) -> SummaryValue? {
    switch SummaryPlan.resolve(metric.summary, for: direction) {
    case .total, .ratio, .custom:
      let source = FigureSource(aggregates: [], totals: totals, rates: nil)
      return source.value(position: 0, metric: metric, direction: direction)
    default:
      return nil
    }
  }

  /// ``total(_:)`` as a whole number (a count), when it is one.
  public func count(_ metric: MetricDescriptor) -> Int? {
    switch total(metric) {
    case .integer(let value): value
    case .number(let value): Int(roundingTowardZero: value.rounded())
    default: nil
    }
  }

  /// ``total(_:)`` as a number (a duration, a percentage).
  public func number(_ metric: MetricDescriptor) -> Double? {
    switch total(metric) {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// The sum of counter `field` over the track's rows so far (its cumulative value, summed
  /// over the track's streams and their segments), or `nil` when no row had it.
  public func sum(_ field: RowField) -> Double? { totals.sum(field) }

  /// The interval's quality limitation reason (outbound video).
  public var qualityLimitationReason: QualityLimitationReason? {
    value(.qualityLimitationReason).flatMap { index in
      let reasons = QualityLimitationReason.allCases
      let position = Int(index)
      return reasons.indices.contains(position) ? reasons[position] : nil
    }
  }
}
