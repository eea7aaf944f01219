import RTCStatsCore

/// One dialect rtcstats reads: a sniffer that recognises its first bytes and a parser that
/// reads the stream and hands every report and event to the consumer.
///
/// A dialect lives in its own folder under `Dialects/` and is listed once in
/// ``DialectRegistry``. The parser reports damage and oddities as diagnostics in the
/// ``DumpInfo``; ``DumpReader`` does what every dialect shares: truncation (a parser just
/// throws the ``DumpError/truncated(_:line:column:)`` error it met), the count of ignored
/// members, the normalisation of the reports (``NormalisingConsumer``), dumps without stats.
protocol DialectParser {
  /// The dialect a successful read reports unless the parser refines it.
  static var format: DumpFormat { get }

  /// Whether the first bytes of a dump are this dialect's. Asked in the order of
  /// ``DialectRegistry/dialects``; the first dialect that says yes reads the dump.
  static func sniff(_ prefix: DumpPrefix) -> Bool

  /// How the dialect words the truncation diagnostic.
  static var truncationWording: TruncationWording { get }

  /// A parser for one dump.
  init(_ context: DialectContext)

  /// Reads the stream from the window's position to the end, handing every report and
  /// event to `consumer` in dump order.
  ///
  /// - Returns: ``ParseOutcome/handOver(to:)`` when the whole document shows that another
  ///   dialect must read it (the window is left unconsumed).
  /// - Throws: ``DumpError``; a truncation after complete reports is analysed by the reader.
  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) -> ParseOutcome

  /// Called after ``parse(window:source:into:info:)``, also when it threw: emits what is
  /// still gathered and adds the dialect's details and diagnostics.
  mutating func finish(into consumer: inout some StatsReportConsumer, info: inout DumpInfo)

  /// The error for a dump of this dialect with neither reports nor events, if there is one
  /// (some dialects only warn).
  func emptyDumpError(_ info: DumpInfo) -> DumpError?

  /// What a truncated dump's analysed part holds, in the unit of ``truncationWording``:
  /// reports, or whole peer connections.
  func analysedBeforeTruncation(_ info: DumpInfo) -> Int
}

extension DialectParser {
  static var truncationWording: TruncationWording { .reports }
  mutating func finish(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {}
  func emptyDumpError(_ info: DumpInfo) -> DumpError? { nil }
  func analysedBeforeTruncation(_ info: DumpInfo) -> Int { info.reportCount }
}

/// What a dialect parser is given besides the stream.
struct DialectContext {
  /// The size of the decompressed stream when known.
  var sizeHint: Int?
  /// Whether a large dump may be parsed on several threads (a JSON-lines log, the index of a
  /// webrtc-internals dump).
  var allowsParallelLines = true
  /// How many threads such a log may be parsed on: the cores the consumer leaves free.
  var parseThreads = System.activeProcessorCount
  /// The smallest webrtc-internals document whose index is split with a helper thread.
  var splitIndexMinimumSize = IndexSplit.minimumSize
  /// Where in such a document, as a share of its size, the helper looks for its start.
  var splitIndexStart = 0.5
  /// Whether a dump without stats or events is an error (else a diagnostic).
  var requiresStats = true
  /// Where member decoders count the members they ignore.
  var ignoredMembers = IgnoredMembers()
  /// Where the parser's decoder takes what an earlier dump's decoder learned and gives back
  /// what it learned when it finishes: ``LearnedStore/shared`` for the parser of a whole
  /// dump, none for a parallel worker's (which a pool of the dump's chunks feeds).
  var learned: LearnedStore?
}

/// How a parse ended.
enum ParseOutcome {
  /// The dump was read.
  case done
  /// The whole document shows another dialect (a webrtc-internals-like object that is an
  /// rtcstats v0 export); it reads the window from the start.
  case handOver(to: any DialectParser.Type)
}

/// The words of a dialect's truncation diagnostic (``DiagnosticCode/truncated`` and its
/// second wordings).
enum TruncationWording {
  /// `the dump is truncated at line L, column C: …; analysed the N reports before it`.
  case reports
  /// `L:C: the dump is truncated: …; analysed the N reports before it` (event lines).
  case eventLines
  /// `L:C: the dump is truncated: …; analysed the N peer connections before it`.
  case peerConnections

  /// The diagnostic for `error`, after `count` units were analysed.
  func diagnostic(for error: DumpError, problem: String, count: Int) -> Diagnostic {
    var evidence = Evidence()
    let code: DiagnosticCode
    if let line = error.line, let column = error.column {
      evidence.set("line", .integer(line))
      evidence.set("column", .integer(column))
      switch self {
      case .reports: code = .truncated
      case .eventLines: code = .truncatedEventLine
      case .peerConnections: code = count == 1 ? .truncatedPeerConnection : .truncatedPeerConnections
      }
    } else {
      code = .truncatedWithoutPosition
    }
    evidence.set("problem", .text(problem))
    evidence.set(self == .peerConnections ? "peerConnectionCount" : "reportCount", .integer(count))
    return Diagnostic(code, evidence: evidence)
  }
}
