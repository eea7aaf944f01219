public import RTCStatsCore

/// Reads a dump in any supported dialect and feeds its reports and events to a consumer.
///
///     var analyzer = CallAnalyzer()
///     let info = try DumpReader.read(path: "dump.json", into: &analyzer)
///     print(info.format, analyzer.analysis().peerConnections.count)
///
/// The dialect is detected from the bytes (gzip is decompressed transparently) by asking
/// ``DialectRegistry``. Line- and unit-oriented dialects are streamed with bounded memory;
/// whole-document dialects (webrtc-internals, rtcstats v0) hold one copy of the
/// decompressed file.
///
/// What every dialect shares happens here, once: the reports are normalised to modern W3C
/// (``NormalisingConsumer``); a dump cut in the middle of a value is analysed up to the cut
/// and marked truncated; ignored members are counted and reported; a dump with events but
/// no stats is a result with a ``DiagnosticCode/noPeerConnection`` diagnostic; and the
/// consumer's `finish()` is called once at the end of a successful read.
public enum DumpReader {
  /// Reads the file at `path` (`"-"` for standard input).
  ///
  /// - `parallel`: Whether a large JSON-lines log may be parsed on several threads (see
  ///   ``read(source:sizeHint:parallel:reservingCores:requiresStats:into:)``).
  /// - `requiresStats`: Whether a dump of a known dialect without any stats or events is an
  ///   error (`analyze`), or a result with an ``DiagnosticCode/emptyDump`` diagnostic
  ///   (`inspect`, which describes every dump it recognises).
  /// - Returns: What the reader learned about the dump.
  /// - Throws: ``DumpError`` when the file cannot be read or is not a supported dump.
  public static func read(
    path: String, parallel: Bool = true, requiresStats: Bool = true,
    into consumer: inout some StatsReportConsumer
  ) throws(DumpError) -> DumpInfo {
    let file = try FileByteSource(path: path)
    defer { file.close() }
    return try read(
      source: file, sizeHint: file.size, parallel: parallel, requiresStats: requiresStats, into: &consumer)
  }

  /// Reads a dump from any byte source.
  ///
  /// - `sizeHint`: The size of the stream when known (a regular file's size).
  /// - `parallel`: Whether a large JSON-lines log may be parsed on several threads; the
  ///   reports reach the consumer in the same order either way.
  /// - `reservingCores`: Cores the consumer keeps busy on threads of its own (a
  ///   ``LanedCallAnalyzer``'s engine): the parser leaves them to it and parses on the others,
  ///   on one thread when one core is left. A JSON-lines log of one peer connection is paced
  ///   by its engine lane; parsing it on every core as well took CPU time from that lane
  ///   (one 50 MB log on 2 cores, `farm-bench -n 9`: 0.38 s against 0.33 s with the lane's
  ///   core left to it).
  /// - `requiresStats`: Whether a dump of a known dialect without any stats or events is an
  ///   error, or a result with an ``DiagnosticCode/emptyDump`` diagnostic.
  /// - Returns: What the reader learned about the dump.
  /// - Throws: ``DumpError`` when the source cannot be read or is not a supported dump.
  public static func read(
    source: some ByteSource, sizeHint: Int? = nil, parallel: Bool = true, reservingCores: Int = 0,
    requiresStats: Bool = true, into consumer: inout some StatsReportConsumer
  ) throws(DumpError) -> DumpInfo {
    let parseThreads = parseThreads(cores: System.activeProcessorCount, reserving: reservingCores)
    var counting = CountingByteSource(source)
    let counter = counting.counter
    var magic: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 2, alignment: 1)
    defer { buffer.deallocate() }
    while magic.count < 2 {
      let count = try counting.read(
        into: UnsafeMutableRawBufferPointer(rebasing: buffer[magic.count...]))
      if count == 0 { break }
      magic.append(contentsOf: buffer[magic.count..<(magic.count + count)])
    }
    var normalising = NormalisingConsumer(consumer)
    defer { consumer = normalising.base }
    var info: DumpInfo
    if magic == [0x1F, 0x8B] {
      var gzip = try GzipByteSource(
        PrefixedByteSource(prefix: magic, base: counting), toleratesTruncation: true)
      defer { gzip.close() }
      do throws(DumpError) {
        info = try readDecompressed(
          source: &gzip,
          context: DialectContext(
            allowsParallelLines: parallel, parseThreads: parseThreads, requiresStats: requiresStats,
            learned: .shared),
          into: &normalising)
      } catch {
        // Nothing before the cut could be analysed: say where the damage is, the gzip data.
        guard gzip.endedEarly, error.isTruncation || gzip.producedBytes == 0 else { throw error }
        throw type(of: gzip).truncatedError
      }
      info.isCompressed = true
      if gzip.endedEarly { noteCutGzip(&info) }
    } else {
      var plain = PrefixedByteSource(prefix: magic, base: counting, prefixIsBaseStart: true)
      info = try readDecompressed(
        source: &plain,
        context: DialectContext(
          sizeHint: sizeHint, allowsParallelLines: parallel, parseThreads: parseThreads,
          requiresStats: requiresStats, learned: .shared),
        into: &normalising)
    }
    info.bytes = counter.value
    normalising.finish()
    return info
  }

  /// The threads a JSON-lines log may be parsed on when the consumer keeps `reserving` of the
  /// `cores` busy: the others, at least one.
  static func parseThreads(cores: Int, reserving: Int) -> Int {
    max(1, cores - max(0, reserving))
  }

  private static func readDecompressed<Consumer: StatsReportConsumer>(
    source: inout some ByteSource, context: DialectContext,
    into consumer: inout NormalisingConsumer<Consumer>
  ) throws(DumpError) -> DumpInfo {
    let sizeHint = context.sizeHint
    // A small file needs no 4 MB window: size it to the file when the size is known.
    var window = StreamWindow(
      initialSize: sizeHint.map { min($0 + 4096, StreamWindow.initialSize) } ?? StreamWindow.initialSize)
    window.ignoredMembers = context.ignoredMembers
    var dialect = try DialectRegistry.dialect(for: DumpPrefix.read(window: &window, source: &source))
    while true {
      var info = DumpInfo(format: dialect.format)
      var parser = dialect.init(context)
      let outcome: ParseOutcome
      do throws(DumpError) {
        outcome = try read(&parser, window: &window, source: &source, into: &consumer, info: &info)
      } catch {
        throw window.mappedFileWasCut ? Self.cutWhileReading : error
      }
      // What was parsed from a file cut under the reader is not the file: say so instead.
      if window.mappedFileWasCut { throw Self.cutWhileReading }
      if case .handOver(let next) = outcome {
        dialect = next
        continue
      }
      try checkStats(of: &info, parser: parser, context: context)
      noteCommonDiagnostics(&info, context: context)
      return info
    }
  }

  /// A mapped file that another process truncated while it was read (``MappedFile/wasCut``).
  static let cutWhileReading = DumpError(
    .input, "the file was truncated by another process while it was read; read it again once it is complete")

  /// A gzip stream that ended before its end marker: the dump is truncated, and its
  /// truncation diagnostic says that the gzip data is where (a cut between two lines parses
  /// to its end and gets one here).
  private static func noteCutGzip(_ info: inout DumpInfo) {
    let problem = "the gzip data ends before its end marker"
    if let index = info.diagnostics.firstIndex(where: { $0.code == .truncated }) {
      if case .text(let text) = info.diagnostics[index].evidence["problem"] {
        info.diagnostics[index].evidence.set("problem", .text(problem + " (" + text + ")"))
      }
      return
    }
    info.isTruncated = true
    info.diagnostics.append(
      Diagnostic(
        .truncatedWithoutPosition,
        evidence: ["problem": .text(problem), "reportCount": .integer(info.reportCount)]))
  }

  /// Runs one parser: its parse, then its finish, and the truncation rule.
  private static func read<Consumer: StatsReportConsumer>(
    _ parser: inout some DialectParser, window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout NormalisingConsumer<Consumer>, info: inout DumpInfo
  ) throws(DumpError) -> ParseOutcome {
    let outcome: ParseOutcome
    do throws(DumpError) {
      outcome = try parser.parse(window: &window, source: &source, into: &consumer, info: &info)
    } catch {
      info.eventCount = consumer.eventCount
      parser.finish(into: &consumer, info: &info)
      // A cut after complete reports: analyse them, and say so.
      let analysed = parser.analysedBeforeTruncation(info)
      guard case .truncated(let problem) = error.reason, analysed > 0 else { throw error }
      info.isTruncated = true
      info.diagnostics.append(
        type(of: parser).truncationWording.diagnostic(for: error, problem: problem, count: analysed))
      return .done
    }
    if case .done = outcome {
      info.eventCount = consumer.eventCount
      parser.finish(into: &consumer, info: &info)
    }
    return outcome
  }

  /// A dump without reports: an error when it has no events either (and its dialect
  /// treats that as one, and the caller requires stats), else a result that says what it
  /// holds.
  private static func checkStats(of info: inout DumpInfo, parser: some DialectParser, context: DialectContext)
    throws(DumpError)
  {
    guard info.reportCount == 0, info.eventCount == 0, let error = parser.emptyDumpError(info) else { return }
    guard !context.requiresStats else { throw error }
    info.note(.emptyDump, ["message": .text(error.message)])
  }

  private static func noteCommonDiagnostics(_ info: inout DumpInfo, context: DialectContext) {
    if info.reportCount == 0, info.eventCount > 0, !info.has(.noStatsReports) {
      info.note(.noPeerConnection, ["events": .integer(info.eventCount)])
    }
    let ignored = context.ignoredMembers
    if ignored.count > 0 {
      info.note(.ignoredMembers, ["count": .integer(ignored.count), "member": .text(ignored.first ?? "?")])
    }
  }
}
