/// Turns the successive samples of one `inbound-rtp` or `outbound-rtp` object into
/// ``StreamRow``s: it decides each sample's ``SampleStatus``, stores the counters' increments
/// and the gauges, and takes the stream's receiver reports.
///
/// ## Segments
/// Counters are cumulative since the stream started. When one goes backwards, or the SSRC
/// behind the same stats id changes, the stream was reset: a new *segment* starts, counted from
/// 0, so no interval spans a reset and no rate is negative, while the sum of a counter's
/// increments stays the sum of the last value of every segment:
///
///     bytesSent:  100 → 300 → 50 → 150      status:     first interval reset interval
///     increments: 100   200   50   100      sum = 450 = 300 + 150
///
/// A sample whose timestamp is not after the previous one (a repeated poll, an out-of-order
/// line) still updates the identity and gauges but no counter.
struct StreamSampler {
  let index: Int
  let direction: Direction
  /// The previous counted sample's counter values (NaN: absent), time and SSRC.
  private var previous: [Double]?
  private var previousTime = Double.nan
  private var previousSSRC = Double.nan
  /// Per counter: the last known value in the current segment (0 at its start).
  private var lastKnown: [Double]
  /// The receiver report taken for the current segment, and the last known value of each of
  /// its counters (`remotePacketsLost`, `remotePacketsReceived`, `remoteMediaPacketsSent`).
  var remote: RemoteInboundState?
  var remoteKnown: [Double] = [0, 0, 0]
  /// The last `qualityLimitationReason` seen: it holds until the encoder reports another.
  var lastReason: QualityLimitationReason?
  private(set) var resets = 0
  private(set) var outOfOrderSamples = 0

  init(index: Int, direction: Direction) {
    self.index = index
    self.direction = direction
    lastKnown = [Double](repeating: 0, count: Self.counters.count)
  }

  /// The counter fields read from the stream object itself.
  static let counters: [RowField] = RowField.allCases.filter {
    $0.isCounter && $0.rawValue < RowField.remotePacketsLost.rawValue
  }

  /// The row for row `index` of `report`, taken at `timestamp`; updates `info`.
  mutating func sample(
    report: StatsReport, at row: Int, timestamp: Double, context: StreamContext, info: inout StreamInfo
  ) -> StreamRow {
    Self.updateIdentity(&info, report: report, row: row, context: context)
    let current = Self.counters.map { field in
      field.source(for: direction).flatMap { report.number($0, at: row) } ?? .nan
    }
    let ssrc = report.number(.ssrc, at: row) ?? .nan
    let status = classify(current: current, ssrc: ssrc, timestamp: timestamp)
    var result = StreamRow(
      stream: index, status: status, time: timestamp.isNaN ? nil : timestamp,
      schema: RowSchema.ID(direction: direction, kind: info.kind))
    setGauges(&result, report: report, row: row, context: context, info: info)
    let taken = takeReceiverReport(context.remoteInbound, current: current, into: &result)
    if status.startsSegment {
      if status == .reset {
        resets += 1
        remote = nil
        remoteKnown = [0, 0, 0]
      }
      Self.noteSSRC(ssrc, in: &info)
      for offset in lastKnown.indices { lastKnown[offset] = 0 }
    }
    if status == .outOfOrder { outOfOrderSamples += 1 }
    if status.isCounted {
      storeIncrements(current, into: &result)
      if status == .interval { result.duration = Double(Float(timestamp - previousTime)) }
      previous = current
      previousTime = timestamp
      previousSSRC = ssrc
    }
    if let shown = taken ?? remote {
      result.set(.remoteRoundTripTime, shown.roundTripTime)
      result.set(.remoteJitter, shown.jitter)
      result.set(.remoteFractionLost, shown.fractionLost)
    }
    result.storeFigures(direction: direction, kind: info.kind)
    return result
  }

  private func classify(current: [Double], ssrc: Double, timestamp: Double) -> SampleStatus {
    guard let previous else { return .first }
    if !timestamp.isNaN, !previousTime.isNaN, timestamp <= previousTime {
      return timestamp < previousTime ? .outOfOrder : .repeated
    }
    if Self.isReset(
      current, after: previous, ssrc: ssrc, previousSSRC: previousSSRC,
      milliseconds: timestamp - previousTime)
    {
      return .reset
    }
    return timestamp.isNaN || previousTime.isNaN ? .untimed : .interval
  }

  private mutating func storeIncrements(_ current: [Double], into row: inout StreamRow) {
    var known: UInt64 = 0
    for (offset, field) in Self.counters.enumerated() {
      let value = current[offset]
      if let previous, !previous[offset].isNaN { known |= 1 << UInt64(field.rawValue) }
      guard !value.isNaN else { continue }
      row.set(field, value - lastKnown[offset])
      lastKnown[offset] = value
    }
    row.previousKnown = row.status == .interval ? known : 0
  }
}
