import RTCStatsCore
import RTCStatsFormats

/// `rtcstats call`: reads every dump of one call, links the streams across them and places
/// each link's quality loss on a segment (``CallLinker``).
///
/// The dumps are read in parallel. One that cannot be read is reported on standard error,
/// as `analyze` does, and left out of the view; the exit status is that of the first input
/// that failed, after the view of the others is written.
struct CallCommand {
  var options: CallOptions
  var console: Console

  func run() -> ExitStatus {
    guard let analysed = TimelineInputs.analyse(options.inputs, jobs: options.jobs, console: console) else {
      return .noInput
    }
    var status = ExitStatus.success
    var dumps: [CallDump] = []
    for file in analysed {
      switch file.outcome {
      case .failure(let error):
        console.error(AnalyzeCommand.errorLine(path: file.path, error: error))
        if status == .success { status = file.status }
      case .success(let success):
        for warning in success.source.diagnostics where warning.code.rawValue == "truncated" {
          console.warning(
            "rtcstats: \(AnalyzeCommand.displayName(file.path)): warning: \(DiagnosticText.message(warning))")
        }
        dumps.append(
          CallDump(
            source: AnalyzeCommand.displayName(file.path), format: success.source.format,
            analysis: success.analysis))
      }
    }
    var linking = CallThresholds()
    linking.maximumClockOffset = options.maximumClockOffset * 1000
    let view = CallLinker.link(dumps, thresholds: linking)
    switch options.format {
    case .json:
      var writer = JSONWriter()
      CallJSONEncoder().encode(view, into: &writer)
      writer.raw("\n")
      console.write(writer.bytes)
    default:
      console.write(CallTableRenderer().render(view))
    }
    if let message = console.outputFailureMessage {
      console.error(message)
      return .ioError
    }
    return status
  }
}
