import RTCStatsCore

/// Reads getStats snapshots and logs of them: every shape of ``SnapshotShape``, as one JSON
/// value, JSON lines, or a JSON array, streamed unit by unit.
///
/// A *unit* is one top-level value, or one element of a top-level array of snapshots, so a
/// 500 MB log is read with a window of a few MB. Each unit is classified on its own
/// (``SnapshotShape/classify(_:)``), so a log may mix shapes; ``SnapshotReader`` reads it.
/// Reports without a peer connection name go to ``defaultPeerConnection``. This is the
/// catch-all dialect: it claims every dump that starts with `[` or `{` and no other
/// dialect took.
struct GetStatsParser: DialectParser {
  static let defaultPeerConnection = "PC_0"
  static var format: DumpFormat { .getStatsLog }

  static func sniff(_ prefix: DumpPrefix) -> Bool {
    prefix.first == UInt8(ascii: "[") || prefix.first == UInt8(ascii: "{")
  }

  private var snapshots: SnapshotReader
  private var report = StatsReport()
  /// Stats objects logged one per line, gathered until an id repeats.
  private var looseReport = StatsReport()
  private var looseIDs: Set<String> = []
  private var shapes: [SnapshotShape] = []
  /// The shape of the last unit that began with `[{`: a log repeats its shape, so later
  /// such units skip the classification pass.
  private var arrayOfObjectsShape: SnapshotShape?
  /// The shape of the last top-level unit, and whether every unit so far fit on one line:
  /// together they tell when the rest of the stream may be parsed in parallel.
  private var lastTopShape: SnapshotShape?
  private var unitsAreSingleLines = true
  /// Top-level units read so far.
  var unitCount = 0

  /// Whether this parser may hand the rest of a JSON-lines stream to worker threads (not
  /// for the workers themselves).
  let allowsParallelLines: Bool
  /// The size of the whole stream when known.
  let sizeHint: Int?

  init(_ context: DialectContext) {
    snapshots = SnapshotReader(decoder: MemberDecoder(ignored: context.ignoredMembers))
    allowsParallelLines = context.allowsParallelLines
    sizeHint = context.sizeHint
  }

  /// The tally of ignored members this parser's decoder counts into.
  var ignoredMembers: IgnoredMembers { snapshots.decoder.ignored }

  /// Parses the whole stream.
  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) -> ParseOutcome {
    while let next = try window.peekByte(from: &source) {
      if unitCount > 0 { try Self.checkUnitStart(next, window: window) }
      if allowsParallelLines, unitCount >= 2, unitsAreSingleLines, Self.isLineShape(lastTopShape),
        ParallelLines.isWorthIt(window: window, sizeHint: sizeHint)
      {
        try ParallelLines.parse(window: &window, source: &source, into: &consumer, info: &info, parser: &self)
        break
      }
      let before = window.position
      try parseUnit(window: &window, source: &source, into: &consumer, info: &info, level: 0)
      if allowsParallelLines, unitCount < 2, unitsAreSingleLines {
        // Only the first units decide whether the stream is one value per line.
        let bytes = window.consumedBytes(since: before)
        let hasNewline = bytes.map { unit in
          unit.baseAddress.map { System.firstByte(0x0A, in: $0, count: unit.count) != nil } ?? false
        }
        if hasNewline ?? true {
          unitsAreSingleLines = false
        }
      }
      unitCount += 1
    }
    return .done
  }

  /// Shapes whose units are independent lines: safe to parse out of order.
  static func isLineShape(_ shape: SnapshotShape?) -> Bool {
    switch shape {
    case .statsArray, .entriesArray, .keyValueArray, .statsMap, .wrapper: true
    default: false
    }
  }

  /// Every value after the first must be another snapshot, array or object.
  static func checkUnitStart(_ next: UInt8, window: borrowing StreamWindow) throws(DumpError) {
    guard next != UInt8(ascii: "["), next != UInt8(ascii: "{") else { return }
    throw window.positioned(
      JSONError(.unexpectedByte(next, expected: "'[' or '{' to start the next snapshot"), at: 0))
  }

  /// Parses one top-level unit (a worker's line).
  mutating func parseLine(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) {
    try parseUnit(window: &window, source: &source, into: &consumer, info: &info, level: 0)
  }

  /// Takes the notes of a worker's parser: shapes seen, µs timestamps, ignored members.
  mutating func absorb(_ worker: GetStatsParser) {
    for shape in worker.shapes where !shapes.contains(shape) { shapes.append(shape) }
    snapshots.absorb(worker.snapshots)
    ignoredMembers.absorb(worker.ignoredMembers)
  }

  private mutating func parseUnit(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo, level: Int
  ) throws(DumpError) {
    let shape = try classify(window: &window, source: &source)
    if level == 0 { lastTopShape = shape }
    switch shape {
    case .log where level < 3:
      note(.log)
      try window.expectByte(UInt8(ascii: "["), from: &source, expected: "'['")
      var isFirst = true
      while true {
        guard let next = try window.peekByte(from: &source) else {
          throw window.positioned(
            JSONError(.unexpectedEnd(expected: "',' or ']'"), at: window.unread.count))
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
    case .empty:
      _ = try window.parseValue(from: &source) { (reader) throws(JSONError) -> Void in
        try reader.skipValue()
      }
    case .unknown, .log:
      let description =
        try window.parseValue(from: &source) { (reader) throws(JSONError) -> String in
          try Self.describeUnknown(&reader)
        } ?? "nothing"
      throw DumpError(.data, "not getStats data: found \(description)")
    case .statsObject, .statsArray, .entriesArray, .keyValueArray, .statsMap, .wrapper:
      note(shape)
      let peerConnection =
        try window.parseValue(from: &source) { (reader) throws(JSONError) -> String? in
          report.removeAll()
          return try snapshots.read(&reader, shape: shape, into: &report)
        } ?? nil
      if shape == .statsObject {
        addLoose(into: &consumer, info: &info)
      } else {
        emit(peerConnection: peerConnection, into: &consumer, info: &info)
      }
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

  // MARK: - Emitting

  private mutating func emit(
    peerConnection: String?, into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    guard report.count > 0 else { return }
    consumer.consume(report, peerConnection: peerConnection ?? Self.defaultPeerConnection)
    info.reportCount += 1
  }

  private mutating func addLoose(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    guard report.count > 0 else { return }
    let id = report.id(at: 0)
    if looseIDs.contains(id) { flushLoose(into: &consumer, info: &info) }
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

  private mutating func note(_ shape: SnapshotShape) {
    if !shapes.contains(shape) { shapes.append(shape) }
  }

  // MARK: - End

  mutating func finish(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    flushLoose(into: &consumer, info: &info)
    info.format = info.reportCount == 1 && !shapes.contains(.log) ? .getStatsSnapshot : .getStatsLog
    if unitCount > 1 { info.addDetail("JSON lines") }
    for shape in shapes {
      if let detail = shape.detail { info.addDetail(detail) }
    }
    if snapshots.decoder.sawMicroseconds {
      info.addDetail("timestamps in µs (libwebrtc native)")
      info.note(.microsecondTimestamps)
    }
    if snapshots.unnamedElements > 0 {
      info.note(.skippedElements, ["count": .integer(snapshots.unnamedElements)])
    }
  }

  func emptyDumpError(_ info: DumpInfo) -> DumpError? {
    DumpError(.data, "no stats reports found (valid JSON, but no getStats objects in it)")
  }

  /// A short description of a value that is not getStats data.
  static func describeUnknown(_ reader: inout JSONReader) throws(JSONError) -> String {
    let kind = try reader.peekKind()
    guard kind == .object else {
      try reader.skipValue()
      return kind.name
    }
    var object = try reader.beginObject()
    var names: [String] = []
    while let key = try reader.nextKey(in: &object) {
      if names.count < 6 { names.append(key.decoded()) }
      try reader.skipValue()
    }
    return names.isEmpty ? "an empty object" : "an object with members " + names.joined(separator: ", ")
  }
}
