public import RTCStatsCore

// The diagnostics of the dialect parsers: what they noticed about the input. Each template
// fills (with integers as digits and texts as they are) to the words rtcstats has always
// printed for it; a few codes keep a second wording under the same identifier, because the
// dialects worded them differently (`DumpInfo.warnings` is built from the templates).

extension DiagnosticCode {
  // MARK: - Damage

  /// The input ends in the middle of a value; what came before it was analysed.
  ///
  /// Evidence: `line`, `column` (1-based, where the cut was noticed), `problem` (what the
  /// reader expected), `reportCount` (reports analysed) or, for webrtc-internals,
  /// `peerConnectionCount` (peer connections analysed).
  public static let truncated = DiagnosticCode(
    "truncated",
    template:
      "the dump is truncated at line {line}, column {column}: {problem}; analysed the {reportCount} reports before it"
  )

  /// Members whose JSON type made no sense for the field (an object where a number belongs)
  /// were left out.
  ///
  /// Evidence: `count`, `member` (the first one's name).
  public static let ignoredMembers = DiagnosticCode(
    "ignoredMembers", template: "ignored {count} members of the wrong type (first: {member})")

  /// Elements of a snapshot array that are not stats objects (numbers, strings, null) were
  /// skipped.
  ///
  /// Evidence: `count`.
  public static let skippedElements = DiagnosticCode(
    "skippedElements",
    template: "skipped {count} elements of snapshot arrays that are not stats objects")

  /// A damaged line of a JSON-lines getStats log (a line cut by a crash and restart, two
  /// writers interleaved, a line of something else) was skipped and the lines after it
  /// read.
  ///
  /// Evidence: `line` (1-based), `problem` (what is wrong with it).
  public static let damagedLine = DiagnosticCode(
    "damagedLines", template: "skipped damaged line {line}: {problem}")

  /// Several damaged lines of a JSON-lines log were skipped.
  ///
  /// Evidence: `count`, `lines`
  /// (the first ten line numbers, comma-separated), `line` and `problem` (the first one).
  public static let damagedLines = DiagnosticCode(
    "damagedLines",
    template: "skipped {count} damaged lines ({lines}); the first, line {line}: {problem}")

  /// Lines of an rtcstats dump that are not event arrays were skipped.
  ///
  /// Evidence: `count`.
  public static let skippedLines = DiagnosticCode(
    "skippedLines", template: "skipped {count} lines that are not event arrays")

  /// Event lines of an rtcstats dump without the time delta they end with; their time is
  /// unknown.
  ///
  /// Evidence: `count`.
  public static let linesWithoutTime = DiagnosticCode(
    "linesWithoutTime", template: "{count} event lines end without a time delta")

  /// webrtc-internals series whose name or entry is not `"<id>-<property>": {values}`.
  ///
  /// Evidence: `count`.
  public static let ignoredSeries = DiagnosticCode(
    "ignoredSeries",
    template: "ignored {count} series that are not \"<id>-<property>\": {values} entries")

  // MARK: - Assumptions

  /// The rtcstats metadata names another file format than 3 (or none); the dump was read as
  /// format 3.
  ///
  /// Evidence: `fileFormat` (absent when the metadata has none).
  public static let fileFormatAssumed = DiagnosticCode(
    "fileFormatAssumed", template: "the dump says fileFormat {fileFormat}; read it as file format 3")

  /// A legacy rtcstats dump claims W3C stats in its metadata but holds legacy goog stats.
  ///
  /// Evidence: `statsFormat` (the claim).
  public static let statsFormatMismatch = DiagnosticCode(
    "statsFormatMismatch",
    template:
      "the metadata says statsFormat {statsFormat}, but the getstats payloads are legacy goog stats; read them as legacy"
  )

  /// A pre-M117 webrtc-internals dump has no per-object timestamps: sample times are
  /// interpolated, so intervals are approximate.
  public static let spreadSampleTimes = DiagnosticCode(
    "spreadSampleTimes",
    template:
      "no per-object timestamps (pre-M117 dump): sample times are spread evenly between each series' startTime and endTime and aligned across objects, so intervals are approximate"
  )

  /// webrtc-internals objects whose times fit no poll were aligned with the last polls.
  ///
  /// Evidence: `count`, `peerConnection`.
  public static let alignedObjects = DiagnosticCode(
    "alignedObjects",
    template:
      "{count} stats objects of peer connection {peerConnection} could not be placed by their times and were aligned with its last polls"
  )

  /// webrtc-internals keeps the last 1000 samples per series: the dump covers only the end
  /// of the call.
  ///
  /// Evidence: `cap`, `seconds` (the span kept), `peerConnection`.
  public static let seriesCapped = DiagnosticCode(
    "seriesCapped",
    template:
      "series capped at {cap} samples: the dump covers only the last {seconds} s of peer connection {peerConnection}"
  )

  /// Timestamps were microseconds since the epoch (libwebrtc native) and were converted.
  public static let microsecondTimestamps = DiagnosticCode(
    "microsecondTimestamps", template: "timestamps in µs (libwebrtc native) were converted to ms",
    severity: .info)

  // MARK: - Missing stats

  /// Peer connections of a webrtc-internals dump without any stats series.
  ///
  /// Evidence:
  /// `peerConnections` (their names, comma-separated).
  public static let peerConnectionsWithoutStats = DiagnosticCode(
    "peerConnectionsWithoutStats", template: "no stats for peer connection {peerConnections}")

  /// The dump has events but no getStats reports.
  ///
  /// Evidence: `events` (the dialect's count of
  /// event lines or entries).
  public static let noStatsReports = DiagnosticCode(
    "noStatsReports", template: "the dump has no getStats reports ({events} events)")

  /// The dump records events (getUserMedia calls, …) but no peer connection.
  ///
  /// Evidence:
  /// `events` (the events handed to the consumer).
  public static let noPeerConnection = DiagnosticCode(
    "noPeerConnection", template: "no peer connection in this dump ({events} events)")

  /// A dump of a known dialect holds neither stats nor events (read for `inspect`, which
  /// describes it; `analyze` refuses it).
  ///
  /// Evidence: `message` (what the dialect says).
  public static let emptyDump = DiagnosticCode("emptyDump", template: "{message}")

  /// A warning given as text through the transitional `DumpInfo.warnings` setter.
  ///
  /// Evidence: `message`.
  public static let plainWarning = DiagnosticCode("plainWarning", template: "{message}")

  // MARK: - Second wordings (same identifiers)

  /// ``truncated`` where the cut has no position (a gzip stream that ends early).
  static let truncatedWithoutPosition = DiagnosticCode(
    "truncated", template: "the dump is truncated: {problem}; analysed the {reportCount} reports before it")

  /// ``truncated`` as the rtcstats dialects word it.
  static let truncatedEventLine = DiagnosticCode(
    "truncated",
    template:
      "{line}:{column}: the dump is truncated: {problem}; analysed the {reportCount} reports before it")

  /// ``truncated`` as the webrtc-internals dialect words it, one peer connection analysed.
  static let truncatedPeerConnection = DiagnosticCode(
    "truncated",
    template:
      "{line}:{column}: the dump is truncated: {problem}; analysed the {peerConnectionCount} peer connection before it"
  )

  /// ``truncated`` as the webrtc-internals dialect words it, several peer connections.
  static let truncatedPeerConnections = DiagnosticCode(
    "truncated",
    template:
      "{line}:{column}: the dump is truncated: {problem}; analysed the {peerConnectionCount} peer connections before it"
  )

  /// ``skippedLines`` as the legacy rtcstats dialect words it.
  static let skippedEventLines = DiagnosticCode(
    "skippedLines", template: "skipped {count} lines that are not events")

  /// ``fileFormatAssumed`` when the metadata names no file format.
  static let fileFormatMissing = DiagnosticCode(
    "fileFormatAssumed", template: "the metadata line has no fileFormat; read the dump as file format 3")

  /// ``noStatsReports`` as the legacy rtcstats dialect words it.
  static let noGetstatsReports = DiagnosticCode(
    "noStatsReports", template: "the dump has no getstats reports ({events} events)")
}
