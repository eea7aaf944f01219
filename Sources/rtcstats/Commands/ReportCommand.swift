import RTCStatsCore
import RTCStatsFormats
import RTCStatsReport
import Synchronization

/// `rtcstats report`: reads every input in parallel and writes one HTML page
/// (``AnalysisReport``): a section per dump, worst first, and the call view's links when the
/// dumps are of one call.
///
/// An input that cannot be read is reported on standard error, as `analyze` does, and named
/// on the page; the exit status is that of the first input that failed, after the page of
/// the others is written.
struct ReportCommand {
  var options: ReportOptions
  var console: Console

  func run() -> ExitStatus {
    guard let thresholds = ThresholdsFile.table(options.thresholdsPath, console: console) else {
      return .usage
    }
    guard
      let analysed = TimelineInputs.analyse(
        options.inputs, jobs: options.jobs, thresholds: thresholds, console: console)
    else { return .noInput }
    var status = ExitStatus.success
    for file in analysed {
      for line in AnalyzeCommand.Output(file: file, times: PhaseTimes(), isVerbose: analysed.count == 1)
        .messages
      {
        file.status == .success ? console.warning(line) : console.error(line)
      }
      if status == .success { status = file.status }
    }
    console.write(Self.page(of: analysed, maximumClockOffset: options.maximumClockOffset))
    if let message = console.outputFailureMessage {
      console.error(message)
      return .ioError
    }
    return status
  }

  /// The HTML page of `files`, in input order; several dumps that were read are linked into
  /// one call (``CallLinker``) and the links drawn when any were found.
  static func page(of files: [FileAnalysis], maximumClockOffset: Double = 30) -> [UInt8] {
    var inputs: [ReportInput] = []
    var dumps: [CallDump] = []
    for file in files {
      let name = AnalyzeCommand.displayName(file.path)
      switch file.outcome {
      case .failure(let error):
        inputs.append(ReportInput(name: name, outcome: .failed(error.description)))
      case .success(let success):
        inputs.append(ReportInput(name: name, outcome: .analysed(success.source, success.analysis)))
        dumps.append(CallDump(source: name, format: success.source.format, analysis: success.analysis))
      }
    }
    var view: CallView?
    if dumps.count > 1 {
      var thresholds = CallThresholds()
      thresholds.maximumClockOffset = maximumClockOffset * 1000
      view = CallLinker.link(dumps, thresholds: thresholds)
    }
    let document = AnalysisReport.document(inputs, call: view, generator: "rtcstats " + Help.version)
    return HTMLReport.renderBytes(document)
  }
}

/// `analyze --format html`: collects every file and writes the page of ``ReportCommand``
/// after the last, since the page orders dumps worst first.
final class HTMLRenderer: AnalysisRenderer {
  private let files = Mutex<[Int: FileAnalysis]>([:])

  var needsTimeline: Bool { true }

  func render(_ file: FileAnalysis, index: Int, write: ([UInt8]) -> Void) {
    files.withLock { $0[index] = file }
  }

  var epilogue: [UInt8] {
    let ordered = files.withLock { files in files.sorted { $0.key < $1.key }.map(\.value) }
    return ordered.isEmpty ? [] : ReportCommand.page(of: ordered)
  }
}
