/// What the fold keeps of one stream's rows: its totals, samples and rates, the time at each
/// resolution and the latest quality limitation record.
struct StreamAggregate: Sendable, Equatable {
  var totals: SeriesTotals
  /// Per metric position: the samples of its sampled source (see ``SummaryPlan``).
  var samples: [DistributionBuilder]
  /// Per metric position: the interval figures of a time-weighted metric (outbound streams:
  /// a layer's own figures).
  var rates: [DistributionBuilder]
  /// ms per resolution (single-precision interval lengths, as the interval rows keep them), in
  /// order of appearance: a stream holds few resolutions, so a list is cheaper than hashing.
  private var heldTimes: [HeldResolution] = []
  /// The position in `heldTimes` of the resolution added to last.
  private var lastHeld = 0
  var resolutionTime: [Resolution: Double] {
    Dictionary(heldTimes.map { ($0.resolution, $0.time) }, uniquingKeysWith: +)
  }
  var lastResolution: Resolution?
  /// The latest `qualityLimitationDurations` (s per reason, in ``qualityFields`` order; NaN:
  /// absent) and resolution changes.
  private var latestQualityDurations: [Double]?
  var qualityDurations: [QualityLimitationReason: Double]? {
    latestQualityDurations.map { seconds in
      var durations: [QualityLimitationReason: Double] = [:]
      for (offset, (reason, _)) in Self.qualityFields.enumerated() where !seconds[offset].isNaN {
        durations[reason] = seconds[offset]
      }
      return durations
    }
  }
  var qualityResolutionChanges: Double?
  var lastReason: QualityLimitationReason?
  var intervalCount = 0
  var sawMediaFlow = false
  var sawFramesPerSecond = false

  init(direction: Direction) {
    totals = SeriesTotals(direction: direction)
    samples = MetricRegistry.metrics.map { _ in DistributionBuilder(weighted: false) }
    rates = MetricRegistry.metrics.map { _ in DistributionBuilder(weighted: true) }
  }

  /// Adds one row of the stream.
  mutating func add(_ row: StreamRow, direction: Direction, plan: SummaryPlan) {
    totals.add(row)
    for (position, source) in plan.sampledSources(direction) {
      samples[position].add(source.value(in: row))
    }
    if row[.framesPerSecond] != nil { sawFramesPerSecond = true }
    let resolution = Resolution(width: row[.frameWidth], height: row[.frameHeight])
    if let resolution { lastResolution = resolution }
    noteQualityLimitation(row)
    guard let duration = row.duration else { return }
    intervalCount += 1
    if let resolution { addHeldTime(duration, at: resolution) }
    if (row.figure(at: Self.bitrateIndex) ?? 0) > 0 { sawMediaFlow = true }
    if direction == .outbound {
      for (position, figure) in plan.weightedFigures(direction) {
        rates[position].add(figure.flatMap { row.figure(at: $0) }, weight: duration)
      }
    }
  }

  private mutating func addHeldTime(_ duration: Double, at resolution: Resolution) {
    if lastHeld >= heldTimes.count || heldTimes[lastHeld].resolution != resolution {
      if let found = heldTimes.firstIndex(where: { $0.resolution == resolution }) {
        lastHeld = found
      } else {
        lastHeld = heldTimes.count
        heldTimes.append(HeldResolution(resolution: resolution, time: 0))
      }
    }
    heldTimes[lastHeld].time += duration
  }

  private static let bitrateIndex = MetricRegistry.intervalIndex(of: .bitrate) ?? 0

  private static let qualityFields: [(QualityLimitationReason, RowField)] = [
    (.none, .qualityLimitationDurationNone), (.cpu, .qualityLimitationDurationCPU),
    (.bandwidth, .qualityLimitationDurationBandwidth), (.other, .qualityLimitationDurationOther),
  ]

  private mutating func noteQualityLimitation(_ row: StreamRow) {
    let fields = Self.qualityFields
    if fields.contains(where: { !row.raw($0.1).isNaN }) {
      // Overwritten in place: no array per row.
      if latestQualityDurations?.count == fields.count, var latest = latestQualityDurations.take() {
        for offset in fields.indices { latest[offset] = row.raw(fields[offset].1) }
        latestQualityDurations = latest
      } else {
        latestQualityDurations = fields.map { row.raw($0.1) }
      }
    }
    if let changes = row[.qualityLimitationResolutionChanges] { qualityResolutionChanges = changes }
    // The sampler writes the reason on every row while one holds, so an absent value means
    // the encoder's last reason was not one W3C defines.
    let reasons = QualityLimitationReason.ordered
    lastReason = row[.qualityLimitationReason].flatMap { Int(roundingTowardZero: $0) }.flatMap { index in
      reasons.indices.contains(index) ? reasons[index] : nil
    }
  }
}

/// The time a stream held one resolution.
struct HeldResolution: Sendable, Equatable {
  var resolution: Resolution
  var time: Double
}

/// A frame size in pixels.
struct Resolution: Hashable, Sendable {
  var width: Double
  var height: Double

  init?(width: Double?, height: Double?) {
    guard let width, let height, width > 0, height > 0 else { return nil }
    self.width = width
    self.height = height
  }
}
