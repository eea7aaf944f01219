import RTCStatsCore
import RTCStatsFormats
import Synchronization

/// `rtcstats analyze`: analyses every input, in parallel, and writes the results in input
/// order.
struct AnalyzeCommand {
  var options: AnalyzeOptions
  var console: Console

  func run() -> ExitStatus {
    let wallStart = ContinuousClock.now
    guard let thresholds = ThresholdsFile.table(options.thresholdsPath, console: console) else {
      return .usage
    }
    let (files, isSingleFile) = InputCollector.collect(options.inputs, excluding: console.outputFile)
    guard !files.isEmpty else {
      console.error("rtcstats: no files found in \(options.inputs.joined(separator: ", "))")
      return .noInput
    }
    let renderer = options.format.renderer(
      wrapsInArray: options.format == .json && !isSingleFile, includeIntervals: options.includeIntervals,
      per: options.per, layout: layout, sparklines: options.showsSparklines && console.outputIsTerminal)
    let prologue = renderer.prologue
    if !prologue.isEmpty { console.write(prologue) }
    let result = analyze(files, renderer: renderer, thresholds: thresholds)
    let epilogue = renderer.epilogue
    if !epilogue.isEmpty { console.write(epilogue) }
    if options.timing {
      console.error("rtcstats: " + result.times.summary(wall: ContinuousClock.now - wallStart))
    }
    if files.count > 1 && !console.isQuiet && !console.outputFailed {
      console.error("rtcstats: " + result.summary.line)
    }
    // A closed pipe (`| head`) stops the batch quietly with the status so far; any other
    // write failure is reported, exit 74.
    if let message = console.outputFailureMessage {
      console.error(message)
      return .ioError
    }
    return result.status
  }

  /// The table's layout: the console's table width, `--wide`, `--color`.
  var layout: TableLayout {
    TableLayout(
      width: console.tableWidth, isWide: options.isWide,
      usesColor: TableLayout.usesColor(
        mode: options.color, isTerminal: console.outputIsTerminal, noColor: System.environment("NO_COLOR")))
  }

  /// What the batch adds up to.
  struct Tally: Sendable {
    var status = ExitStatus.success
    var times = PhaseTimes()
    var summary = BatchSummary()
  }

  /// Analyses `files` on the workers and writes their results in input order.
  private func analyze(
    _ files: [CollectedInput], renderer: any AnalysisRenderer, thresholds: ThresholdTable
  ) -> Tally {
    let tally = Mutex(Tally())
    let options = self.options
    let console = self.console
    let progress = ProgressLine(console: console, total: files.count)
    // A batch renders each file on its worker thread and only writes in order; a single
    // file streams its JSON in pieces as it is rendered, to keep memory flat.
    let rendersOnWorkers = files.count > 1
    OrderedParallelMap.run(
      count: files.count, jobs: options.jobs ?? Self.coreCount, isCancelled: { console.outputClosed },
      work: { index in
        let (file, times) = FileAnalyzer.analyze(
          files[index], keepsTimeline: renderer.needsTimeline, thresholds: thresholds)
        var output = Output(file: file, times: times, isVerbose: options.isVerbose || files.count == 1)
        if let level = options.failOn, output.verdict.reaches(level) { output.status = .failOn }
        if rendersOnWorkers {
          let start = ContinuousClock.now
          output.bytes = renderer.bytes(of: file, index: index)
          output.times.output = ContinuousClock.now - start
          output.file = nil
        }
        return output
      },
      deliver: { index, output in
        var times = output.times
        let outputStart = ContinuousClock.now
        if !output.messages.isEmpty { progress?.clear() }
        let say = output.verdict.outcome == .failed ? console.error : console.warning
        for line in output.messages { say(line) }
        if let file = output.file {
          renderer.render(file, index: index) { console.write($0) }
          // The process ends after its only file: exit frees the analysis at once, where
          // releasing it piece by piece took 1–4 ms for a 50 MB dump.
          if files.count == 1 && console.endsWithProcess { Self.keptUntilExit.withLock { $0.append(file) } }
        } else if !output.bytes.isEmpty {
          console.write(output.bytes)
        }
        times.output += ContinuousClock.now - outputStart
        progress?.advance(bytes: times.bytes)
        tally.withLock { tally in
          tally.status = tally.status.worse(output.status)
          tally.times = tally.times + times
          tally.summary.add(output.verdict)
        }
      })
    progress?.clear()
    return tally.withLock { $0 }
  }

  /// The analysis of a run's only file, never released: the process exits after it.
  private static let keptUntilExit = Mutex<[FileAnalysis]>([])

  /// How many analyses are kept until exit (for tests).
  static var keptUntilExitCount: Int { keptUntilExit.withLock { $0.count } }

  /// What a worker hands over for one file.
  struct Output: Sendable {
    var status: ExitStatus
    /// Lines for standard error: the error, truncation warnings, the skipped file (`-v`).
    var messages: [String] = []
    /// The analysis, when the writer thread renders it.
    var file: FileAnalysis?
    /// The rendered output, when the worker rendered it.
    var bytes: [UInt8] = []
    var times: PhaseTimes
    var verdict: FileVerdict

    init(file: FileAnalysis, times: PhaseTimes, isVerbose: Bool) {
      self.file = file
      self.times = times
      status = file.status
      verdict = FileVerdict(file)
      switch file.outcome {
      case .failure(let error) where error.isNotADump:
        if isVerbose {
          messages.append("rtcstats: \(AnalyzeCommand.displayName(file.path)): skipped: \(error.message)")
        }
      case .failure(let error):
        messages.append(AnalyzeCommand.errorLine(path: file.path, error: error))
      case .success(let success) where success.source.isTruncated:
        for diagnostic in success.source.diagnostics where diagnostic.code == .truncated {
          let warning = DiagnosticText.message(diagnostic)
          messages.append("rtcstats: \(AnalyzeCommand.displayName(file.path)): warning: \(warning)")
        }
      case .success:
        break
      }
    }
  }

  static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

  /// `rtcstats: FILE:LINE:COL: message`, or `rtcstats: FILE: message` without a position.
  static func errorLine(path: String, error: DumpError) -> String {
    let separator = error.line == nil ? ": " : ":"
    return "rtcstats: " + displayName(path) + separator + error.description
  }

  static var coreCount: Int {
    System.processorCount
  }
}
