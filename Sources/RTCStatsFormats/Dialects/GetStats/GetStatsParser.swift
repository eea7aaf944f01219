import RTCStatsCore

/// Reads getStats snapshots and logs of them: every shape of ``SnapshotShape``, as one JSON
/// value, JSON lines, or a JSON array, streamed unit by unit.
///
/// A *unit* is one top-level value, or one element of a top-level array of snapshots (or of
/// a wrapper's log, `{"snapshots":[…]}`), so a 500 MB log is read with a window of a few MB.
/// Each unit is classified on its own (``SnapshotShape/classify(_:probesMembers:)``), so a
/// log may mix shapes; ``SnapshotReader`` reads it, and a legacy callback `getStats()`
/// snapshot is mapped to W3C rows (``LegacySnapshots``). Reports without a peer connection
/// name go to ``defaultPeerConnection``. A damaged line of a JSON-lines log is skipped
/// (``DamagedLines`` has the rule). This is the catch-all dialect: it claims every dump that
/// starts with `[` or `{` and no other dialect took; a dump in which no object has a `type`
/// (or members that tell one) is refused, never read as an empty result.
struct GetStatsParser: DialectParser {
  static let defaultPeerConnection = "PC_0"
  static var format: DumpFormat { .getStatsLog }

  static func sniff(_ prefix: DumpPrefix) -> Bool {
    prefix.first == UInt8(ascii: "[") || prefix.first == UInt8(ascii: "{")
  }

  var snapshots: SnapshotReader<StatsReport>
  var legacy = LegacySnapshots()
  var report = StatsReport()
  /// Stats objects logged one per line, gathered until an id repeats.
  var looseReport = StatsReport()
  var looseIDs: Set<String> = []
  var shapes: [SnapshotShape] = []
  /// The shape of the last unit that began with `[{`: a log repeats its shape, so later
  /// such units skip the classification pass.
  var arrayOfObjectsShape: SnapshotShape?
  /// The shape of the last top-level unit, and whether every unit so far fit on one line:
  /// together they tell when the rest of the stream may be parsed in parallel.
  var lastTopShape: SnapshotShape?
  var unitsAreSingleLines = true
  /// Whether the stream is JSON lines (the first value fitted on one line, or the line after
  /// a damaged first line is one value): only then are damaged lines skipped.
  var isJSONLines: Bool?
  /// Top-level units read so far.
  var unitCount = 0
  /// The peer connection a wrapper around a log names, for its snapshots.
  var wrapperPeerConnection: String?
  /// The damaged lines skipped.
  var damaged = DamagedLines()
  /// Whether the stream this parser reads is a chunk of a larger one cut at a line end (a
  /// parallel worker's, not the last): a value cut at its end is a damaged line, not a
  /// truncated dump.
  var chunkEndsBeforeStreamEnd = false
  /// Whether an object with a type (written or inferred) was read, and what the first unit
  /// without one held.
  var sawTypedObject = false
  var untypedUnit: String?
  /// Whether legacy snapshots are mapped as they are read; a parallel worker leaves them to
  /// the calling thread (``deferredLegacy``), so that each connection's mapper sees them in
  /// dump order.
  var mapsLegacySnapshots = true
  /// A worker's legacy snapshots: the index of the placeholder report each replaces.
  var deferredLegacy: [(index: Int, peerConnection: String, snapshot: LegacyGoogStatsReport)] = []

  /// Whether this parser may hand the rest of a JSON-lines stream to worker threads (not
  /// for the workers themselves).
  let allowsParallelLines: Bool
  /// How many threads the rest of such a stream may be parsed on at once.
  let parseThreads: Int
  /// The size of the whole stream when known.
  let sizeHint: Int?
  /// Where the decoder took what earlier dumps taught, and gives back what it learned
  /// (``DialectContext/learned``).
  let learned: LearnedStore?

  init(_ context: DialectContext) {
    var decoder = MemberDecoder(ignored: context.ignoredMembers)
    if let learned = context.learned?.take() { decoder.adopt(learned) }
    snapshots = SnapshotReader(decoder: decoder)
    allowsParallelLines = context.allowsParallelLines
    parseThreads = context.parseThreads
    sizeHint = context.sizeHint
    learned = context.learned
  }

  /// The tally of ignored members this parser's decoder counts into.
  var ignoredMembers: IgnoredMembers { snapshots.decoder.ignored }

  /// Parses the whole stream.
  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) -> ParseOutcome {
    while let next = try window.peekByte(from: &source) {
      if allowsParallelLines, unitCount >= 2, unitsAreSingleLines, Self.isLineShape(lastTopShape),
        ParallelLines.isWorthIt(window: window, sizeHint: sizeHint, threads: parseThreads)
      {
        // The workers check each unit's start and skip damaged lines themselves.
        try ParallelLines.parse(
          window: &window, source: &source, into: &consumer, info: &info, parser: &self,
          threads: parseThreads)
        break
      }
      let before = window.position
      let ignoredBefore = ignoredMembers.checkpoint
      do throws(DumpError) {
        if unitCount > 0 || damaged.count > 0 { try Self.checkUnitStart(next, window: window) }
        try parseUnit(window: &window, source: &source, into: &consumer, info: &info, level: 0)
      } catch {
        try skipDamagedLine(
          after: error, unitStart: before, ignoredBefore: ignoredBefore, window: &window, source: &source)
        continue
      }
      noteLineShape(window: window, unitStart: before)
      unitCount += 1
    }
    try damaged.check(valuesRead: unitCount)
    try checkTypedObjects(info)
    return .done
  }

  /// Notes whether the first units fitted on one line: the first decides whether the stream
  /// is JSON lines, the first two whether it may be parsed in parallel.
  private mutating func noteLineShape(window: borrowing StreamWindow, unitStart: Int) {
    guard unitCount < 2, isJSONLines == nil || unitsAreSingleLines else { return }
    let bytes = window.consumedBytes(since: unitStart)
    let hasNewline = bytes.map { unit in
      unit.baseAddress.map { System.firstByte(0x0A, in: $0, count: unit.count) != nil } ?? false
    }
    if isJSONLines == nil { isJSONLines = hasNewline == false }
    if hasNewline ?? true { unitsAreSingleLines = false }
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

  /// Takes the notes of a worker's parser: shapes seen, µs timestamps, ignored members,
  /// typed objects, damaged lines (numbered from `firstLine`, where its chunk began).
  mutating func absorb(_ worker: GetStatsParser, firstLine: Int) {
    for shape in worker.shapes where !shapes.contains(shape) { shapes.append(shape) }
    snapshots.absorb(worker.snapshots)
    ignoredMembers.absorb(worker.ignoredMembers)
    sawTypedObject = sawTypedObject || worker.sawTypedObject
    if untypedUnit == nil { untypedUnit = worker.untypedUnit }
    damaged.absorb(worker.damaged, firstLine: firstLine)
  }

  /// The W3C report of a legacy snapshot a worker deferred (``deferredLegacy``).
  mutating func mapDeferredLegacy(_ snapshot: LegacyGoogStatsReport, peerConnection: String) -> StatsReport {
    legacy.map(snapshot, peerConnection: peerConnection)
  }

  // MARK: - End

  mutating func finish(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    flushLoose(into: &consumer, info: &info)
    info.format = info.reportCount == 1 && !shapes.contains(.log) ? .getStatsSnapshot : .getStatsLog
    if unitCount > 1 { info.addDetail("JSON lines") }
    for shape in shapes {
      if let detail = shape.detail { info.addDetail(detail) }
    }
    if legacy.count > 0 { info.addDetail("legacy goog stats (callback getStats)") }
    if snapshots.decoder.sawMicroseconds {
      info.addDetail("timestamps in µs (libwebrtc native)")
      info.note(.microsecondTimestamps)
    }
    if snapshots.unnamedElements > 0 {
      info.note(.skippedElements, ["count": .integer(snapshots.unnamedElements)])
    }
    if let diagnostic = damaged.diagnostic { info.diagnostics.append(diagnostic) }
    learned?.give(snapshots.decoder.takeLearned())
  }

  func emptyDumpError(_ info: DumpInfo) -> DumpError? {
    DumpError.notADump("no stats reports found (valid JSON, but no getStats objects in it)")
  }

  /// A dump with reports but not one object with a type: JSON of something else, or a
  /// wrapper whose report was not found.
  ///
  /// Never an empty analysis.
  private func checkTypedObjects(_ info: DumpInfo) throws(DumpError) {
    guard info.reportCount > 0 || looseReport.count > 0, !sawTypedObject else { return }
    throw DumpError.notADump(
      "no stats objects with a `type` in this JSON (found \(untypedUnit ?? "objects without one")): not getStats data, or a wrapper whose report rtcstats does not find"
    )
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
