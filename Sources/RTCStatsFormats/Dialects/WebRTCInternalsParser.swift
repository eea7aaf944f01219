import RTCStatsCore

/// Reads a chrome://webrtc-internals "Create dump" file.
///
/// The dump is one JSON object: `PeerConnections` maps `"<pid>-<lid>"` to a connection
/// whose `stats` map every `"<statsId>-<property>"` to `{startTime, endTime, statsType,
/// values}`, `values` being a JSON array serialised into a string. The parser needs the
/// whole document (``StreamWindow/fillToEnd(from:sizeHint:)``) and works in two passes:
///
/// 1. ``index(document:)`` walks the document once, validating it, and keeps per series only
///    where its values are (see ``InternalsSeries``), per object its type and `-timestamp`
///    series. Members the engine does not read are skipped, and computed keys
///    (`"T01-[bytesSent_in_bits/s]"`) ignored.
/// 2. ``parse(window:source:into:info:)`` rebuilds the polls of every peer connection
///    (``InternalsTimeline``) and emits one ``StatsReport`` per poll, in time order, one
///    peer connection after the other, named by its `PeerConnections` key.
///
/// Since M117 every object has a `"<id>-timestamp"` series; a member that appeared later
/// than its object has fewer values, aligned from the end. Older dumps have no per-object
/// times (and the oldest no `statsType`): sample times are spread evenly between the
/// series' `startTime` and `endTime`, types are read from the id prefixes, and
/// ``DumpInfo/warnings`` says so. Series are capped at 1000 values by webrtc-internals; a
/// capped dump is reported in the warnings too.
struct WebRTCInternalsParser: DialectParser {
  /// Values webrtc-internals keeps per series.
  static let seriesCap = 1000

  /// Whether the object has a lowercase `peerConnections` member: an rtcstats v0 export,
  /// not a webrtc-internals dump. Known after ``index(document:)``.
  private(set) var isRTCStatsV0 = false
  private(set) var isIndexed = false
  private var userAgent: String?
  private var userAgentData: JSONValue?
  private var connections: [InternalsConnection] = []
  private var interner = StringInterner()
  private var ignoredSeries = 0
  /// Context for the next error (the series being decoded).
  private var errorContext: String?
  /// Where the document ended early, when complete peer connections came before.
  private var truncation: DumpError?

  init() {}

  // MARK: - Pass 1: index

  /// Walks the whole document and indexes its series.
  ///
  /// - Parameter document: The whole decompressed dump; it must stay valid and unchanged
  ///   until ``parse(window:source:into:info:)`` returns.
  mutating func index(document: UnsafeRawBufferPointer) throws(DumpError) {
    let bytes = document.bindMemory(to: UInt8.self)
    guard let base = bytes.baseAddress else { throw DumpError(.data, "the file is empty") }
    var reader = JSONReader(base: base, count: bytes.count)
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.offset = 3 }
    do throws(JSONError) {
      var top = try reader.beginObject()
      while let key = try reader.nextKey(in: &top) {
        if key.equals("PeerConnections") {
          try indexConnections(&reader)
        } else if key.equals("peerConnections") {
          isRTCStatsV0 = true
          try reader.skipValue()
        } else if key.equals("UserAgent"), try reader.peekKind() == .string {
          userAgent = try reader.readString()
        } else if key.equals("UserAgentData") {
          userAgentData = try reader.readValue()
        } else {
          try reader.skipValue()
        }
      }
      try reader.expectEnd()
    } catch {
      let isCut = error.offset >= bytes.count && errorContext == nil
      guard case .unexpectedEnd = error.kind, isCut, !connections.isEmpty else {
        throw positioned(error, in: bytes)
      }
      // A cut download: the peer connections read completely before the cut are analysed.
      truncation = positioned(error, in: bytes)
    }
    isIndexed = true
  }

  private mutating func indexConnections(_ reader: inout JSONReader) throws(JSONError) {
    guard try reader.peekKind() == .object else {
      throw reader.mismatch(expected: "an object of peer connections")
    }
    var members = try reader.beginObject()
    while let name = try reader.nextKey(in: &members) {
      var connection = InternalsConnection(name: name.decoded())
      if try reader.peekKind() == .object {
        var object = try reader.beginObject()
        while let member = try reader.nextKey(in: &object) {
          if member.equals("stats"), try reader.peekKind() == .object {
            connection.hasStats = true
            try indexStats(&reader, connection: &connection)
          } else {
            // `updateLog`, `rtcConfiguration`, `url`, `pid`, `constraints`.
            try reader.skipValue()
          }
        }
      } else {
        try reader.skipValue()
      }
      connections.append(connection)
    }
  }

  /// What a series is to the parser.
  private enum Role {
    case timestamp
    case isRemote
    case value(StatsKey)
  }

  private mutating func indexStats(
    _ reader: inout JSONReader, connection: inout InternalsConnection
  )
    throws(JSONError)
  {
    var unescaped: [UInt8] = []
    var cellScratch: [UInt8] = []
    var lastID: (start: UnsafePointer<UInt8>, count: Int)?
    var lastObject = 0
    var stats = try reader.beginObject()
    while let name = try reader.nextKey(in: &stats) {
      guard !name.hasEscapes, let (idCount, role) = Self.split(name) else {
        if name.hasEscapes { ignoredSeries += 1 }
        try reader.skipValue()
        continue
      }
      guard try reader.peekKind() == .object else {
        ignoredSeries += 1
        try reader.skipValue()
        continue
      }
      let entry = try Self.readEntry(&reader)
      guard entry.values != nil || entry.array != nil else {
        ignoredSeries += 1
        continue
      }

      let objectIndex: Int
      if let lastID, lastID.count == idCount, bytesEqual(lastID.start, name.start, idCount) {
        objectIndex = lastObject
      } else {
        let id = interner.intern(name.start, idCount)
        if let known = connection.objectIndex[id] {
          objectIndex = known
        } else {
          objectIndex = connection.objects.count
          connection.objectIndex[id] = objectIndex
          connection.objects.append(InternalsObject(id: id))
        }
        lastID = (name.start, idCount)
        lastObject = objectIndex
      }
      if let typeToken = entry.statsType, !connection.objects[objectIndex].hasStatsType {
        let typeName = interner.intern(typeToken)
        connection.objects[objectIndex].hasStatsType = true
        connection.objects[objectIndex].typeName = typeName
        connection.objects[objectIndex].type = StatsType(dumpName: typeName) ?? .other
      }

      let nameStart = name.start - reader.base
      let valuesStart = entry.values.map { $0.start - reader.base } ?? entry.array?.lowerBound ?? 0
      do throws(JSONError) {
        switch role {
        case .timestamp:
          let first = connection.timestamps.count
          try withValues(entry, reader: reader, unescaped: &unescaped) {
            (values) throws(JSONError) in
            try Self.readTimes(&values, into: &connection.timestamps)
          }
          connection.objects[objectIndex].timestamps = first..<connection.timestamps.count
        case .isRemote:
          let isRemote = try withValues(entry, reader: reader, unescaped: &unescaped) {
            (values) throws(JSONError) -> Bool in
            var array = try values.beginArray()
            guard try values.nextElement(in: &array), try values.peekKind() == .bool else {
              return false
            }
            return try values.readBool()
          }
          connection.objects[objectIndex].isRemoteCandidate = isRemote
        case .value(let key):
          let storage: InternalsSeries.Storage
          let count: Int
          if let token = entry.values, token.hasEscapes {
            let first = connection.runs.count
            if let fast = InternalsEscapedArray.decodeRuns(
              base: token.start, count: token.count, key: key, runs: &connection.runs,
              interner: &interner, scratch: &cellScratch, element: &unescaped)
            {
              count = fast
            } else {
              JSONReader.unescape(token.bytes, into: &unescaped)
              count = try Self.decodeRuns(
                unescaped, key: key, runs: &connection.runs, interner: &interner,
                scratch: &cellScratch)
            }
            storage = .runs(first..<connection.runs.count)
          } else {
            let range =
              entry.values.map { (token) -> Range<Int> in
                let start = token.start - reader.base
                return start..<(start + token.count)
              } ?? entry.array ?? 0..<0
            count = try Self.countElements(base: reader.base + range.lowerBound, count: range.count)
            storage = .document(start: range.lowerBound, length: range.count)
          }
          connection.objects[objectIndex].series.append(Int32(connection.series.count))
          connection.series.append(
            InternalsSeries(
              key: key, count: count, storage: storage, nameStart: nameStart, nameCount: name.count,
              startTime: entry.startTime, endTime: entry.endTime))
        }
      } catch {
        // Offsets are relative to the values array, which is the document itself unless the
        // string had escapes.
        errorContext =
          "in the values of \"\(name.decoded())\" of peer connection \(connection.name)"
        let isCopy = entry.values?.hasEscapes ?? false
        throw JSONError(error.kind, at: isCopy ? valuesStart : valuesStart + error.offset)
      }
    }
  }

  /// Splits `"<id>-<property>"` at the last `-`: the length of the id and the role of the
  /// property, or `nil` for computed keys (`"X-[bytesSent_in_bits/s]"`), malformed keys and
  /// properties the engine does not read.
  private static func split(_ name: JSONKey) -> (idCount: Int, role: Role)? {
    let bytes = name.start
    let count = name.count
    var dash = -1
    var index = count - 1
    while index > 0 {
      if bytes[index] == UInt8(ascii: "-") {
        dash = index
        break
      }
      index -= 1
    }
    guard dash > 0, dash < count - 1 else { return nil }
    // Computed values are `-[…]`; the bracket may hold a `-` itself.
    for offset in 0..<(count - 1)
    where bytes[offset] == UInt8(ascii: "-") && bytes[offset + 1] == UInt8(ascii: "[") {
      return nil
    }
    let property = bytes + dash + 1
    let propertyCount = count - dash - 1
    switch StatsKeyTable.standard.lookup(property, propertyCount) {
    case .timestamp:
      return (dash, .timestamp)
    case .numeric(let field):
      return (dash, .value(.numeric(field)))
    case .text(let field):
      return (dash, .value(.text(field)))
    case .qualityLimitationDurations:
      return (dash, .value(.qualityLimitationDurations))
    case .id, .type, .timestampMicroseconds, .nestedMembers:
      return nil
    case nil:
      let isRemote: StaticString = "isRemote"
      guard propertyCount == isRemote.utf8CodeUnitCount,
        bytesEqual(property, isRemote.utf8Start, propertyCount)
      else { return nil }
      return (dash, .isRemote)
    }
  }

  /// The members of a series entry.
  private struct Entry {
    var values: JSONKey?
    /// `values` given as an array instead of a string (a re-serialised dump).
    var array: Range<Int>?
    var statsType: JSONKey?
    var startTime = Double.nan
    var endTime = Double.nan
  }

  private static func readEntry(_ reader: inout JSONReader) throws(JSONError) -> Entry {
    var entry = Entry()
    var object = try reader.beginObject()
    while let member = try reader.nextKey(in: &object) {
      if member.equals("values") {
        switch try reader.peekKind() {
        case .string:
          entry.values = try reader.readStringToken()
        case .array:
          reader.skipWhitespace()
          let start = reader.offset
          try reader.skipValue()
          entry.array = start..<reader.offset
        default:
          try reader.skipValue()
        }
      } else if member.equals("statsType"), try reader.peekKind() == .string {
        entry.statsType = try reader.readStringToken()
      } else if member.equals("startTime") {
        entry.startTime = try readTime(&reader)
      } else if member.equals("endTime") {
        entry.endTime = try readTime(&reader)
      } else {
        try reader.skipValue()
      }
    }
    return entry
  }

  /// `startTime`/`endTime`: an ISO 8601 string, or epoch ms; NaN otherwise.
  private static func readTime(_ reader: inout JSONReader) throws(JSONError) -> Double {
    switch try reader.peekKind() {
    case .string:
      let token = try reader.readStringToken()
      return WebRTCInternalsTime.milliseconds(token.bytes) ?? .nan
    case .number:
      return Timestamps.milliseconds(try reader.readDouble())
    default:
      try reader.skipValue()
      return .nan
    }
  }

  /// Runs `body` on a reader over the values array of `entry`: in place when the string
  /// has no escapes, else over an unescaped copy.
  private func withValues<Result>(
    _ entry: Entry, reader: JSONReader, unescaped: inout [UInt8],
    _ body: (inout JSONReader) throws(JSONError) -> Result
  ) throws(JSONError) -> Result {
    if let token = entry.values, token.hasEscapes {
      JSONReader.unescape(token.bytes, into: &unescaped)
      let outcome = unescaped.withUnsafeBufferPointer { buffer -> Swift.Result<Result, JSONError> in
        var values = JSONReader(UnsafeRawBufferPointer(buffer))
        do throws(JSONError) {
          return .success(try body(&values))
        } catch {
          return .failure(error)
        }
      }
      return try outcome.get()
    }
    let range =
      entry.values.map { (token) -> Range<Int> in
        let start = token.start - reader.base
        return start..<(start + token.count)
      } ?? entry.array ?? 0..<0
    var values = JSONReader(base: reader.base + range.lowerBound, count: range.count)
    return try body(&values)
  }

  /// Reads a `-timestamp` series; elements that are not numbers become NaN.
  private static func readTimes(_ reader: inout JSONReader, into times: inout [Double])
    throws(JSONError)
  {
    var array = try reader.beginArray()
    while try reader.nextElement(in: &array) {
      if try reader.peekKind() == .number {
        times.append(Timestamps.milliseconds(try reader.readDouble()))
      } else {
        try reader.skipValue()
        times.append(.nan)
      }
    }
    try reader.expectEnd()
  }

  /// Decodes an unescaped values array into runs of equal cells; returns the value count.
  private static func decodeRuns(
    _ bytes: [UInt8], key: StatsKey, runs: inout [InternalsRun], interner: inout StringInterner,
    scratch: inout [UInt8]
  ) throws(JSONError) -> Int {
    let first = runs.count
    let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<Int, JSONError> in
      var reader = JSONReader(UnsafeRawBufferPointer(buffer))
      do throws(JSONError) {
        var array = try reader.beginArray()
        var count = 0
        while try reader.nextElement(in: &array) {
          let cell = try InternalsValueReader.cell(
            key, from: &reader, interner: &interner, scratch: &scratch)
          if runs.count > first, runs[runs.count - 1].cell == cell {
            runs[runs.count - 1].count += 1
          } else {
            runs.append(InternalsRun(cell: cell, count: 1))
          }
          count += 1
        }
        try reader.expectEnd()
        return .success(count)
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Counts the elements of a values array without parsing them.
  ///
  /// An array of numbers and literals has one more element than commas, which a simple
  /// byte count finds; anything with strings or nested values is counted by the reader.
  static func countElements(base: UnsafePointer<UInt8>, count: Int) throws(JSONError) -> Int {
    var commas = 0
    var openings = 0
    var quotes = 0
    for index in 0..<count {
      let byte = base[index]
      commas &+= byte == UInt8(ascii: ",") ? 1 : 0
      openings &+= byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") ? 1 : 0
      quotes &+= byte == UInt8(ascii: "\"") ? 1 : 0
    }
    var reader = JSONReader(base: base, count: count)
    if openings == 1 && quotes == 0 {
      var array = try reader.beginArray()
      return try reader.nextElement(in: &array) ? commas + 1 : 0
    }
    var array = try reader.beginArray()
    var elements = 0
    while try reader.nextElement(in: &array) {
      try reader.skipValue()
      elements += 1
    }
    try reader.expectEnd()
    return elements
  }

  // MARK: - Pass 2: emit

  /// Reads the whole stream, indexes it (unless ``index(document:)`` already did) and
  /// emits the reports of every peer connection.
  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) {
    // Once indexed, the window must not change: the index points into it.
    if !isIndexed {
      try window.fillToEnd(from: &source)
      try index(document: window.unread)
    }
    let document = window.unread
    let bytes = document.bindMemory(to: UInt8.self)
    guard let base = bytes.baseAddress else { throw DumpError(.data, "the file is empty") }
    info.format = .webrtcInternals
    info.userAgent = userAgent ?? userAgentData.flatMap(Self.describeUserAgentData)
    guard !connections.isEmpty else {
      throw DumpError(
        .data,
        "no peer connections in this webrtc-internals dump (PeerConnections is empty: it was saved after the page closed its connections, or the page only used getUserMedia)"
      )
    }
    var emitter = InternalsEmitter(document: base, interner: interner)
    for index in connections.indices {
      var connection = connections[index]
      // Free the index of a connection once emitted.
      var emitted = InternalsConnection(name: connection.name)
      emitted.hasStats = connection.hasStats
      connections[index] = emitted
      do throws(JSONError) {
        try emitter.emit(&connection, into: &consumer, info: &info)
      } catch {
        errorContext = emitter.errorContext
        throw positioned(error, in: bytes)
      }
    }
    interner = emitter.interner
    finish(emitter: emitter, info: &info)
    if let truncation {
      info.isTruncated = true
      let count = connections.count
      info.warnings.append(
        "\(truncation.description); analysed the \(count) peer connection\(count == 1 ? "" : "s") before it"
      )
    }
  }

  private func finish(emitter: InternalsEmitter, info: inout DumpInfo) {
    if emitter.exactConnections > 0 && emitter.spreadConnections == 0 {
      info.addDetail("M117+ layout (per-object timestamp series)")
    } else if emitter.spreadConnections > 0 {
      info.addDetail(
        emitter.exactConnections > 0
          ? "mixed layout (some objects without timestamp series)"
          : "pre-M117 layout (no per-object timestamps)")
      info.warnings.append(
        "no per-object timestamps (pre-M117 dump): sample times are spread evenly between each series' startTime and endTime and aligned across objects, so intervals are approximate"
      )
    }
    if emitter.inferredTypes { info.addDetail("types read from the stats ids (no statsType)") }
    let names = connections.map(\.name)
    info.addDetail(
      names.count == 1
        ? "1 peer connection (\(names[0]))"
        : "\(names.count) peer connections (\(names.joined(separator: ", ")))")
    info.warnings.append(contentsOf: emitter.warnings)
    let withoutStats = connections.filter { !$0.hasStats }.map(\.name)
    if !withoutStats.isEmpty {
      info.warnings.append("no stats for peer connection \(withoutStats.joined(separator: ", "))")
    }
    if ignoredSeries > 0 {
      info.warnings.append(
        "ignored \(ignoredSeries) series that are not \"<id>-<property>\": {values} entries")
    }
  }

  /// Converts a reader error into a positioned ``DumpError``.
  private func positioned(_ error: JSONError, in document: UnsafeBufferPointer<UInt8>) -> DumpError {
    let (line, column) = JSONReader.lineAndColumn(of: error.offset, in: document)
    var message = error.description
    if case .unexpectedEnd = error.kind, error.offset >= document.count {
      message = "the dump is truncated: " + message
    }
    if let errorContext { message = errorContext + ": " + message }
    return DumpError(.data, message, line: line, column: column)
  }

  // MARK: - User agent

  /// `"Google Chrome 149.0.7827.0, Chromium 149.0.7827.0 (Windows)"` from `UserAgentData`
  /// (an object with `brands`/`fullVersionList`, or an array of brands), GREASE brands left out.
  static func describeUserAgentData(_ value: JSONValue) -> String? {
    let list =
      value["fullVersionList"]?.arrayValue ?? value["brands"]?.arrayValue ?? value.arrayValue
    guard let list else { return nil }
    let brands = list.compactMap { entry -> String? in
      guard let brand = entry["brand"]?.stringValue, !brand.hasPrefix("Not") else { return nil }
      return entry["version"]?.stringValue.map { brand + " " + $0 } ?? brand
    }
    guard !brands.isEmpty else { return nil }
    let platform = value["platform"]?.stringValue.map { " (\($0))" } ?? ""
    return brands.joined(separator: ", ") + platform
  }
}
