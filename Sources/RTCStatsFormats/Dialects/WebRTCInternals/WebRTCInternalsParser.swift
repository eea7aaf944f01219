import RTCStatsCore

/// Reads a chrome://webrtc-internals "Create dump" file.
///
/// The dump is one JSON object: `PeerConnections` maps `"<pid>-<lid>"` to a connection
/// whose `stats` map every `"<statsId>-<property>"` to `{startTime, endTime, statsType,
/// values}`, `values` being a JSON array serialised into a string, and whose `updateLog`
/// lists the API calls and state changes; `getUserMedia` lists the page's media requests.
/// The parser needs the whole document (``StreamWindow/fillToEnd(from:sizeHint:)``) and works
/// in two passes:
///
/// 1. ``index(document:)`` walks the document once, validating it, and keeps per series only
///    where its values are (see ``InternalsSeries``), per object its type and `-timestamp`
///    series, and the events of the `updateLog` and `getUserMedia` lists. Members the engine
///    does not read are skipped, and computed keys (`"T01-[bytesSent_in_bits/s]"`) ignored.
/// 2. ``parse(window:source:into:info:)`` hands on the `getUserMedia` events (where the list
///    stands in the document), then rebuilds the polls of every peer connection
///    (``InternalsTimeline``) and emits one ``StatsReport`` per poll, in time order, one peer
///    connection after the other, named by its `PeerConnections` key, with its events
///    between the polls.
///
/// Since M117 every object has a `"<id>-timestamp"` series; a member that appeared later
/// than its object has fewer values, aligned from the end. Older dumps have no per-object
/// times (and the oldest no `statsType`): sample times are spread evenly between the
/// series' `startTime` and `endTime`, types are read from the id prefixes, and a diagnostic
/// says so. Series are capped at 1000 values by webrtc-internals; a capped dump is reported
/// too. A document whose top level has a lower-case `peerConnections` member is an rtcstats
/// v0 export, handed over to ``RTCStatsV0Parser``.
struct WebRTCInternalsParser: DialectParser {
  /// Values webrtc-internals keeps per series.
  static let seriesCap = 1000
  static var format: DumpFormat { .webrtcInternals }
  static var truncationWording: TruncationWording { .peerConnections }

  /// One JSON object whose first members are webrtc-internals': `PeerConnections`,
  /// `getUserMedia` with a user agent, or the `getUserMedia`/`deviceMemory` Chrome writes
  /// first.
  static func sniff(_ prefix: DumpPrefix) -> Bool {
    guard prefix.first == UInt8(ascii: "{") else { return false }
    let names = prefix.memberNames
    return names.contains("PeerConnections")
      || (names.contains("getUserMedia") && (names.contains("UserAgent") || names.contains("userAgent")))
      || names.first == "getUserMedia" || names.first == "deviceMemory"
  }

  /// Whether the object has a lowercase `peerConnections` member: an rtcstats v0 export,
  /// not a webrtc-internals dump.
  ///
  /// Known after ``index(document:)``.
  var isRTCStatsV0 = false
  var isIndexed = false
  var userAgent: String?
  var userAgentData: JSONValue?
  var connections: [InternalsConnection] = []
  /// The page's `getUserMedia` requests and results.
  var pageEvents: [StatsEvent] = []
  /// Whether the `getUserMedia` list comes after `PeerConnections` in the document.
  var pageEventsFollowConnections = false
  /// The value decoder; its interner holds the stats ids.
  var values = MemberDecoder()
  var ignoredSeries = 0
  /// Context for the next error (the series being decoded).
  var errorContext: String?
  /// Where the document ended early, when complete peer connections came before.
  var truncation: DumpError?
  private var emitted: EmitterNotes?
  /// Whether a large document's index may be split with a helper thread (``IndexSplit``),
  /// from which size on, and where.
  let allowsSplitIndex: Bool
  let splitIndexMinimumSize: Int
  let splitIndexStart: Double
  /// How many times the helper's index was taken (0 or 1).
  var splitsTaken = 0
  /// The helper indexing the second half of the document, while the index pass runs.
  var indexSplit: IndexSplit?

  /// What the emission found, for ``finish(into:info:)``.
  private struct EmitterNotes {
    var exactConnections: Int
    var spreadConnections: Int
    var inferredTypes: Bool
    var diagnostics: [Diagnostic]
  }

  /// The size of the stream when known: the whole document is read into one buffer of it.
  private let sizeHint: Int?

  init(_ context: DialectContext) {
    sizeHint = context.sizeHint
    allowsSplitIndex = context.allowsParallelLines && System.activeProcessorCount > 1
    splitIndexMinimumSize = context.splitIndexMinimumSize
    splitIndexStart = context.splitIndexStart
  }

  /// Reads the whole stream, indexes it and emits the events and reports of every peer
  /// connection.
  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) -> ParseOutcome {
    // Once indexed, the window must not change: the index points into it.
    if !isIndexed {
      try window.fillToEnd(from: &source, sizeHint: sizeHint)
      try index(document: window.unread)
    }
    if isRTCStatsV0 { return .handOver(to: RTCStatsV0Parser.self) }
    let bytes = window.unread.bindMemory(to: UInt8.self)
    guard let base = bytes.baseAddress else { throw DumpError(.data, "the file is empty") }
    info.userAgent = userAgent ?? userAgentData.flatMap(Self.describeUserAgentData)
    if !pageEventsFollowConnections { emitPageEvents(into: &consumer) }
    var emitter = InternalsEmitter(document: base, decoder: values)
    for index in connections.indices {
      var connection = connections[index]
      // Free the index of a connection once emitted.
      var emptied = InternalsConnection(name: connection.name)
      emptied.hasStats = connection.hasStats
      connections[index] = emptied
      do throws(JSONError) {
        try emitter.emit(&connection, into: &consumer, info: &info)
      } catch {
        errorContext = emitter.errorContext
        throw positioned(error, in: bytes)
      }
    }
    values = emitter.decoder
    emitted = EmitterNotes(
      exactConnections: emitter.exactConnections, spreadConnections: emitter.spreadConnections,
      inferredTypes: emitter.inferredTypes, diagnostics: emitter.diagnostics)
    if pageEventsFollowConnections { emitPageEvents(into: &consumer) }
    if let truncation { throw truncation }
    return .done
  }

  private mutating func emitPageEvents(into consumer: inout some StatsReportConsumer) {
    for event in pageEvents { consumer.consume(event: event) }
    pageEvents.removeAll()
  }

  func finish(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    guard isIndexed, !isRTCStatsV0 else { return }
    let notes =
      emitted
      ?? EmitterNotes(exactConnections: 0, spreadConnections: 0, inferredTypes: false, diagnostics: [])
    if notes.exactConnections > 0 && notes.spreadConnections == 0 {
      info.addDetail("M117+ layout (per-object timestamp series)")
    } else if notes.spreadConnections > 0 {
      info.addDetail(
        notes.exactConnections > 0
          ? "mixed layout (some objects without timestamp series)"
          : "pre-M117 layout (no per-object timestamps)")
      info.note(.spreadSampleTimes)
    }
    if notes.inferredTypes { info.addDetail("types read from the stats ids (no statsType)") }
    let names = connections.map(\.name)
    switch names.count {
    case 0: info.addDetail("0 peer connections")
    case 1: info.addDetail("1 peer connection (\(names[0]))")
    default: info.addDetail("\(names.count) peer connections (\(names.joined(separator: ", ")))")
    }
    info.diagnostics.append(contentsOf: notes.diagnostics)
    let withoutStats = connections.filter { !$0.hasStats }.map(\.name)
    if !withoutStats.isEmpty {
      info.note(
        .peerConnectionsWithoutStats, ["peerConnections": .text(withoutStats.joined(separator: ", "))])
    }
    if ignoredSeries > 0 {
      info.note(.ignoredSeries, ["count": .integer(ignoredSeries)])
    }
    if info.reportCount == 0, info.eventCount > 0, !connections.isEmpty {
      info.note(.noStatsReports, ["events": .integer(info.eventCount)])
    }
  }

  func emptyDumpError(_ info: DumpInfo) -> DumpError? {
    guard !connections.isEmpty else {
      return DumpError(
        .data,
        "no peer connections in this webrtc-internals dump (PeerConnections is empty: it was saved after the page closed its connections, or the page only used getUserMedia)"
      )
    }
    return DumpError(
      .data, "no stats in this webrtc-internals dump (its peer connections have no stats series)")
  }

  /// Peer connections read completely before a cut.
  func analysedBeforeTruncation(_ info: DumpInfo) -> Int { connections.count }

  /// Converts a reader error into a positioned ``DumpError``.
  func positioned(_ error: JSONError, in document: UnsafeBufferPointer<UInt8>) -> DumpError {
    let (line, column) = JSONReader.lineAndColumn(of: error.offset, in: document)
    if case .unexpectedEnd = error.kind, error.offset >= document.count, errorContext == nil {
      return .truncated(error.description, line: line, column: column)
    }
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
