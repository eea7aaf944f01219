import RTCStatsCore

// MARK: - Design
//
// Dumps of the fippo and jitsi rtcstats-server (2016–2024) are JSON lines, one event each:
//
//     {"path":…,"userAgent":…,"fileFormat":2}                  optional header (fippo)
//     ["connectionInfo",null,{…,"userAgent":…,"statsFormat":"chrome_standard"},1697705722151]
//     ["getstats","PC_0",{"IT01V34…":{"timestamp":0,"bytesReceived":…},…,"timestamp":169770…},169770…,73]
//
// `connectionInfo` may be double-encoded as a JSON string. The event time is the first
// number after the value that looks like epoch ms (newer jitsi clients append a sequence
// number after it). getstats values are deltas completed with the jitsi rules
// (``RTCStatsDeltaState``) by ``RTCStatsLegacyPipeline``, which also tells legacy goog
// payloads from W3C ones by their content: the metadata's `statsFormat` is not trusted. Every
// other line but the metadata is an event (`oniceconnectionstatechange`,
// `navigator.mediaDevices.getUserMediaOnFailure`, `close`, …), handed on in dump order.

/// Reads legacy rtcstats-server dumps (fippo file formats 1/2, jitsi): JSON lines
/// `[method, pcId, value, epochMs(, seq)]`.
///
/// The peer connection names are the dump's
/// (`PC_0`, `PC_1`, …).
struct RTCStatsLegacyParser: DialectParser {
  /// The name used for getstats lines without a peer connection id.
  static let defaultPeerConnection = "PC_0"
  /// Event times below this are not epoch ms (sequence numbers, deltas).
  static let smallestEpochMilliseconds = 1e11
  static var format: DumpFormat { .rtcstatsLegacy }
  static var truncationWording: TruncationWording { .eventLines }

  /// A `{…"fileFormat"…}` header without `type` (fippo file format 1/2), or a first line
  /// that is an array starting with a method name.
  static func sniff(_ prefix: DumpPrefix) -> Bool {
    if prefix.first == UInt8(ascii: "{") {
      return prefix.hasMember("fileFormat") && !prefix.hasMember("type")
    }
    return prefix.startsWithStringElement
  }

  private var pipeline: RTCStatsLegacyPipeline
  private var metadata = RTCStatsMetadata()
  private var interner = StringInterner()
  private var eventCount = 0
  private var sawHeader = false
  private var sawConnectionInfo = false
  private var sawSequenceNumbers = false
  private var skippedLines = 0

  init(_ context: DialectContext) {
    pipeline = RTCStatsLegacyPipeline(ignored: context.ignoredMembers)
  }

  private struct Line {
    enum Method { case getStats, connectionInfo, close, other }
    var method = Method.other
    /// The method as the dump spells it, for events.
    var name: String?
    var connection: String?
    var pending: RTCStatsLegacyPipeline.Pending?
    var connectionInfo: JSONValue?
    var value: String?
    var time: Double?
  }

  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) -> ParseOutcome {
    while let next = try window.peekByte(from: &source) {
      switch next {
      case UInt8(ascii: "["):
        let line =
          try window.parseValue(from: &source) { (reader) throws(JSONError) -> Line in
            try readLine(&reader)
          } ?? Line()
        process(line, into: &consumer, info: &info)
      case UInt8(ascii: "{"):
        let value =
          try window.parseValue(from: &source) { (reader) throws(JSONError) -> JSONValue in
            try reader.readValue()
          }
        if let value, value["fileFormat"] != nil || value["userAgent"] != nil {
          sawHeader = true
          metadata.read(value)
        } else {
          skippedLines += 1
        }
      default:
        let (line, column) = window.lineAndColumn(ofUnreadOffset: 0)
        throw DumpError(
          .data,
          "expected an event line [method, pcId, value, time], found \(JSONError.describe(next))",
          line: line, column: column)
      }
    }
    return .done
  }

  /// Reads `[method, pcId|null, value, time(, seq)]`; safe to run again on the same bytes.
  private mutating func readLine(_ reader: inout JSONReader) throws(JSONError) -> Line {
    var line = Line()
    var array = try reader.beginArray()
    guard try reader.nextElement(in: &array) else { return line }
    if try reader.peekKind() == .string {
      let method = try reader.readStringToken()
      if method.equals("getstats") || method.equals("getStats") {
        line.method = .getStats
      } else if method.equals("connectionInfo") {
        line.method = .connectionInfo
      } else {
        line.method = method.equals("close") ? .close : .other
        line.name = interner.intern(method)
      }
    } else {
      try reader.skipValue()
    }
    guard try reader.nextElement(in: &array) else { return line }
    if try reader.peekKind() == .string {
      line.connection = interner.intern(try reader.readStringToken())
    } else {
      try reader.skipValue()
    }
    guard try reader.nextElement(in: &array) else { return line }
    switch line.method {
    case .getStats where try reader.peekKind() == .object:
      line.pending = try pipeline.read(
        &reader, connection: line.connection ?? Self.defaultPeerConnection)
    case .connectionInfo:
      line.connectionInfo = try reader.readValue()
    case .close, .other:
      // The method is a name here: the value is the event's.
      line.value = try EventValue.read(&reader)
    default:
      try reader.skipValue()
    }
    try readTime(&reader, array: &array, into: &line)
    return line
  }

  /// The elements after the value: the first that looks like epoch ms is the time.
  private mutating func readTime(
    _ reader: inout JSONReader, array: inout JSONContainer, into line: inout Line
  )
    throws(JSONError)
  {
    var numbers = 0
    while try reader.nextElement(in: &array) {
      guard try reader.peekKind() == .number else {
        try reader.skipValue()
        continue
      }
      let value = try reader.readDouble()
      numbers += 1
      if line.time == nil, value >= Self.smallestEpochMilliseconds {
        line.time = Timestamps.milliseconds(value)
      }
    }
    if numbers > 1 { sawSequenceNumbers = true }
  }

  private mutating func process(
    _ line: Line, into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    eventCount += 1
    switch line.method {
    case .getStats:
      if let pending = line.pending {
        pipeline.apply(pending, fallbackTime: line.time, into: &consumer, info: &info)
      }
    case .connectionInfo:
      sawConnectionInfo = true
      switch line.connectionInfo {
      case .string(let text): metadata.read(jsonText: text)
      case .some(let value): metadata.read(value)
      case .none: break
      }
    case .close, .other:
      if let name = line.name {
        consumer.consume(
          event: StatsEvent(dumpName: name, time: line.time, connection: line.connection, value: line.value))
      }
      if line.method == .close, let connection = line.connection { pipeline.close(connection: connection) }
    }
  }

  func finish(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    if sawHeader {
      info.addDetail(
        "rtcstats-server file format \(metadata.fileFormat.map(String.init) ?? "?") header")
    }
    if sawConnectionInfo { info.addDetail("jitsi rtcstats-server (connectionInfo)") }
    if sawSequenceNumbers { info.addDetail("sequence numbers after the event time") }
    let names = pipeline.connectionNames
    info.addDetail("\(eventCount) events, \(names.count) peer connections with stats")
    if let statsFormat = metadata.statsFormat { info.addDetail("statsFormat \(statsFormat)") }
    metadata.apply(to: &info)
    pipeline.finish(info: &info, statsFormat: metadata.statsFormat)
    if skippedLines > 0 {
      info.note(.skippedEventLines, ["count": .integer(skippedLines)])
    }
    if info.reportCount == 0 {
      info.note(.noGetstatsReports, ["events": .integer(eventCount)])
    }
  }
}
