import RTCStatsCore
import RTCStatsFormats

/// One entry of a batch: a file to read, or a problem found while collecting the inputs,
/// reported in its place.
struct CollectedInput: Equatable, Sendable {
  /// The path as given or as found in a folder; `-` is standard input.
  var path: String
  /// Why the path cannot be read, when the collector already knows.
  var problem: InputProblem?
}

/// A problem with an input that ``InputCollector`` finds before any file is opened.
enum InputProblem: Equatable, Sendable {
  /// A folder with no file to analyse below it.
  case emptyFolder(hiddenEntries: Int)
  /// A symbolic link whose target does not exist.
  case brokenLink(target: String)
  /// A symbolic link that leads back to itself.
  case linkLoop
  /// A folder that cannot be listed.
  case unlistableFolder(System.ErrorNumber)
  /// The file the output is being written to (`> FILE` in the shell): reading it would
  /// read the command's own output.
  case isTheOutput

  /// The message, without the file name: `the folder has no files`.
  var message: String {
    switch self {
    case .emptyFolder(let hidden):
      guard hidden > 0 else { return "the folder has no files" }
      let entries = Plural.count(hidden, "hidden entry", plural: "hidden entries")
      return "the folder has no files (\(entries) skipped)"
    case .brokenLink(let target): return "a broken symbolic link (\(target) does not exist)"
    case .linkLoop: return "a symbolic link loop (the link leads back to itself)"
    case .unlistableFolder(let error): return "cannot list the folder (\(error))"
    case .isTheOutput: return "the output is written to this file; it is not read"
    }
  }

  /// The error that reading the input reports: every collector problem is an input
  /// problem (exit 66).
  var dumpError: DumpError { DumpError(.input, message) }
}

extension FileAnalyzer {
  /// Analyses one collected input: a known problem becomes the file's error without any
  /// read; anything else is read and analysed.
  static func analyze(
    _ input: CollectedInput, keepsTimeline: Bool, thresholds: ThresholdTable = .defaults
  ) -> (FileAnalysis, PhaseTimes) {
    if let problem = input.problem {
      return (FileAnalysis(path: input.path, outcome: .failure(problem.dumpError)), PhaseTimes())
    }
    return analyze(path: input.path, keepsTimeline: keepsTimeline, thresholds: thresholds)
  }
}
