import RTCStatsCore

extension GetStatsParser {
  // MARK: - Units

  /// Parses one unit: a snapshot, a stats object, or a log (a top-level array of snapshots,
  /// or a wrapper holding one) whose elements are units one level down.
  mutating func parseUnit(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo, level: Int
  ) throws(DumpError) {
    let shape = try classify(window: &window, source: &source)
    if level == 0 { lastTopShape = shape }
    switch shape {
    case .log where level < 3:
      note(.log)
      try parseLogElements(window: &window, source: &source, into: &consumer, info: &info, level: level)
    case .wrappedLog where level < 3:
      note(.wrappedLog)
      try parseWrappedLog(window: &window, source: &source, into: &consumer, info: &info, level: level)
    case .empty:
      _ = try window.parseValue(from: &source) { (reader) throws(JSONError) -> Void in
        try reader.skipValue()
      }
    case .unknown, .log, .wrappedLog:
      let description =
        try window.parseValue(from: &source) { (reader) throws(JSONError) -> String in
          try Self.describeUnknown(&reader)
        } ?? "nothing"
      throw DumpError.notADump("not getStats data: found \(description)")
    case .statsObject, .statsArray, .entriesArray, .keyValueArray, .statsMap, .wrapper:
      try parseSnapshot(shape, window: &window, source: &source, into: &consumer, info: &info)
    }
  }

  /// One snapshot (or one loose stats object) and its report.
  private mutating func parseSnapshot(
    _ shape: SnapshotShape, window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) {
    note(shape)
    let start = window.position
    if let spare = consumer.spareReport() { report = spare }
    let peerConnection =
      try window.parseValue(from: &source) { (reader) throws(JSONError) -> String? in
        report.removeAll()
        return try snapshots.read(&reader, shape: shape, into: &report)
      } ?? nil
    if !sawTypedObject { noteTypes(window: window, unitStart: start) }
    let connection = peerConnection ?? wrapperPeerConnection ?? Self.defaultPeerConnection
    if LegacySnapshots.holdsLegacyObjects(report), let bytes = window.consumedBytes(since: start) {
      let snapshot = try legacy.read(bytes, shape: shape)
      emitLegacy(snapshot, peerConnection: connection, into: &consumer, info: &info)
    } else if shape == .statsObject {
      try addLoose(into: &consumer, info: &info)
    } else {
      emit(peerConnection: connection, into: &consumer, info: &info)
    }
  }

  /// The elements of a log, `[snapshot, …]`, the window at its `[`.
  mutating func parseLogElements(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo, level: Int
  ) throws(DumpError) {
    try window.expectByte(UInt8(ascii: "["), from: &source, expected: "'['")
    var isFirst = true
    while true {
      guard let next = try window.peekByte(from: &source) else {
        throw window.positioned(JSONError(.unexpectedEnd(expected: "',' or ']'"), at: window.unread.count))
      }
      if next == UInt8(ascii: "]") {
        window.consume(1)
        return
      }
      if !isFirst {
        try window.expectByte(UInt8(ascii: ","), from: &source, expected: "',' or ']'")
      }
      isFirst = false
      try parseUnit(window: &window, source: &source, into: &consumer, info: &info, level: level + 1)
    }
  }

  /// The shape of the next unit; a unit that starts like the last array of objects is
  /// taken to have its shape.
  private mutating func classify(window: inout StreamWindow, source: inout some ByteSource)
    throws(DumpError) -> SnapshotShape
  {
    let startsArrayOfObjects = Self.startsWithArrayOfObjects(window.unread)
    if startsArrayOfObjects, let known = arrayOfObjectsShape { return known }
    let shape =
      try window.peekValue(from: &source) { (reader) throws(JSONError) -> SnapshotShape in
        try SnapshotShape.classify(&reader)
      } ?? .empty
    if startsArrayOfObjects, shape == .statsArray || shape == .keyValueArray {
      arrayOfObjectsShape = shape
    }
    return shape
  }

  /// Whether `bytes` start with `[`, optional whitespace and `{`.
  private static func startsWithArrayOfObjects(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.first == UInt8(ascii: "[") else { return false }
    for byte in bytes.dropFirst().prefix(64) {
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
      return byte == UInt8(ascii: "{")
    }
    return false
  }

  private mutating func note(_ shape: SnapshotShape) {
    if !shapes.contains(shape) { shapes.append(shape) }
  }

  /// Whether the report just read has an object with a type; the first unit without one is
  /// described for the error of a dump that never has one.
  private mutating func noteTypes(window: borrowing StreamWindow, unitStart: Int) {
    for row in 0..<report.count where report.type(at: row) != .other || !report.typeName(at: row).isEmpty {
      sawTypedObject = true
      return
    }
    guard untypedUnit == nil, let bytes = window.consumedBytes(since: unitStart) else { return }
    var reader = JSONReader(bytes)
    untypedUnit = try? Self.describeUnknown(&reader)
  }

  // MARK: - Emitting

  private mutating func emit(
    peerConnection: String, into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    guard report.count > 0 else { return }
    consumer.consume(report, peerConnection: peerConnection)
    info.reportCount += 1
  }

  /// A legacy snapshot, mapped now or, in a parallel worker, by the calling thread (an empty
  /// placeholder report keeps its place).
  private mutating func emitLegacy(
    _ snapshot: LegacyGoogStatsReport, peerConnection: String,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    guard snapshot.count > 0 else { return }
    if mapsLegacySnapshots {
      consumer.consume(legacy.map(snapshot, peerConnection: peerConnection), peerConnection: peerConnection)
    } else {
      deferredLegacy.append((info.reportCount, peerConnection, snapshot))
      consumer.consume(StatsReport(), peerConnection: peerConnection)
    }
    info.reportCount += 1
  }

  /// Gathers a stats object logged on its own; a repeated id starts the next report.
  ///
  /// - Throws: ``DumpError`` past ``ReaderLimits/objectsPerReport`` objects without a
  ///   repeated id.
  private mutating func addLoose(into consumer: inout some StatsReportConsumer, info: inout DumpInfo)
    throws(DumpError)
  {
    guard report.count > 0 else { return }
    let id = report.id(at: 0)
    if looseIDs.contains(id) { flushLoose(into: &consumer, info: &info) }
    guard looseReport.count < ReaderLimits.objectsPerReport else {
      throw DumpError.limitExceeded(
        ReaderLimits.tooManyObjects + " (stats objects logged one per line, no id repeated)")
    }
    looseIDs.insert(id)
    looseReport.appendCopy(of: 0, from: report)
  }

  /// Emits what is still gathered (stats objects logged one per line).
  mutating func flushLoose(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    guard looseReport.count > 0 else { return }
    consumer.consume(looseReport, peerConnection: Self.defaultPeerConnection)
    info.reportCount += 1
    looseReport.removeAll()
    looseIDs.removeAll(keepingCapacity: true)
  }
}
