import RTCStatsCore
import Synchronization

/// The first step `call` and `report` share: every input collected (folders expanded, the
/// output file left out) and analysed in parallel with its whole timeline kept.
enum TimelineInputs {
  /// The analyses of `inputs` in input order, or `nil` after saying on `console` that no file
  /// was found (the caller then exits with ``ExitStatus/noInput``).
  static func analyse(
    _ inputs: [String], jobs: Int?, thresholds: ThresholdTable = .defaults, console: Console
  ) -> [FileAnalysis]? {
    let (files, _) = InputCollector.collect(inputs, excluding: console.outputFile)
    guard !files.isEmpty else {
      console.error("rtcstats: no files found in \(inputs.joined(separator: ", "))")
      return nil
    }
    let results = Mutex([FileAnalysis?](repeating: nil, count: files.count))
    OrderedParallelMap.run(
      count: files.count, jobs: jobs ?? System.processorCount,
      work: { index in FileAnalyzer.analyze(files[index], keepsTimeline: true, thresholds: thresholds).0 },
      deliver: { index, file in results.withLock { $0[index] = file } })
    return results.withLock { $0 }.compactMap { $0 }
  }
}
