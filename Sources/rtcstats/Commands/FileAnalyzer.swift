import RTCStatsCore
import RTCStatsFormats

/// Reads and analyses one file, measuring the phases.
enum FileAnalyzer {
  /// Analyses the file at `path`; the timelines keep every row when `keepsTimeline` (the output
  /// lists interval rows), else only the last few.
  static func analyze(
    path: String, keepsTimeline: Bool = true, thresholds: ThresholdTable = .defaults
  ) -> (FileAnalysis, PhaseTimes) {
    var times = PhaseTimes()
    let start = ContinuousClock.now
    var consumer = TimedConsumer(
      analyzer: CallAnalyzer(
        retention: keepsTimeline ? .all : .recent(Self.recentRows), thresholds: thresholds))
    let outcome: Result<FileAnalysis.Success, DumpError>
    do throws(DumpError) {
      let file = try FileByteSource(path: path)
      defer { file.close() }
      let source = TimedByteSource(base: file)
      let stopwatch = source.stopwatch
      let info = try read(source: source, size: file.size, into: &consumer)
      if info.reportCount == 0 && consumer.eventCount == 0 {
        throw DumpError(
          .data,
          "no getStats reports in this dump (\(info.format.rawValue): \(info.details.joined(separator: ", "))); `rtcstats inspect` shows what it holds"
        )
      }
      times.read = stopwatch.elapsed
      times.bytes = info.bytes
      let metricsStart = ContinuousClock.now
      let analysis = consumer.analyzer.analysis()
      times.metrics = consumer.elapsed + (ContinuousClock.now - metricsStart)
      outcome = .success(FileAnalysis.Success(source: info.summary, analysis: analysis))
    } catch {
      outcome = .failure(error)
    }
    let total = ContinuousClock.now - start
    // With the engine on its own thread (a large dump), its time overlaps the parser's: the
    // parse figure is then what the wall clock left, at least zero.
    times.parse = max(.zero, total - times.read - times.metrics)
    return (FileAnalysis(path: path, outcome: outcome), times)
  }

  /// Reads the dump into `consumer`; a large one with the engine beside the parser, each peer
  /// connection on a thread of its own (``LanedCallAnalyzer``), unless `RTCSTATS_SEQUENTIAL`
  /// is set.
  private static func read<Source: ByteSource>(
    source: Source, size: Int?, into consumer: inout TimedConsumer
  ) throws(DumpError) -> DumpInfo {
    guard !isSequential, LanedCallAnalyzer.isWorthIt(size: size) else {
      return try DumpReader.read(source: source, sizeHint: size, parallel: !isSequential, into: &consumer)
    }
    var lanes = LanedCallAnalyzer(consumer.analyzer)
    defer {
      let (analyzer, engineTime) = lanes.finished()
      consumer = TimedConsumer(analyzer: analyzer, elapsed: engineTime, eventCount: lanes.eventCount)
    }
    return try DumpReader.read(
      source: source, sizeHint: size, parallel: true, reservingCores: 1, into: &lanes)
  }

  /// `RTCSTATS_SEQUENTIAL=1` keeps a large dump on one thread: the JSON-lines parser, the
  /// engine and the JSON output alike (for comparing with the parallel reading and writing,
  /// and for the one-core figures of `make bench`; the results are the same).
  static let isSequential = System.environment("RTCSTATS_SEQUENTIAL") != nil

  /// Rows a timeline keeps when the output lists none.
  static let recentRows = 8
}
