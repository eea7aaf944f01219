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
  case follow(FollowOptions)
  /// `rtcstats report`: one HTML page.
  case report(ReportOptions)
  /// `rtcstats explain [CODE]`: the rule list, or one rule.
  case explain(String?)
  /// `rtcstats schema [KIND]`: one JSON Schema, or the list of kinds.
  case schema(SchemaKind?)
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
  /// `--per`: flat rows instead of one document per file.
  var per: RowKind?
  /// `--fail-on`: the grade from which the batch exits 1.
  var failOn: FailLevel?
  /// `-v`: skipped files are named on stderr.
  var isVerbose = false
  /// `--wide`: the full table whatever the width.
  var isWide = false
  /// `--color`.
  var color = ColorMode.auto
  /// `--no-sparklines`: no sparklines in the table, even on a terminal.
  var showsSparklines = true
  var console = ConsoleOptions()
}

/// The rows of `analyze --per`.
enum RowKind: String, CaseIterable, Equatable, Sendable {
  /// One row per file.
  case file
  /// One row per track of each peer connection.
  case track
  /// One row per track and interval.
  case interval
  /// One row per finding.
  case finding
}

/// `--fail-on`: the grade (of a connection's network condition, or a finding's severity)
/// that makes the batch exit 1.
enum FailLevel: String, CaseIterable, Equatable, Sendable {
  case warning
  case critical
}

/// `--color`: when the table uses ANSI colours.
enum ColorMode: String, CaseIterable, Equatable, Sendable {
  /// Only when standard output is a terminal and `NO_COLOR` is not set.
  case auto
  case always
  case never
}

/// Options of `rtcstats inspect`.
struct InspectOptions: Equatable {
  var inputs: [String] = []
  var format: OutputFormat = .table
  /// Files read in parallel; `nil` means one per core.
  var jobs: Int?
  /// `-v`: skipped files are named on stderr.
  var isVerbose = false
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
  /// `--thresholds FILE` (for `report`, which shares these options; `call` links streams
  /// with its own ``CallThresholds`` and grades nothing).
  var thresholdsPath: String?
  var console = ConsoleOptions()
}

/// Options of `rtcstats follow`.
struct FollowOptions: Equatable {
  var input = "-"
  var format: OutputFormat = .table
  /// `--since`: intervals ending before it are analysed, not printed.
  var since: SinceTime?
  var thresholdsPath: String?
  var console = ConsoleOptions()
}

/// The `--since` time of `follow`.
enum SinceTime: Equatable {
  /// A time, ms since the epoch.
  case absolute(Double)
  /// This many ms before the command started (`now` is 0).
  case beforeStart(Double)
}

/// Options of `rtcstats report`.
struct ReportOptions: Equatable {
  var inputs: [String] = []
  /// Files read in parallel; `nil` means one per core.
  var jobs: Int?
  /// `--max-clock-offset`, seconds.
  var maximumClockOffset = 30.0
  /// `--thresholds FILE`: diagnosis threshold overrides.
  var thresholdsPath: String?
  var console = ConsoleOptions()
}

/// A usage error: printed with the usage line, exit 64.
struct UsageError: Error, Equatable {
  var message: String
  var subcommand: Subcommand?
}
