import RTCStatsCore
import RTCStatsFormats

/// Reads and analyses one file, measuring the phases.
enum FileAnalyzer {
  static func analyze(path: String) -> (FileAnalysis, PhaseTimes) {
    var times = PhaseTimes()
    let start = ContinuousClock.now
    var consumer = TimedConsumer()
    let outcome: Result<FileAnalysis.Success, DumpError>
    do throws(DumpError) {
      let file = try FileByteSource(path: path)
      defer { file.close() }
      let source = TimedByteSource(base: file)
      let stopwatch = source.stopwatch
      var info = try DumpReader.read(source: source, sizeHint: file.size, into: &consumer)
      if consumer.analyzer.skippedSamples > 0 {
        info.warnings.append(
          "skipped \(consumer.analyzer.skippedSamples) samples not newer than the previous sample of the same stats object (out-of-order or repeated lines)"
        )
      }
      if consumer.analyzer.counterResets > 0 {
        info.warnings.append(
          "\(consumer.analyzer.counterResets) counter resets or SSRC changes: those tracks continue in new segments"
        )
      }
      if info.reportCount == 0 {
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
      outcome = .success(FileAnalysis.Success(info: info, analysis: analysis))
    } catch {
      outcome = .failure(error)
    }
    let total = ContinuousClock.now - start
    times.parse = total - times.read - times.metrics
    return (FileAnalysis(path: path, outcome: outcome), times)
  }
}
