import RTCStatsCore
import RTCStatsFormats

/// The outcome of analysing one input file.
struct FileAnalysis: Sendable {
  /// The path as given (or found in a folder); `-` for standard input.
  var path: String
  var outcome: Result<Success, DumpError>

  struct Success: Sendable {
    var info: DumpInfo
    var analysis: CallAnalysis
  }

  /// The exit status this file contributes.
  var status: ExitStatus {
    switch outcome {
    case .success: .success
    case .failure(let error): error.category == .input ? .noInput : .dataError
    }
  }
}
