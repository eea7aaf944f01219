import RTCStatsCore

// MARK: - Design
//
// An rtcstats dump (file format 3) is a line `RTCStatsDump`, a metadata object, then one
// JSON array per event:
//
//     RTCStatsDump
//     {"fileFormat":3, "userAgent":"…", …}
//     [39, null, {"userAgentData":…}, 1758602115670]        create (compressed method id)
//     ["g", "1", {"0": {"11":"video","80":1200,…}, "t":1758602116000}, 1000.5]
//     ["getStats", "92-1", {"P": {"id":"P","type":"peer-connection",…}}, 509.15]
//
// The last element of every line is the time since the previous line (ms, float), the first
// line's is absolute. rtcstats-js compresses method names, member names, `type` values and
// stats ids, and sends each getStats report as a delta (applied by ``RTCStatsInPlaceReport``); Chrome's own
// export ("Download the rtcstats dump" in webrtc-internals) writes full reports with plain
// names. Each line is classified on its own (``RTCStatsReportSummary/isDelta``), so one
// parser reads both.
//
// Streaming: the header line is consumed byte by byte, every further line is one
// `StreamWindow.parseValue` unit, and the state kept between lines is the last full report
// of each open peer connection.

/// Reads rtcstats dumps of file format 3: rtcstats-js (rtcstats/rtcstats, 2025+) and
/// Chrome's own rtcstats export.
struct RTCStatsDumpParser: DialectParser {
  /// The name used for getStats lines without connection id.
  static let defaultPeerConnection = "PC_0"

  private var decoder = RTCStatsObjectDecoder()
  /// Full reports are decoded here, then become the connection's report.
  private var scratch = StatsReport()
  private var removed: [String] = []
  private var connectionIndex: [String: Int] = [:]
  private var states: [RTCStatsInPlaceReport] = []
  private var metadata = RTCStatsMetadata()
  /// Time of the current line, ms since epoch.
  private var time = 0.0
  private var eventCount = 0
  private var deltaReports = 0
  private var fullReports = 0
  private var sawCompressedMethods = false
  private var linesWithoutTime = 0
  private var skippedLines = 0

  init() {}

  /// What one event line held.
  private struct Line {
    enum Method { case getStats, create, close, other }
    var method = Method.other
    var connection: String?
    var summary: RTCStatsReportSummary?
    /// The state the delta was applied to.
    var state: Int?
    var clientMetadata: JSONValue?
    var timeDelta: Double?
  }

  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) {
    info.format = .rtcstats
    try readHeader(window: &window, source: &source, info: &info)
    do throws(DumpError) {
      while let next = try window.peekByte(from: &source) {
        guard next == UInt8(ascii: "[") else {
          try skipNonEventLine(window: &window, source: &source, next: next)
          continue
        }
        let tally = decoder.members.ignoredTally
        let line =
          try window.parseValue(from: &source) { (reader) throws(JSONError) -> Line in
            decoder.members.ignoredTally = tally  // a retry counts the line's members once
            return try readLine(&reader)
          } ?? Line()
        process(line, into: &consumer, info: &info)
      }
    } catch {
      guard info.reportCount > 0, error.message.hasPrefix("the dump is truncated") else {
        throw error
      }
      info.isTruncated = true
      info.warnings.append(
        "\(error.description); analysed the \(info.reportCount) reports before it")
    }
    finish(info: &info)
  }

  // MARK: - Header

  /// Consumes `RTCStatsDump` and the metadata object.
  private mutating func readHeader(
    window: inout StreamWindow, source: inout some ByteSource, info: inout DumpInfo
  ) throws(DumpError) {
    if try window.peekByte(from: &source) == 0xEF {
      for byte: UInt8 in [0xEF, 0xBB, 0xBF] {
        try window.expectByte(byte, from: &source, expected: "a UTF-8 byte order mark")
      }
    }
    for byte in "RTCStatsDump".utf8 {
      guard let next = try window.peekByte(from: &source), next == byte else {
        throw DumpError(.data, "an rtcstats dump must start with the line RTCStatsDump", line: 1)
      }
      window.consume(1)
    }
    let header =
      try window.parseValue(from: &source) { (reader) throws(JSONError) -> JSONValue in
        try reader.readValue()
      }
    guard let header, case .object = header else {
      throw DumpError(
        .data,
        "expected the metadata object after RTCStatsDump, found \(header?.typeName ?? "the end of the file")",
        line: 2)
    }
    metadata.read(header)
    if let fileFormat = metadata.fileFormat {
      if fileFormat != 3 {
        info.warnings.append("the dump says fileFormat \(fileFormat); read it as file format 3")
      }
    } else {
      info.warnings.append("the metadata line has no fileFormat; read the dump as file format 3")
    }
  }

  /// A line that is not an event array: an object is skipped (a second metadata line),
  /// anything else is an error.
  private mutating func skipNonEventLine(
    window: inout StreamWindow, source: inout some ByteSource, next: UInt8
  ) throws(DumpError) {
    guard next == UInt8(ascii: "{") else {
      let (line, column) = window.lineAndColumn(ofUnreadOffset: 0)
      throw DumpError(
        .data,
        "expected an event line [method, connection, value, …, time], found \(JSONError.describe(next))",
        line: line, column: column)
    }
    _ = try window.parseValue(from: &source) { (reader) throws(JSONError) -> Void in
      try reader.skipValue()
    }
    skippedLines += 1
  }

  // MARK: - Lines

  /// Reads `[method, connection|null, value, …extra, timeDelta]`. Runs again from the start
  /// when the window had to grow, so it only fills `scratch` and returns the rest.
  private mutating func readLine(_ reader: inout JSONReader) throws(JSONError) -> Line {
    var line = Line()
    scratch.removeAll()
    removed.removeAll(keepingCapacity: true)
    var array = try reader.beginArray()
    guard try reader.nextElement(in: &array) else { return line }
    line.method = try readMethod(&reader)
    guard try reader.nextElement(in: &array) else { return line }
    switch try reader.peekKind() {
    case .string: line.connection = decoder.internID(try reader.readStringToken())
    case .number: line.connection = Self.describe(number: try reader.readDouble())
    default: try reader.skipValue()
    }
    guard try reader.nextElement(in: &array) else { return line }
    switch line.method {
    case .getStats where try reader.peekKind() == .object:
      if try RTCStatsObjectDecoder.isFullReport(&reader) {
        line.summary = try decoder.decodeReport(
          &reader, into: &scratch, removed: &removed, timestampKey: "t")
      } else {
        let state = state(for: line.connection ?? Self.defaultPeerConnection)
        line.state = state
        line.summary = try applyDelta(&reader, to: state)
      }
    case .create where line.connection == nil:
      line.clientMetadata = try reader.readValue()
    default:
      try reader.skipValue()
    }
    // Extra elements (correlation ids, urls), then the time delta as the last element.
    while try reader.nextElement(in: &array) {
      if try reader.peekKind() == .number {
        line.timeDelta = try reader.readDouble()
      } else {
        line.timeDelta = nil
        try reader.skipValue()
      }
    }
    return line
  }

  private mutating func state(for connection: String) -> Int {
    if let existing = connectionIndex[connection] { return existing }
    connectionIndex[connection] = states.count
    states.append(RTCStatsInPlaceReport())
    return states.count - 1
  }

  /// Applies the delta `{id: object|null, …, "t": ms}` under the cursor to the report of
  /// connection `state`; the removals and timestamps follow in ``emit``.
  private mutating func applyDelta(_ reader: inout JSONReader, to state: Int) throws(JSONError)
    -> RTCStatsReportSummary
  {
    var summary = RTCStatsReportSummary(isDelta: true)
    states[state].beginDelta()
    var object = try reader.beginObject()
    while let key = try reader.nextKey(in: &object) {
      switch try reader.peekKind() {
      case .object:
        try states[state].apply(&reader, id: decoder.internID(key), decoder: &decoder)
        summary.objectCount += 1
      case .null:
        try reader.readNull()
        removed.append(decoder.internID(key))
      case .number where key.equals("t"):
        summary.commonTimestamp = Timestamps.milliseconds(try reader.readDouble())
      default:
        try reader.skipValue()
      }
    }
    return summary
  }

  /// A numeric connection id as text (`3`, not `3.0`).
  static func describe(number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }

  private mutating func readMethod(_ reader: inout JSONReader) throws(JSONError) -> Line.Method {
    switch try reader.peekKind() {
    case .string:
      let name = try reader.readStringToken()
      if name.equals("getStats") { return .getStats }
      if name.equals("g") {
        sawCompressedMethods = true
        return .getStats
      }
      if name.equals("create") { return .create }
      if name.equals("close") { return .close }
      return .other
    case .number:
      sawCompressedMethods = true
      let number = try reader.readDouble()
      guard number >= 0, number < 1000 else { return .other }
      switch RTCStatsCompressionTables.methods[Int(number)] {
      case "create": return .create
      case "close": return .close
      default: return .other
      }
    default:
      try reader.skipValue()
      return .other
    }
  }

  private mutating func process(
    _ line: Line, into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    eventCount += 1
    if let delta = line.timeDelta {
      // The first line's "delta" is absolute, and so is the first line after rtcstats-js
      // reconnected its trace; no real delta is 3 years long.
      time = delta >= RTCStatsLegacyParser.smallestEpochMilliseconds ? delta : time + delta
    } else {
      linesWithoutTime += 1
    }
    switch line.method {
    case .create:
      if let clientMetadata = line.clientMetadata { metadata.read(clientMetadata) }
    case .close:
      if let connection = line.connection, let index = connectionIndex[connection] {
        states[index].reset()
      }
    case .getStats:
      if let summary = line.summary {
        emit(
          summary, connection: line.connection ?? Self.defaultPeerConnection, state: line.state,
          into: &consumer, info: &info)
      }
    case .other:
      break
    }
  }

  private mutating func emit(
    _ summary: RTCStatsReportSummary, connection: String, state applied: Int?,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    let index = applied ?? state(for: connection)
    if applied != nil {
      deltaReports += 1
      states[index].finishDelta(commonTimestamp: summary.commonTimestamp, removed: removed)
    } else {
      fullReports += 1
      RTCStatsObjectDecoder.inferMissingTypes(in: &scratch)
      states[index].replace(with: &scratch)
    }
    states[index].stamp(commonTimestamp: summary.commonTimestamp, eventTime: time)
    guard states[index].report.count > 0 else { return }
    consumer.consume(states[index].report, peerConnection: connection)
    info.reportCount += 1
  }

  private func finish(info: inout DumpInfo) {
    info.addDetail("file format 3")
    if deltaReports > 0 {
      info.addDetail(
        sawCompressedMethods
          ? "rtcstats-js: compressed, delta-encoded getStats" : "delta-encoded getStats")
    }
    if fullReports > 0 {
      info.addDetail(
        sawCompressedMethods
          ? "full getStats reports" : "Chrome webrtc-internals export: full getStats reports")
    }
    info.addDetail("\(eventCount) events, \(connectionIndex.count) peer connections with stats")
    metadata.apply(to: &info)
    if linesWithoutTime > 0 {
      info.warnings.append("\(linesWithoutTime) event lines end without a time delta")
    }
    if skippedLines > 0 {
      info.warnings.append("skipped \(skippedLines) lines that are not event arrays")
    }
    if info.reportCount == 0 {
      info.warnings.append("the dump has no getStats reports (\(eventCount) events)")
    }
    if decoder.members.ignoredMembers > 0 {
      info.warnings.append(
        "ignored \(decoder.members.ignoredMembers) members of the wrong type (first: \(decoder.members.firstIgnoredMember ?? "?"))"
      )
    }
  }
}
