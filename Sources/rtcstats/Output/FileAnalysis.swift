import RTCStatsCore
import RTCStatsFormats

/// The outcome of analysing one input file.
struct FileAnalysis: Sendable {
  /// The path as given (or found in a folder); `-` for standard input.
  var path: String
  var outcome: Result<Success, DumpError>

  struct Success: Sendable {
    /// What the input was.
    var source: SourceSummary
    var analysis: CallAnalysis

    /// The reader's diagnostics, then the engine's, in that order.
    var diagnostics: [Diagnostic] { source.diagnostics + analysis.diagnostics }
    /// The diagnostics of severity `warning` or more, in words: schema 1's `warnings[]` and
    /// the table's warning lines (informational ones are in `diagnostics[]` only).
    var warnings: [String] {
      diagnostics.filter { $0.severity >= .warning }.map(DiagnosticText.message)
    }
  }

  /// The exit status this file contributes: a file that is not a dump (skipped) is no
  /// failure.
  var status: ExitStatus {
    switch outcome {
    case .success: .success
    case .failure(let error) where error.isNotADump: .success
    case .failure(let error): error.category == .input ? .noInput : .dataError
    }
  }

  /// Why the file was skipped (it is not a dump: an image, a text log, other JSON), or `nil`.
  var skippedReason: String? {
    guard case .failure(let error) = outcome, error.isNotADump else { return nil }
    return error.message
  }
}
