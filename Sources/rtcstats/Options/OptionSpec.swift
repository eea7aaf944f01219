/// The options the command knows, across every subcommand.
///
/// The raw value is the long name.
enum OptionID: String, CaseIterable, Equatable, Hashable, Sendable {
  case help
  case version
  case format
  case jobs
  case output
  case quiet
  case noIntervals = "no-intervals"
  case timing
  case man
  case maxClockOffset = "max-clock-offset"
  case thresholds
  case per
  case failOn = "fail-on"
  case verbose
  case wide
  case color
  case noSparklines = "no-sparklines"
}

/// One option of a subcommand, as every generated artefact sees it.
///
/// The parser, `--help`, "did you mean", the shell completions and the man page are all
/// generated from these values: adding an option is one entry in ``CommandTable``.
struct OptionSpec: Equatable, Sendable {
  var id: OptionID
  /// The one-letter name (`f` for `-f`), if any.
  var shortName: Character?
  /// The placeholder of the value (`format` in `--format <format>`); `nil` for a flag.
  var valueName: String?
  /// The only values accepted, when the set is closed; suggested and completed.
  var allowedValues: [String] = []
  /// The value used when the option is absent, as shown in help.
  var defaultValue: String?
  /// One or two sentences for help and the man page.
  var help: String
  /// Whether shells complete the value with file names.
  var completesFiles = false
  /// Left out of help, completions and the man page (a diagnostic switch).
  var isHidden = false

  /// The long name, without dashes.
  var name: String { id.rawValue }
  /// `--format`.
  var longFlag: String { "--" + name }
  /// `-f`, if the option has a short name.
  var shortFlag: String? { shortName.map { "-" + String($0) } }
  /// Whether the option takes a value.
  var takesValue: Bool { valueName != nil }

  /// `--format <format>` or `--timing`: the long form with its placeholder.
  var longSynopsis: String { valueName.map { "\(longFlag) <\($0)>" } ?? longFlag }

  /// `-f, --format <format>`: the help label.
  var helpLabel: String { shortFlag.map { "\($0), \(longSynopsis)" } ?? longSynopsis }

  /// The help sentence with its allowed values and default appended, in
  /// swift-argument-parser's way: `Output format. (values: table, json; default: table)`.
  var helpWithDetails: String {
    var details: [String] = []
    if !allowedValues.isEmpty { details.append("values: " + allowedValues.joined(separator: ", ")) }
    if let defaultValue { details.append("default: " + defaultValue) }
    return details.isEmpty ? help : help + " (" + details.joined(separator: "; ") + ")"
  }
}

/// A positional argument of a subcommand.
struct ArgumentSpec: Equatable, Sendable {
  /// What shells complete for the argument.
  enum Completion: Equatable, Sendable {
    case files
    case values([String])
    case subcommands
  }

  /// The placeholder, without brackets: `input`.
  var name: String
  var help: String
  /// Whether the argument may be left out.
  var isOptional = false
  /// Whether several may be given (`<input> ...`).
  var isRepeating = false
  var completion = Completion.files

  /// `<input> ...`, `<subcommand>`: the help label.
  var label: String { "<\(name)>" + (isRepeating ? " ..." : "") }

  /// `<input> ...`, `[<subcommand>]`: the usage word.
  var synopsis: String {
    let core = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(core)]" : core
  }
}

/// One example for help and the man page: a command line and what it does.
struct Example: Equatable, Sendable {
  var command: String
  var explanation: String
}

/// A titled block of help text (`EXIT STATUS:`): rows of a label and its text, then an
/// optional paragraph.
struct HelpSection: Equatable, Sendable {
  /// One row: `64` and `bad options or arguments`.
  struct Row: Equatable, Sendable {
    var label: String
    var text: String
  }

  var title: String
  var rows: [Row]
  /// A paragraph after the rows.
  var footer = ""
}

/// Everything the command says about one subcommand (or about itself, for the root).
struct CommandSpec: Equatable, Sendable {
  /// `analyze`; the root's name is `rtcstats`.
  var name: String
  var aliases: [String] = []
  /// One line, for the subcommand list and the OVERVIEW line.
  var abstract: String
  /// Paragraphs after the overview, separated by blank lines.
  var discussion: String = ""
  var arguments: [ArgumentSpec] = []
  /// Every option, `--help` included.
  var options: [OptionSpec]
  var sections: [HelpSection] = []
  var examples: [Example] = []

  /// The options shown in help, completions and the man page.
  var visibleOptions: [OptionSpec] { options.filter { !$0.isHidden } }

  /// The option with this long name, short name or id.
  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// The option whose short name is `letter`.
  func option(short letter: Character) -> OptionSpec? {
    options.first { $0.shortName == letter }
  }
}
