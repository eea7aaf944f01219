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
// Every other line is an event (`oniceconnectionstatechange`, `close`, the getUserMedia
// calls, …): it reaches the consumer as a `StatsEvent` between the reports, in dump order,
// except the `create` line without connection, which holds the client's metadata.
//
// Streaming: the header line is consumed byte by byte, every further line is one
// `StreamWindow.parseValue` unit, and the state kept between lines is the last full report
// of each open peer connection.

/// Reads rtcstats dumps of file format 3: rtcstats-js (rtcstats/rtcstats, 2025+) and
/// Chrome's own rtcstats export.
struct RTCStatsDumpParser: DialectParser {
  /// The name used for getStats lines without connection id.
  static let defaultPeerConnection = "PC_0"
  static var format: DumpFormat { .rtcstats }
  static var truncationWording: TruncationWording { .eventLines }

  /// The `RTCStatsDump` header line.
  static func sniff(_ prefix: DumpPrefix) -> Bool { prefix.starts(with: "RTCStatsDump") }

  var decoder: RTCStatsRowDecoder<StatsReport>
  /// Full reports are decoded here, then become the connection's report.
  var scratch = StatsReport()
  var removed: [String] = []
  var connectionIndex: [String: Int] = [:]
  var states: [RTCStatsInPlaceReport] = []
  var metadata = RTCStatsMetadata()
  /// Time of the current line, ms since epoch.
  var time = 0.0
  var eventCount = 0
  var deltaReports = 0
  var fullReports = 0
  var sawCompressedMethods = false
  var linesWithoutTime = 0
  var skippedLines = 0

  init(_ context: DialectContext) {
    decoder = RTCStatsRowDecoder(
      members: MemberDecoder(ignored: context.ignoredMembers), table: MemberTables.rtcstatsDump)
  }

  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) -> ParseOutcome {
    try readHeader(window: &window, source: &source, info: &info)
    while let next = try window.peekByte(from: &source) {
      guard next == UInt8(ascii: "[") else {
        try skipNonEventLine(window: &window, source: &source, next: next)
        continue
      }
      let line =
        try window.parseValue(from: &source) { (reader) throws(JSONError) -> Line in
          try readLine(&reader)
        } ?? Line()
      process(line, into: &consumer, info: &info)
    }
    return .done
  }

  // MARK: - Header

  /// Consumes `RTCStatsDump` and the metadata object (a byte order mark before them is
  /// already consumed, see ``DumpPrefix/read(window:source:)``).
  private mutating func readHeader(
    window: inout StreamWindow, source: inout some ByteSource, info: inout DumpInfo
  ) throws(DumpError) {
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
      if fileFormat != 3 { info.note(.fileFormatAssumed, ["fileFormat": .integer(fileFormat)]) }
    } else {
      info.note(.fileFormatMissing)
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

  // MARK: - End

  func finish(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
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
      info.note(.linesWithoutTime, ["count": .integer(linesWithoutTime)])
    }
    if skippedLines > 0 {
      info.note(.skippedLines, ["count": .integer(skippedLines)])
    }
    if info.reportCount == 0 {
      info.note(.noStatsReports, ["events": .integer(eventCount)])
    }
  }
}
