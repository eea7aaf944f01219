/// What the user asked for, fully validated.
///
/// Produced by ``Arguments/parse(_:)``.
enum Invocation: Equatable {
  /// Help for a subcommand, or for the command itself (`nil`).
  case help(Subcommand?)
  /// The manual page, in roff (`rtcstats help --man`).
  case manPage
  case version
  case analyze(AnalyzeOptions)
  case inspect(InspectOptions)
  case call(CallOptions)
  /// `rtcstats report`: one HTML page.
  case report(ReportOptions)
  /// `rtcstats explain [CODE]`: the rule list, or one rule.
  case explain(String?)
  case completions(Shell)
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
  /// One HTML report of every input (``AnalysisReport``).
  case html
}

/// Where the output goes and how much is said on standard error: `-o` and `-q`.
struct ConsoleOptions: Equatable {
  /// The `-o` file; `nil` (or `-`) for standard output.
  var outputPath: String?
  /// `-q`: no warning lines.
  var isQuiet = false
}

/// Options of `rtcstats analyze`.
struct AnalyzeOptions: Equatable {
  var inputs: [String] = []
  var format: OutputFormat = .table
  /// Files analysed in parallel; `nil` means one per core.
  var jobs: Int?
  var includeIntervals = true
  var timing = false
  /// `--thresholds FILE`: diagnosis threshold overrides.
  var thresholdsPath: String?
  /// `--no-sparklines`: no sparklines in the table, even on a terminal.
  var showsSparklines = true
  var console = ConsoleOptions()
}

/// Options of `rtcstats inspect`.
struct InspectOptions: Equatable {
  var inputs: [String] = []
  var format: OutputFormat = .table
  /// Files read in parallel; `nil` means one per core.
  var jobs: Int?
  var console = ConsoleOptions()
}

/// Options of `rtcstats call`.
struct CallOptions: Equatable {
  var inputs: [String] = []
  var format: OutputFormat = .table
  /// `--max-clock-offset`, seconds.
  var maximumClockOffset = 30.0
  /// Files read in parallel; `nil` means one per core.
  var jobs: Int?
  var console = ConsoleOptions()
}

/// Options of `rtcstats report`.
struct ReportOptions: Equatable {
  var inputs: [String] = []
  /// Files read in parallel; `nil` means one per core.
  var jobs: Int?
  /// `--max-clock-offset`, seconds.
  var maximumClockOffset = 30.0
  var console = ConsoleOptions()
}

/// A usage error: printed with the usage line, exit 64.
struct UsageError: Error, Equatable {
  var message: String
  var subcommand: Subcommand?
}
