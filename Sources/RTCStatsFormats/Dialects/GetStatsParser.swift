import RTCStatsCore

/// Reads getStats snapshots and logs of them: every shape of ``SnapshotShape``, as one JSON
/// value, JSON lines, or a JSON array, streamed unit by unit.
///
/// A *unit* is one top-level value, or one element of a top-level array of snapshots, so a
/// 500 MB log is read with a window of a few MB. Each unit is classified on its own
/// (``SnapshotShape/classify(_:)``), so a log may mix shapes. Reports without a peer
/// connection name go to ``defaultPeerConnection``.
struct GetStatsParser {
  static let defaultPeerConnection = "PC_0"

  private var decoder = StatsObjectDecoder()
  private var report = StatsReport()
  private var scratch: [UInt8] = []
  /// Stats objects logged one per line, gathered until an id repeats.
  private var looseReport = StatsReport()
  private var looseIDs: Set<String> = []
  private var shapes: [SnapshotShape] = []
  /// Elements of a snapshot array that were not stats objects (numbers, strings, null).
  private var unnamedElements = 0
  /// The shape of the last unit that began with `[{`: a log repeats its shape, so later
  /// such units skip the classification pass.
  private var arrayOfObjectsShape: SnapshotShape?
  /// The shape of the last top-level unit, and whether every unit so far fit on one line:
  /// together they tell when the rest of the stream may be parsed in parallel.
  private var lastTopShape: SnapshotShape?
  private var unitsAreSingleLines = true

  init() {}

  /// Parses the whole stream.
  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) {
    var unitCount = 0
    do throws(DumpError) {
      while let next = try window.peekByte(from: &source) {
        if unitCount > 0 { try Self.checkUnitStart(next, window: window) }
        if allowsParallelLines, unitCount >= 2, unitsAreSingleLines, Self.isLineShape(lastTopShape),
          ParallelLines.isWorthIt(window: window, sizeHint: sizeHint)
        {
          unitCount += try ParallelLines.parse(
            window: &window, source: &source, into: &consumer, info: &info, parser: &self)
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
    } catch {
      flushLoose(into: &consumer, info: &info)
      guard info.reportCount > 0, error.message.hasPrefix("the dump is truncated") else {
        throw error
      }
      info.isTruncated = true
      let position =
        error.line.map { line in " at line \(line)" + (error.column.map { ", column \($0)" } ?? "") } ?? ""
      info.warnings.append(
        "the dump is truncated" + position + error.message.dropFirst("the dump is truncated".count)
          + "; analysed the \(info.reportCount) reports before it")
    }
    flushLoose(into: &consumer, info: &info)
    finish(unitCount: unitCount, info: &info)
  }

  /// Whether this parser may hand the rest of a JSON-lines stream to worker threads (not
  /// for the workers themselves).
  var allowsParallelLines = true
  /// The size of the whole stream when known.
  var sizeHint: Int?

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

  /// Emits what is still gathered (stats objects logged one per line).
  mutating func flushPending(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    flushLoose(into: &consumer, info: &info)
  }

  /// Takes the notes of a worker's parser: shapes seen, µs timestamps, ignored members.
  mutating func absorb(_ worker: GetStatsParser) {
    for shape in worker.shapes where !shapes.contains(shape) { shapes.append(shape) }
    unnamedElements += worker.unnamedElements
    decoder.absorb(worker.decoder)
  }

  private mutating func parseUnit(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo, level: Int
  ) throws(DumpError) {
    let startsArrayOfObjects = Self.startsWithArrayOfObjects(window.unread)
    let shape: SnapshotShape
    if startsArrayOfObjects, let known = arrayOfObjectsShape {
      shape = known
    } else {
      shape =
        try window.peekValue(from: &source) { (reader) throws(JSONError) -> SnapshotShape in
          try SnapshotShape.classify(&reader)
        } ?? .empty
      if startsArrayOfObjects, shape == .statsArray || shape == .keyValueArray {
        arrayOfObjectsShape = shape
      }
    }
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
    case .statsObject:
      note(.statsObject)
      let tally = decoder.ignoredTally
      _ = try window.parseValue(from: &source) { (reader) throws(JSONError) -> Void in
        decoder.ignoredTally = tally  // a retry counts the unit's members once
        report.removeAll()
        _ = try decoder.decode(&reader, into: &report)
      }
      addLoose(into: &consumer, info: &info)
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
    case .statsArray, .entriesArray, .keyValueArray, .statsMap, .wrapper:
      note(shape)
      let tally = decoder.ignoredTally
      let peerConnection =
        try window.parseValue(from: &source) { (reader) throws(JSONError) -> String? in
          decoder.ignoredTally = tally  // a retry counts the unit's members once
          report.removeAll()
          return try readSnapshot(&reader, shape: shape)
        } ?? nil
      emit(peerConnection: peerConnection, into: &consumer, info: &info)
    }
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

  // MARK: - Snapshots

  /// Reads one snapshot of a known shape into `report`; returns the peer connection a
  /// wrapper names.
  private mutating func readSnapshot(_ reader: inout JSONReader, shape: SnapshotShape)
    throws(JSONError) -> String?
  {
    switch shape {
    case .statsArray, .entriesArray, .keyValueArray:
      var array = try reader.beginArray()
      while try reader.nextElement(in: &array) { try readArrayElement(&reader) }
      return nil
    case .statsMap:
      var object = try reader.beginObject()
      while let key = try reader.nextKey(in: &object) {
        if try reader.peekKind() == .object {
          _ = try decoder.decode(&reader, into: &report, id: decoder.interner.intern(key))
        } else {
          try reader.skipValue()
        }
      }
      return nil
    case .wrapper:
      return try readWrapper(&reader)
    default:
      try reader.skipValue()
      return nil
    }
  }

  /// One element of a snapshot array: a stats object, `[id, stats]` or `{key, value}`.
  private mutating func readArrayElement(_ reader: inout JSONReader) throws(JSONError) {
    switch try reader.peekKind() {
    case .object:
      let keyValue = try reader.lookahead { (reader) throws(JSONError) -> Bool in
        var object = try reader.beginObject()
        guard let first = try reader.nextKey(in: &object) else { return false }
        return first.equals("key") || first.equals("value")
      }
      if keyValue {
        try readKeyValueEntry(&reader)
      } else {
        _ = try decoder.decode(&reader, into: &report)
      }
    case .array:
      var entry = try reader.beginArray()
      var decoded = false
      if try reader.nextElement(in: &entry) {
        let id =
          try reader.peekKind() == .string ? decoder.interner.intern(try reader.readStringToken()) : nil
        if id == nil { try reader.skipValue() }
        while try reader.nextElement(in: &entry) {
          if try reader.peekKind() == .object {
            _ = try decoder.decode(&reader, into: &report, id: id)
            decoded = true
          } else {
            try reader.skipValue()
          }
        }
      }
      if !decoded { unnamedElements += 1 }
    default:
      try reader.skipValue()
      unnamedElements += 1
    }
  }

  /// `{"key": id, "value": {stats}}` in either order.
  private mutating func readKeyValueEntry(_ reader: inout JSONReader) throws(JSONError) {
    var object = try reader.beginObject()
    var id: String?
    var row: Int?
    while let key = try reader.nextKey(in: &object) {
      if key.equals("key"), try reader.peekKind() == .string {
        id = decoder.interner.intern(try reader.readStringToken())
      } else if key.equals("value"), try reader.peekKind() == .object {
        row = try decoder.decode(&reader, into: &report, id: id)
      } else {
        try reader.skipValue()
      }
    }
    if let row, let id, report.id(at: row).isEmpty { report.setID(id, at: row) }
  }

  /// An app's wrapper: the report in a member (as a value or a JSON string), plus optional
  /// peer connection name and time.
  private mutating func readWrapper(_ reader: inout JSONReader) throws(JSONError) -> String? {
    var object = try reader.beginObject()
    var peerConnection: String?
    var timestamp: Double?
    while let key = try reader.nextKey(in: &object) {
      if SnapshotShape.isReportMember(key) {
        switch try reader.peekKind() {
        case .string:
          try readEmbeddedReport(try reader.readStringToken())
        case .array, .object:
          let shape = try reader.lookahead(SnapshotShape.classify)
          _ = try readSnapshot(&reader, shape: shape == .statsObject ? .statsMap : shape)
        default:
          try reader.skipValue()
        }
      } else if SnapshotShape.isPeerConnectionMember(key) {
        peerConnection = try decoder.readText(&reader, name: key)
      } else if SnapshotShape.isTimestampMember(key) || key.equals("timestamp_us")
        || key.equals("timestampUs")
      {
        let isMicroseconds = key.equals("timestamp_us") || key.equals("timestampUs")
        timestamp = try decoder.readNumber(&reader, name: key).map {
          isMicroseconds ? $0 / 1000 : Timestamps.milliseconds($0)
        }
      } else {
        try reader.skipValue()
      }
    }
    if let timestamp {
      report.timestamp = timestamp
      for row in 0..<report.count where report.timestamp(at: row) == nil {
        report.setTimestamp(timestamp, at: row)
      }
    }
    return peerConnection
  }

  /// A report serialised into a string member (`"jsonArrayOfReports":"[{…}]"`).
  private mutating func readEmbeddedReport(_ token: JSONKey) throws(JSONError) {
    let start = token.start
    let count = token.count
    if token.hasEscapes {
      JSONReader.unescape(token.bytes, into: &scratch)
    } else {
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
    }
    let bytes = scratch
    let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<Void, JSONError> in
      var inner = JSONReader(base: buffer.baseAddress ?? start, count: buffer.count)
      do throws(JSONError) {
        let shape = try inner.lookahead(SnapshotShape.classify)
        switch shape {
        case .statsArray, .entriesArray, .keyValueArray, .statsMap:
          _ = try readSnapshot(&inner, shape: shape)
        case .empty:
          try inner.skipValue()
        default:
          throw JSONError(
            .typeMismatch(expected: "a stats report in the string", found: "something else"), at: 0)
        }
        try inner.expectEnd()
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    if case .failure(let error) = outcome {
      // Point at the string in the outer document.
      throw JSONError(
        .typeMismatch(expected: "a JSON stats report inside the string", found: "\(error)"), at: 0)
    }
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

  private mutating func flushLoose(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    guard looseReport.count > 0 else { return }
    consumer.consume(looseReport, peerConnection: Self.defaultPeerConnection)
    info.reportCount += 1
    looseReport.removeAll()
    looseIDs.removeAll(keepingCapacity: true)
  }

  private mutating func note(_ shape: SnapshotShape) {
    if !shapes.contains(shape) { shapes.append(shape) }
  }

  func finish(unitCount: Int, info: inout DumpInfo) {
    info.format = info.reportCount == 1 && !shapes.contains(.log) ? .getStatsSnapshot : .getStatsLog
    if unitCount > 1 { info.addDetail("JSON lines") }
    for shape in shapes {
      switch shape {
      case .statsArray: info.addDetail("[stats…] snapshots")
      case .entriesArray: info.addDetail("[[id, stats]…] entries")
      case .keyValueArray: info.addDetail("[{key, value}…] entries")
      case .statsMap: info.addDetail("{id: stats} maps")
      case .wrapper: info.addDetail("wrapper objects")
      case .statsObject: info.addDetail("one stats object per value")
      case .log: info.addDetail("JSON array of snapshots")
      case .empty, .unknown: break
      }
    }
    if decoder.sawMicroseconds { info.addDetail("timestamps in µs (libwebrtc native)") }
    if unnamedElements > 0 {
      info.warnings.append(
        "skipped \(unnamedElements) elements of snapshot arrays that are not stats objects")
    }
    if decoder.ignoredMembers > 0 {
      info.warnings.append(
        "ignored \(decoder.ignoredMembers) members of the wrong type (first: \(decoder.firstIgnoredMember ?? "?"))"
      )
    }
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
