/// Which ``RowField``s a row of a stream of one direction and kind stores.
///
/// Rows are stored sparsely: an inbound audio row has no frame counters, an inbound row no
/// receiver-report values. A stream whose kind is not known yet uses the full schema of its
/// direction. The six schemas are built once into one flat slot table, so that reading a field
/// of a row is two array lookups.
enum RowSchema {
  /// One of the six schemas: direction × (audio, video, unknown).
  struct ID: Hashable, Sendable {
    var rawValue: UInt8

    init(direction: Direction, kind: MediaKind?) {
      let kindIndex: UInt8 =
        switch kind {
        case .audio: 0
        case .video: 1
        case nil: 2
        }
      rawValue = (direction == .inbound ? 0 : 3) + kindIndex
    }
  }

  private static let fieldCount = RowField.allCases.count
  private static let schemas: [(direction: Direction, kind: MediaKind?)] = [
    (.inbound, .audio), (.inbound, .video), (.inbound, nil), (.outbound, .audio), (.outbound, .video),
    (.outbound, nil),
  ]

  /// The fields each schema stores, in slot order.
  private static let fieldLists: [[RowField]] = schemas.map { schema in
    RowField.allCases.filter { stores($0, direction: schema.direction, kind: schema.kind) }
  }

  /// Per schema: the positions in ``MetricRegistry/intervalMetrics`` of the figures it stores
  /// (after its fields), the metrics whose scope covers the schema's direction and kind.
  private static let figureLists: [[Int]] = schemas.map { schema in
    MetricRegistry.intervalMetrics.indices.filter { index in
      let scope = MetricRegistry.intervalMetrics[index].scope
      return scope.directions.contains(schema.direction)
        && (schema.kind.map { scope.kinds.contains($0) } ?? true)
    }
  }

  /// Per schema and interval metric: the slot of its figure, or −1.
  private static let figureSlots: [Int16] = {
    let count = MetricRegistry.intervalMetrics.count
    var table = [Int16](repeating: -1, count: schemas.count * count)
    for (schema, figures) in figureLists.enumerated() {
      for (offset, index) in figures.enumerated() {
        table[schema * count + index] = Int16(fieldLists[schema].count + offset)
      }
    }
    return table
  }()

  /// Per schema and field: the slot, or −1 when the schema does not store the field.
  private static let slots: [Int8] = {
    var table = [Int8](repeating: -1, count: schemas.count * fieldCount)
    for (schema, fields) in fieldLists.enumerated() {
      for (slot, field) in fields.enumerated() { table[schema * fieldCount + field.rawValue] = Int8(slot) }
    }
    return table
  }()

  /// ``slots`` copied once into memory that is never freed, with its row length.
  ///
  /// A reader keeps a pointer to its schema's row of the table: one lazy-initialisation check
  /// per lookup (or none, for a kept pointer) and no bounds check. Written only by its
  /// initialiser, hence safe to share.
  private struct SlotTable: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int8>
    let rowLength: Int
  }

  private static let slotTable: SlotTable = {
    let table = UnsafeMutablePointer<Int8>.allocate(capacity: slots.count)
    table.initialize(from: slots, count: slots.count)
    return SlotTable(base: table, rowLength: fieldCount)
  }()

  /// The slots of schema `id`, indexed by `RowField.rawValue` (−1: the schema does not store
  /// the field); valid for the whole process.
  @inline(__always)
  static func slotRow(_ id: ID) -> UnsafePointer<Int8> {
    let table = slotTable
    return UnsafePointer(table.base + Int(id.rawValue) &* table.rowLength)
  }

  /// The counter fields each schema stores, with their slots.
  private static let counterSlots: [[(field: RowField, slot: Int)]] = fieldLists.map { fields in
    fields.enumerated().filter { $0.element.isCounter }.map { ($0.element, $0.offset) }
  }

  /// The number of values a row of schema `id` stores: its fields, then its figures.
  static func valueCount(_ id: ID) -> Int { valueCounts[Int(id.rawValue)] }

  private static let valueCounts: [Int] = zip(fieldLists, figureLists).map { $0.count + $1.count }

  /// The slot of the first figure (the number of fields) of rows of schema `id`.
  static func firstFigureSlot(_ id: ID) -> Int { fieldLists[Int(id.rawValue)].count }

  /// The interval metrics (positions in ``MetricRegistry/intervalMetrics``) schema `id` stores.
  static func figures(_ id: ID) -> [Int] { figureLists[Int(id.rawValue)] }

  /// The slot of the figure of interval metric `index` in rows of schema `id`, or −1.
  @inline(__always)
  static func figureSlot(_ id: ID, _ index: Int) -> Int {
    let table = figureSlotTable
    precondition(index >= 0 && index < table.rowLength, "not an interval metric position")
    return Int(table.base[Int(id.rawValue) &* table.rowLength &+ index])
  }

  /// ``figureSlots`` in memory that is never freed, with its row length (as ``slotTable``).
  private struct FigureSlotTable: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int16>
    let rowLength: Int
  }

  private static let figureSlotTable: FigureSlotTable = {
    let table = UnsafeMutablePointer<Int16>.allocate(capacity: figureSlots.count)
    table.initialize(from: figureSlots, count: figureSlots.count)
    return FigureSlotTable(base: table, rowLength: MetricRegistry.intervalMetrics.count)
  }()

  /// The slot of `field` in rows of schema `id`, or −1.
  @inline(__always)
  static func slot(_ id: ID, _ field: RowField) -> Int {
    Int(slotRow(id)[field.rawValue])
  }

  /// The counter fields rows of schema `id` store, with their slots.
  static func counters(_ id: ID) -> [(field: RowField, slot: Int)] { counterSlots[Int(id.rawValue)] }

  /// Whether a stream of `direction` and `kind` (`nil`: not known yet) has `field`.
  static func stores(_ field: RowField, direction: Direction, kind: MediaKind?) -> Bool {
    let audio = kind != .video
    let video = kind != .audio
    let inbound = direction == .inbound
    switch field {
    case .bytes, .headerBytes, .packets, .retransmittedPackets, .retransmittedBytes, .nackCount, .ssrc:
      return true
    case .packetsLost, .jitter, .jitterBufferDelay, .jitterBufferTargetDelay, .jitterBufferEmittedCount,
      .fecPacketsReceived:
      return inbound
    case .concealedSamples, .totalSamplesReceived, .concealmentEvents, .insertedSamplesForDeceleration,
      .removedSamplesForAcceleration, .totalSamplesDuration:
      return inbound && audio
    case .audioLevel:
      return audio
    case .framesDropped, .freezeCount, .totalFreezesDuration, .pauseCount, .totalPausesDuration:
      return inbound && video
    case .frames, .framesTransferred, .keyFrames, .totalCodecTime, .pliCount, .firCount,
      .framesPerSecond, .frameWidth, .frameHeight:
      return video
    case .remotePacketsLost, .remotePacketsReceived, .remoteMediaPacketsSent, .remoteRoundTripTime,
      .remoteJitter, .remoteFractionLost, .targetBitrate, .active:
      return !inbound
    case .qualityLimitationReason, .qualityLimitationDurationNone, .qualityLimitationDurationCPU,
      .qualityLimitationDurationBandwidth, .qualityLimitationDurationOther,
      .qualityLimitationResolutionChanges, .spatialLayers:
      return !inbound && video
    }
  }
}
