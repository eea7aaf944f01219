/// What a stream's sample at one poll was to the engine.
public enum SampleStatus: UInt8, Sendable, Hashable, CaseIterable {
  /// The stream's first sample: counters are taken from 0.
  case first
  /// A counter went backwards or the SSRC changed: a new segment starts, counted from 0.
  case reset
  /// A sample after the previous one: the row closes an interval.
  case interval
  /// A sample without a usable timestamp (its own or the previous one's): counters move on,
  /// but there is no interval and so no rate.
  case untimed
  /// A sample with the same timestamp as the previous one (a repeated poll): nothing new.
  case repeated
  /// A sample older than the previous one (an out-of-order line): skipped and counted.
  case outOfOrder

  /// Whether the row starts a segment (``first`` or ``reset``).
  public var startsSegment: Bool { self == .first || self == .reset }
  /// Whether the row's counters were taken (not a repeated or out-of-order sample).
  public var isCounted: Bool { self != .repeated && self != .outOfOrder }
}

/// One RTP stream (`inbound-rtp` or `outbound-rtp` object) at one poll: the counters' increments
/// since the stream's previous sample, the gauges as read, the receiver report's values, and
/// the interval the row closes.
///
/// Read a value with ``subscript(_:)``; a metric's figure for the interval with ``figure(_:)``
/// (computed once, when the row was made, by the metric's descriptor). Which stream the row
/// belongs to is ``Timeline/streams``[``stream``].
public struct StreamRow: Sendable, Equatable {
  /// Index of the stream in ``Timeline/streams``.
  public var stream: Int
  /// What the sample was to the engine.
  public var status: SampleStatus
  /// The stats object's own `timestamp`, ms since the epoch.
  public var time: Double?
  /// Length of the interval this row closes, ms; `nil` unless ``status`` is ``SampleStatus/interval``.
  public var duration: Double?
  /// Whether the engine took a new receiver report for the stream at this poll.
  public var tookReceiverReport: Bool
  var schema: RowSchema.ID
  /// Per counter field (bit = `RowField.rawValue`): whether the previous sample had it, so
  /// that the increment is the change over this interval (see ``delta(_:)``).
  var previousKnown: UInt64
  var values: [Double]

  init(stream: Int, status: SampleStatus, time: Double?, schema: RowSchema.ID) {
    self.stream = stream
    self.status = status
    self.time = time
    self.schema = schema
    duration = nil
    tookReceiverReport = false
    previousKnown = 0
    values = [Double](repeating: .nan, count: RowSchema.valueCount(schema))
  }

  /// The stored value of `field`, or `nil` when unknown or not stored for this stream.
  ///
  /// Counters hold increments (see ``RowField``); gauges and remote values the value as read.
  public subscript(field: RowField) -> Double? {
    let slot = RowSchema.slot(schema, field)
    guard slot >= 0 else { return nil }
    let value = values[slot]
    return value.isNaN ? nil : value
  }

  /// The figure of `metric` in this row (the interval it closes, or the gauge at its end), or
  /// `nil` when unknown or not one of the stream's metrics.
  public func figure(_ metric: MetricDescriptor) -> Double? {
    MetricRegistry.intervalIndex(of: metric).flatMap { figure(at: $0) }
  }

  /// The figure of the metric at `index` in ``MetricRegistry/intervalMetrics``.
  package func figure(at index: Int) -> Double? {
    let slot = RowSchema.figureSlot(schema, index)
    guard slot >= 0 else { return nil }
    let value = values[slot]
    return value.isNaN ? nil : value
  }

  /// Which figures the row stores, and where: an index into ``figureLayouts``.
  ///
  /// Rows of one layout store the same interval metrics in the same slots of
  /// ``withStoredValues(_:)``.
  package var figureLayout: Int { Int(schema.rawValue) }

  /// Per ``figureLayout``: the slot of the first figure, and the positions of the figures.
  ///
  /// The positions are in ``MetricRegistry/intervalMetrics``, of the figures stored from the
  /// first slot on, in slot order (the metrics whose scope covers the layout's direction and
  /// kind). Built on each call: read it once, before a loop over rows.
  package static var figureLayouts: [(firstSlot: Int, positions: [Int])] {
    let kinds: [MediaKind?] = [.audio, .video, nil]
    let schemas = [Direction.inbound, .outbound].flatMap { direction in
      kinds.map { RowSchema.ID(direction: direction, kind: $0) }
    }
    var layouts = [(firstSlot: Int, positions: [Int])](repeating: (0, []), count: schemas.count)
    for schema in schemas {
      layouts[Int(schema.rawValue)] = (RowSchema.firstFigureSlot(schema), RowSchema.figures(schema))
    }
    return layouts
  }

  /// Calls `body` with the row's stored values: its fields, then its figures.
  ///
  /// The figures start at the first slot of the row's ``figureLayouts`` entry; NaN is
  /// unknown. What ``figure(at:)`` reads, for a loop over many figures without a lookup or a
  /// call per figure.
  package func withStoredValues<Result>(_ body: (UnsafeBufferPointer<Double>) -> Result) -> Result {
    values.withUnsafeBufferPointer(body)
  }

  /// Computes and stores the figures of the row's interval metrics.
  ///
  /// The figures of a schema occupy consecutive slots after its fields, and no figure reads
  /// another: they are computed into a scratch buffer and stored at once (the tables read once,
  /// the row's storage checked for uniqueness once).
  mutating func storeFigures(direction: Direction, kind: MediaKind?) {
    let figures = RowSchema.figures(schema)
    let base = RowSchema.firstFigureSlot(schema)
    withUnsafeTemporaryAllocation(of: Double.self, capacity: figures.count) { computed in
      computeFigures(figures, direction: direction, kind: kind, into: computed)
      values.withUnsafeMutableBufferPointer { stored in
        for offset in computed.indices { stored[base &+ offset] = computed[offset] }
      }
    }
  }

  /// Computes the figures of the interval metrics at `figures` into `computed`.
  ///
  /// Not mutating: the row is borrowed by every descriptor, not copied (retained) for each.
  private func computeFigures(
    _ figures: [Int], direction: Direction, kind: MediaKind?,
    into computed: UnsafeMutableBufferPointer<Double>
  ) {
    figures.withUnsafeBufferPointer { positions in
      MetricRegistry.intervalMetrics.withUnsafeBufferPointer { descriptors in
        for offset in positions.indices {
          // The registry holds every descriptor for the whole process: no retain needed (a
          // guaranteed reference; an `unowned(unsafe)` one is retained for the call).
          let metric = Unmanaged.passUnretained(descriptors[positions[offset]])
          computed[offset] =
            metric._withUnsafeGuaranteedRef { $0.value(in: self, direction: direction, kind: kind) } ?? .nan
        }
      }
    }
  }

  /// The change of counter `field` over the interval this row closes: `nil` when the row closes
  /// no interval, or the counter is unknown now or was unknown at the previous sample.
  public func delta(_ field: RowField) -> Double? {
    guard duration != nil, previousKnown & (1 << UInt64(field.rawValue)) != 0 else { return nil }
    return self[field]
  }

  /// The stored value or NaN, for the engine's arithmetic.
  func raw(_ field: RowField) -> Double {
    let slot = RowSchema.slot(schema, field)
    return slot >= 0 ? values[slot] : .nan
  }

  /// The stored value in `slot` (NaN: unknown).
  func raw(slot: Int) -> Double { values[slot] }

  /// Sets `field`; fields the schema does not store are dropped.
  mutating func set(_ field: RowField, _ value: Double) {
    let slot = RowSchema.slot(schema, field)
    if slot >= 0 { values[slot] = value }
  }

  /// Compares every stored value, NaN equal to NaN.
  public static func == (lhs: StreamRow, rhs: StreamRow) -> Bool {
    guard lhs.stream == rhs.stream, lhs.status == rhs.status, lhs.time == rhs.time,
      lhs.duration == rhs.duration, lhs.tookReceiverReport == rhs.tookReceiverReport,
      lhs.schema == rhs.schema, lhs.previousKnown == rhs.previousKnown,
      lhs.values.count == rhs.values.count
    else { return false }
    for (a, b) in zip(lhs.values, rhs.values) where a != b && !(a.isNaN && b.isNaN) { return false }
    return true
  }
}
