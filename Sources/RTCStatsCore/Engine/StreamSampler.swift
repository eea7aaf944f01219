/// Turns the successive samples of one `inbound-rtp` or `outbound-rtp` object into
/// ``StreamRow``s: it decides each sample's ``SampleStatus``, stores the counters' increments
/// and the gauges, and takes the stream's receiver reports.
///
/// ## Segments
/// Counters are cumulative since the stream started. When the bytes, packets or frames go
/// backwards, or the SSRC behind the same stats id changes, the stream was reset: no interval
/// spans the sample, so no rate is ever negative. Totals follow each counter's own history: a
/// counter that goes backwards restarts from 0 by itself (its increment is its new value), one
/// that did not keeps counting, and a new SSRC restarts them all — so the sum of a counter's
/// increments is the sum of the last value of each of its own segments:
///
///     bytesSent:   100 → 300 → 50 → 150     status:     first interval reset interval
///     increments:  100   200   50   100     sum = 450 = 300 + 150
///     nackCount:     1     2    3     4     increments 1 1 1 1: it did not reset, sum = 4
///
/// `packetsLost` may fall without a reset (duplicates arrive): it restarts only when it falls
/// at a stream reset. The receiver report's counters follow the report's own history and
/// restart only with a new SSRC.
///
/// Impossible values — negative counters (but `packetsLost`), values beyond 2⁵³, or a jump no
/// real stream makes (more than ``implausibleBitsPerSecond``) — are dropped and counted in
/// ``impossibleValues``; they never reset or inflate anything.
///
/// A sample whose timestamp is not after the previous one (a repeated poll, an out-of-order
/// line) still updates the identity and gauges but no counter.
struct StreamSampler {
  let index: Int
  let direction: Direction
  /// The previous counted sample's counter values (NaN: absent; meaningful only when
  /// ``hasPrevious``), time and SSRC.
  private var previous: [Double]
  private var hasPrevious = false
  /// The buffer the next sample's counters are read into: it and ``previous`` swap at each
  /// counted sample, so that no sample allocates.
  private var scratch: [Double]
  private var previousTime = Double.nan
  private var previousSSRC = Double.nan
  /// Per counter: the last known value in the counter's current segment (0 at its start).
  private var lastKnown: [Double]
  /// The receiver report taken last, and the last known value of each of its counters
  /// (`remotePacketsLost`, `remotePacketsReceived`, `remoteMediaPacketsSent`).
  var remote: RemoteInboundState?
  var remoteKnown: [Double] = [0, 0, 0]
  /// The last `qualityLimitationReason` seen: it holds until the encoder reports another.
  var lastReason: QualityLimitationReason?
  /// The `scalabilityMode` the spatial layers were last counted for, and their count: the mode
  /// rarely changes, so it is parsed once per change, not per sample.
  var layersOfMode: (mode: String?, layers: Int) = (nil, 1)
  /// Whether the stream ever carried media (bytes or frames above 0): a layer that never sent
  /// has no resolution.
  private var hasCarriedMedia = false
  private(set) var resets = 0
  /// Whether the last sample changed a member that groups streams into tracks.
  private(set) var regrouped = false
  private(set) var outOfOrderSamples = 0
  /// Counter values dropped as impossible, and the first such member.
  private(set) var impossibleValues = 0
  private(set) var firstImpossibleMember: String?

  init(index: Int, direction: Direction) {
    self.index = index
    self.direction = direction
    lastKnown = [Double](repeating: 0, count: Self.counters.count)
    previous = [Double](repeating: .nan, count: Self.counters.count)
    scratch = previous
  }

  /// The counter fields read from the stream object itself.
  static let counters: [RowField] = RowField.allCases.filter {
    $0.isCounter && $0.rawValue < RowField.remotePacketsLost.rawValue
  }

  /// The row for row `index` of `report`, taken at `timestamp`; updates `info`.
  mutating func sample(
    report: StatsReport, at row: Int, timestamp: Double, context: StreamContext, info: inout StreamInfo
  ) -> StreamRow {
    regrouped = Self.updateIdentity(&info, report: report, row: row, context: context)
    // The scratch buffer, moved out (no copy) for the sample and moved back at the end.
    var current: [Double] = []
    swap(&current, &scratch)
    readCounters(report: report, row: row, into: &current)
    let ssrc = report.number(.ssrc, at: row) ?? .nan
    dropImplausibleJump(&current, timestamp: timestamp)
    let status = classify(current: current, ssrc: ssrc, timestamp: timestamp)
    if Self.value(.bytes, current) > 0 || Self.value(.frames, current) > 0 { hasCarriedMedia = true }
    var result = StreamRow(
      stream: index, status: status, time: timestamp.isNaN ? nil : timestamp,
      schema: RowSchema.ID(direction: direction, kind: info.kind))
    setGauges(&result, report: report, row: row, context: context, info: info, hasMedia: hasCarriedMedia)
    let newSSRC = status.startsSegment && !(ssrc.isNaN || previousSSRC.isNaN || ssrc == previousSSRC)
    if status == .first || newSSRC {
      // A new RTP stream: every counter, the receiver report's too, counts from 0.
      for offset in lastKnown.indices { lastKnown[offset] = 0 }
      remote = nil
      for offset in remoteKnown.indices { remoteKnown[offset] = 0 }
    }
    let taken = takeReceiverReport(context.remoteInbound, current: current, into: &result)
    if status.startsSegment {
      if status == .reset { resets += 1 }
      Self.noteSSRC(ssrc, in: &info)
    }
    if status == .outOfOrder { outOfOrderSamples += 1 }
    if status.isCounted {
      storeIncrements(current, into: &result)
      if status == .interval { result.duration = Double(Float(timestamp - previousTime)) }
      swap(&previous, &current)
      hasPrevious = true
      previousTime = timestamp
      previousSSRC = ssrc
    }
    if let shown = taken ?? remote {
      result.set(.remoteRoundTripTime, shown.roundTripTime)
      result.set(.remoteJitter, shown.jitter)
      result.set(.remoteFractionLost, shown.fractionLost)
    }
    scratch = current
    result.storeFigures(direction: direction, kind: info.kind)
    return result
  }

  /// Reads the stream's counters into `result` (one per ``counters``, NaN: absent), impossible
  /// values dropped.
  private mutating func readCounters(report: StatsReport, row: Int, into result: inout [Double]) {
    let sources = direction == .inbound ? Self.inboundSources : Self.outboundSources
    let limit = Self.largestCount
    let packetsLostOffset = Self.packetsLostOffset
    result.withUnsafeMutableBufferPointer { result in
      for offset in sources.indices {
        result[offset] = .nan
        guard let source = sources[offset], let value = report.number(source, at: row) else { continue }
        let isPossible = offset == packetsLostOffset ? abs(value) <= limit : value >= 0 && value <= limit
        guard isPossible else {
          noteImpossible(source.name)
          continue
        }
        result[offset] = value
      }
    }
  }

  /// Per counter (in ``counters`` order), the member that feeds it for each direction.
  private static let inboundSources = counters.map { $0.source(for: .inbound) }
  private static let outboundSources = counters.map { $0.source(for: .outbound) }
  private static let packetsLostOffset = counters.firstIndex(of: .packetsLost) ?? -1

  /// Drops the bytes of a sample that would make a rate no real stream reaches.
  private mutating func dropImplausibleJump(_ current: inout [Double], timestamp: Double) {
    guard hasPrevious else { return }
    let milliseconds = timestamp - previousTime
    let bytes = Self.value(.bytes, current) - Self.value(.bytes, previous)
    let headers = Self.value(.headerBytes, current) - Self.value(.headerBytes, previous)
    let sent = (bytes.isNaN ? 0 : bytes) + (headers.isNaN ? 0 : headers)
    guard milliseconds > 0, sent * 8 * 1000 / milliseconds > Self.implausibleBitsPerSecond else { return }
    for field in Self.byteCounters {
      if let offset = Self.offset(of: field), !current[offset].isNaN {
        current[offset] = .nan
        noteImpossible((field.source(for: direction) ?? .bytesSent).name)
      }
    }
  }

  private static let byteCounters: [RowField] = [.bytes, .headerBytes, .retransmittedBytes]

  private mutating func noteImpossible(_ member: String) {
    impossibleValues += 1
    if firstImpossibleMember == nil { firstImpossibleMember = member }
  }

  private func classify(current: [Double], ssrc: Double, timestamp: Double) -> SampleStatus {
    guard hasPrevious else { return .first }
    if !timestamp.isNaN, !previousTime.isNaN, timestamp <= previousTime {
      return timestamp < previousTime ? .outOfOrder : .repeated
    }
    if Self.isReset(current, after: previous, ssrc: ssrc, previousSSRC: previousSSRC) { return .reset }
    return timestamp.isNaN || previousTime.isNaN ? .untimed : .interval
  }

  private mutating func storeIncrements(_ current: [Double], into row: inout StreamRow) {
    var known: UInt64 = 0
    let fields = Self.counters
    let slots = RowSchema.slotRow(row.schema)
    let isReset = row.status == .reset
    let hadPrevious = hasPrevious
    let before = previous
    row.values.withUnsafeMutableBufferPointer { stored in
      lastKnown.withUnsafeMutableBufferPointer { lastKnown in
        for offset in fields.indices {
          let value = current[offset]
          guard !value.isNaN else { continue }
          let field = fields[offset]
          let last = lastKnown[offset]
          let restarts = value < last && (field != .packetsLost || isReset)
          if hadPrevious, !before[offset].isNaN, !restarts { known |= 1 << UInt64(field.rawValue) }
          let slot = Int(slots[field.rawValue])
          if slot >= 0 { stored[slot] = restarts ? value : value - last }
          lastKnown[offset] = value
        }
      }
    }
    row.previousKnown = row.status == .interval ? known : 0
  }
}
