/// What the user asked for, fully validated. Produced by ``Arguments/parse(_:)``.
enum Invocation: Equatable {
  case help(Subcommand?)
  case version
  case analyze(AnalyzeOptions)
  case inspect(InspectOptions)
}

/// The subcommands.
enum Subcommand: String, CaseIterable, Equatable {
  case analyze
  case inspect
  case help
}

/// Output formats of `analyze`.
enum OutputFormat: String, CaseIterable, Equatable {
  /// Readable tables (default).
  case table
  /// One JSON document (an array of documents for several inputs).
  case json
  /// One JSON document per line, one line per input.
  case ndjson
  /// One CSV row per track.
  case csv
}

/// Options of `rtcstats analyze`.
struct AnalyzeOptions: Equatable {
  var inputs: [String] = []
  var format: OutputFormat = .table
  /// Files analysed in parallel; `nil` means one per core.
  var jobs: Int?
  var includeIntervals = true
  var timing = false
}

/// Options of `rtcstats inspect`.
struct InspectOptions: Equatable {
  var inputs: [String] = []
  var format: OutputFormat = .table
}

/// A usage error: printed with the usage line, exit 64.
struct UsageError: Error, Equatable {
  var message: String
  var subcommand: Subcommand?
}
