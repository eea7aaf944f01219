/// The subcommands.
enum Subcommand: String, CaseIterable, Equatable, Sendable {
  case analyze
  case inspect
  case call
  case follow
  case report
  case explain
  case schema
  case completions
  case help

  /// The subcommand called `name` or one of its aliases (`analyse`).
  init?(named name: String) {
    guard let match = Self.allCases.first(where: { $0.spec.name == name || $0.spec.aliases.contains(name) })
    else { return nil }
    self = match
  }

  /// What help, completions and the man page say about it.
  var spec: CommandSpec { CommandTable.spec(for: self) }
}

/// The shells `rtcstats completions` writes scripts for.
enum Shell: String, CaseIterable, Equatable, Sendable {
  case bash
  case zsh
  case fish
}

/// Every option table and help text: the one source of `--help`, the parser, "did you
/// mean", completions and the man page.
enum CommandTable {
  /// The spec of a subcommand, or of the command itself for `nil`.
  static func spec(for subcommand: Subcommand?) -> CommandSpec {
    switch subcommand {
    case nil: root
    case .analyze: analyze
    case .inspect: inspect
    case .call: call
    case .follow: follow
    case .report: report
    case .explain: explain
    case .schema: schema
    case .completions: completions
    case .help: help
    }
  }

  // MARK: - Options shared by several subcommands

  static let helpOption = OptionSpec(id: .help, shortName: "h", help: "Show help information.")

  static let outputOption = OptionSpec(
    id: .output, shortName: "o", valueName: "file",
    help: "Write the output to <file> (created or truncated) instead of standard output.",
    completesFiles: true)

  static let quietOption = OptionSpec(
    id: .quiet, shortName: "q",
    help: "Print no warnings on standard error; errors are still printed.")

  /// `--thresholds` of the commands after `analyze`, whose help describes the file.
  static let thresholdsReferenceOption = OptionSpec(
    id: .thresholds, valueName: "file",
    help: "Override diagnosis thresholds with a JSON file (see analyze --thresholds).",
    completesFiles: true)

  static let verboseOption = OptionSpec(
    id: .verbose, shortName: "v", help: "Name every skipped file (not a dump) on standard error.")

  static let jobsOption = OptionSpec(
    id: .jobs, shortName: "j", valueName: "n", defaultValue: "one per CPU core",
    help: "Files read in parallel, 1 to 1024.")

  static let inputArgument = ArgumentSpec(
    name: "input",
    help: "A dump file, a folder (every file below it, hidden ones skipped), or - for standard input.",
    isRepeating: true)

  static let colorOption = OptionSpec(
    id: .color, valueName: "when", allowedValues: ["auto", "always", "never"], defaultValue: "auto",
    help: "Colour grades and severities: auto colours only on a terminal and never with NO_COLOR set.")

  static let exitStatus = HelpSection(
    title: "EXIT STATUS",
    rows: [
      .init(label: "0", text: "every dump was read (files that are not dumps are skipped)"),
      .init(label: "1", text: "a file reached the --fail-on grade (analyze)"),
      .init(label: "64", text: "bad options or arguments"),
      .init(label: "65", text: "a dump is not well formed or not supported"),
      .init(label: "66", text: "an input does not exist or cannot be read"),
      .init(
        label: "74", text: "the output could not be written (a full disk, an -o file that cannot be created)"),
    ],
    footer: "With several inputs the status is the worst outcome (74, 66, 65, then 1); every "
      + "input is still read. When the reader of the output goes away (rtcstats ... | head), "
      + "rtcstats stops quietly with the status so far.")

  // MARK: - The commands

  static let root = CommandSpec(
    name: "rtcstats",
    abstract: "Turn WebRTC getStats dumps into the figures that diagnose a call.",
    discussion: "Reads getStats() snapshots and logs (JSON, JSON lines, libwebrtc native JSON, the "
      + "Vonage/OpenTok jsonArrayOfReports), chrome://webrtc-internals dumps and rtcstats dumps, "
      + "gzip-compressed or not, detected from their bytes.",
    options: [
      helpOption,
      OptionSpec(id: .version, shortName: "V", help: "Show the version."),
    ],
    examples: [
      Example(command: "rtcstats analyze webrtc_internals_dump.txt", explanation: "The tables for one dump:"),
      Example(command: "rtcstats inspect tickets/4711/", explanation: "What every dump of a folder holds:"),
    ])

  static let analyze = CommandSpec(
    name: "analyze", aliases: ["analyse"],
    abstract: "Analyse dumps: bitrate, loss, jitter, RTT, frame rate, resolution, freezes, pauses "
      + "and quality limitation per peer connection, track and simulcast/SVC layer.",
    discussion: "Rates are in bps, durations and delays in ms, percentages 0-100. Figures that vary "
      + "over the call are summarised as mean, p50, p95, min and max (JSON) or their mean (table). "
      + "Files are read in parallel and written in input order.",
    arguments: [inputArgument],
    options: [
      OptionSpec(
        id: .format, shortName: "f", valueName: "format",
        allowedValues: ["table", "json", "ndjson", "csv", "html"],
        defaultValue: "table",
        help: "Output format: readable tables, one JSON document, one JSON line per file, one "
          + "CSV row per track, or one HTML report of every file (as 'rtcstats report')."),
      OptionSpec(
        id: .per, valueName: "row", allowedValues: RowKind.allCases.map(\.rawValue),
        help: "One flat NDJSON line or CSV row per file, track, interval or finding, each with its "
          + "file and peer connection ('rtcstats schema rows'); implies --format ndjson."),
      OptionSpec(
        id: .failOn, valueName: "grade", allowedValues: FailLevel.allCases.map(\.rawValue),
        help: "Exit 1 when a file's network condition or a finding reaches this grade."),
      jobsOption,
      outputOption,
      quietOption,
      verboseOption,
      OptionSpec(
        id: .wide,
        help: "The full table, one line per track, however wide the terminal (the narrow "
          + "layout fits the terminal, 80 columns when not a terminal)."),
      colorOption,
      OptionSpec(id: .noIntervals, help: "Leave the per-interval series out of JSON output."),
      OptionSpec(
        id: .thresholds, valueName: "file",
        help: "Override diagnosis thresholds with a JSON file that maps rule codes to their "
          + "alertOn, alertOff or minIntervals values; 'rtcstats explain' lists the rules.",
        completesFiles: true),
      OptionSpec(
        id: .timing,
        help: "Print the time spent reading, parsing, computing and writing to standard error."),
      OptionSpec(
        id: .noSparklines,
        help: "Leave out the bitrate and frame-rate sparklines the table shows on a terminal."),
      helpOption,
    ],
    sections: [exitStatus],
    examples: [
      Example(command: "rtcstats analyze webrtc_internals_dump.txt", explanation: "The tables for one dump:"),
      Example(
        command: "rtcstats analyze -f json call.jsonl | jq '.peerConnections[].tracks[].bitrate.mean'",
        explanation: "The mean bitrate of every track, with jq:"),
      Example(
        command: "rtcstats analyze -f ndjson --no-intervals -o results.ndjson tickets/",
        explanation: "One JSON line per file of a folder, into a file:"),
    ])

  static let inspect = CommandSpec(
    name: "inspect",
    abstract: "Show what a dump holds: dialect, browser, peer connections, stats types, truncation "
      + "and clock warnings.",
    discussion: "Reads the dumps without computing metrics. Each peer connection is shown with its "
      + "time span, report count, stats object count and polling interval, then its stats types by "
      + "count.",
    arguments: [inputArgument],
    options: [
      OptionSpec(
        id: .format, shortName: "f", valueName: "format", allowedValues: ["table", "json"],
        defaultValue: "table", help: "Output format: readable text or one JSON document."),
      jobsOption,
      outputOption,
      quietOption,
      verboseOption,
      helpOption,
    ],
    sections: [exitStatus],
    examples: [
      Example(command: "rtcstats inspect webrtc_internals_dump.txt", explanation: "What one dump holds:"),
      Example(
        command: "rtcstats inspect -f json tickets/ | jq '.[].source.format'",
        explanation: "The dialect of every dump in a folder:"),
    ])

  static let call = CommandSpec(
    name: "call",
    abstract: "Link the streams of several dumps of one call (publishers, subscribers, through an "
      + "SFU) and place each link's quality loss on the uplink, the downlink or the SFU.",
    discussion: "Streams are linked by SSRC when both ends share it (P2P), else by timing: the "
      + "dumps' clock offset is estimated and each received stream's bitrate over time is matched "
      + "with the sent ones. A link is kept only above a stated score; one received stream links to "
      + "at most one sent stream; streams that match nothing are listed as unlinked. Times are on the "
      + "subscriber's clock, rates in bps, percentages 0-100.",
    arguments: [
      ArgumentSpec(
        name: "input",
        help: "The dumps of the call: files, folders (every file below them) or - for standard input, "
          + "in any order.",
        isRepeating: true)
    ],
    options: [
      OptionSpec(
        id: .format, shortName: "f", valueName: "format", allowedValues: ["table", "json"],
        defaultValue: "table", help: "Output format: readable text or one JSON document."),
      OptionSpec(
        id: .maxClockOffset, valueName: "seconds", defaultValue: "30",
        help: "The largest clock offset between two dumps that is searched; dumps further apart "
          + "are taken to be of different calls."),
      jobsOption,
      outputOption,
      quietOption,
      helpOption,
    ],
    sections: [exitStatus],
    examples: [
      Example(
        command: "rtcstats call publisher-a.jsonl publisher-b.jsonl subscriber.jsonl",
        explanation: "Who reaches whom, and where quality was lost:"),
      Example(
        command: "rtcstats call -f json webrtc_internals_dump.txt | jq '.links[].degradation.segment'",
        explanation: "The segment of every link of one browser's connections:"),
    ])

  static let follow = CommandSpec(
    name: "follow",
    abstract: "Follow a growing JSON-lines getStats log, like tail -f, and print one line per interval "
      + "as soon as each snapshot is complete: bitrate, frame rate, resolution, loss, network "
      + "condition and the findings that start or end.",
    discussion: "The file is followed as it grows; a truncated file is read again from its start "
      + "and a rotated one (a new file at the path) from the new file's start. Each line is "
      + "decoded on its own: snapshots in any getStats shape, app wrappers (jsonArrayOfReports) and "
      + "libwebrtc native JSON; stats objects logged one per line are gathered until an id repeats "
      + "or no line comes for 250 ms. Damaged lines are skipped with a warning. Figures are those "
      + "of the analyze timeline; a file is followed until interrupted, - until it ends.",
    arguments: [
      ArgumentSpec(name: "input", help: "The log file to follow, or - for standard input.")
    ],
    options: [
      OptionSpec(
        id: .format, shortName: "f", valueName: "format", allowedValues: ["table", "ndjson"],
        defaultValue: "table", help: "Output format: one readable line, or one JSON line, per interval."),
      OptionSpec(
        id: .since, valueName: "time",
        help: "Print only the intervals that end at or after <time>: ms since the epoch, an ISO 8601 "
          + "UTC time, now, or a duration before now (30s, 5m, 2h). Earlier lines "
          + "are still analysed."),
      thresholdsReferenceOption,
      outputOption,
      quietOption,
      helpOption,
    ],
    sections: [
      HelpSection(
        title: "EXIT STATUS",
        rows: [
          .init(label: "0", text: "standard input ended, or the reader of the output went away"),
          .init(label: "64", text: "bad options or arguments"),
          .init(label: "65", text: "a line is longer than 256 MiB"),
          .init(label: "66", text: "the input does not exist or cannot be read"),
          .init(label: "74", text: "the output could not be written"),
        ])
    ],
    examples: [
      Example(command: "rtcstats follow call.jsonl", explanation: "Watch a call's log as the app writes it:"),
      Example(
        command: "app | rtcstats follow -f ndjson -",
        explanation: "One JSON line per interval, from a pipe:"),
    ])

  static let report = CommandSpec(
    name: "report",
    abstract: "Write one self-contained HTML report of dumps: network condition, bitrate, frame "
      + "rate, resolution, loss, jitter and RTT over time per track and layer, findings marked.",
    discussion: "The page loads nothing (inline SVG, style and script), reads in light and dark mode "
      + "and prints. Several dumps get a section each, worst first; when streams of several dumps "
      + "link (one call), a call section draws each publisher-to-subscriber link with the segment "
      + "where quality was lost. Tables show the figures of 'rtcstats analyze'; only the drawn "
      + "lines are thinned.",
    arguments: [inputArgument],
    options: [
      OptionSpec(
        id: .output, shortName: "o", valueName: "file",
        help: "Write the report to <file> (created or truncated) instead of standard output.",
        completesFiles: true),
      jobsOption,
      quietOption,
      OptionSpec(
        id: .maxClockOffset, valueName: "seconds", defaultValue: "30",
        help: "The largest clock offset between two dumps searched when linking them into one call."),
      thresholdsReferenceOption,
      helpOption,
    ],
    sections: [exitStatus],
    examples: [
      Example(command: "rtcstats report webrtc_internals_dump.txt -o report.html", explanation: "One dump:"),
      Example(
        command: "rtcstats report publisher.jsonl subscriber.jsonl -o call.html",
        explanation: "The dumps of one call, linked publisher to subscriber:"),
      Example(
        command: "rtcstats report tickets/4711/ -o 4711.html", explanation: "A folder, worst dump first:"),
    ])

  static let explain = CommandSpec(
    name: "explain",
    abstract: "List the diagnosis rules, or describe one: its definition, formula, inputs, default "
      + "thresholds, source and the false positives it guards against.",
    arguments: [
      ArgumentSpec(
        name: "code", help: "The code of a rule or of a condition ladder; without it, the list.",
        isOptional: true)
    ],
    options: [helpOption],
    examples: [
      Example(command: "rtcstats explain", explanation: "Every rule with its severity:"),
      Example(command: "rtcstats explain highPacketLoss", explanation: "One rule in full:"),
    ])

  static let schema = CommandSpec(
    name: "schema",
    abstract: "Print the JSON Schema (draft 2020-12) of a document rtcstats writes.",
    discussion: "analyze: the document of one file (and the skipped and error records of "
      + "-f json and ndjson); rows: the flat lines of analyze --per; inspect: inspect -f json; "
      + "call: call -f json. Without an argument, the list.",
    arguments: [
      ArgumentSpec(
        name: "document", help: "The document kind. (values: analyze, rows, inspect, call)",
        isOptional: true, completion: .values(SchemaKind.allCases.map(\.rawValue)))
    ],
    options: [helpOption],
    examples: [
      Example(
        command: "rtcstats schema analyze > rtcstats-analyze.schema.json",
        explanation: "The analyze document:"),
      Example(command: "rtcstats schema rows | jq '.$defs | keys'", explanation: "The kinds of --per rows:"),
    ])

  static let completions = CommandSpec(
    name: "completions",
    abstract: "Print a completion script for bash, zsh or fish.",
    discussion: "The script completes subcommands, options, option values and file names.",
    arguments: [
      ArgumentSpec(
        name: "shell", help: "The shell to complete for. (values: bash, zsh, fish)",
        completion: .values(Shell.allCases.map(\.rawValue)))
    ],
    options: [helpOption],
    examples: [
      Example(command: "source <(rtcstats completions bash)", explanation: "bash, in ~/.bashrc:"),
      Example(
        command: "rtcstats completions zsh > ~/.zfunc/_rtcstats",
        explanation: "zsh, with ~/.zfunc in $fpath before compinit:"),
      Example(
        command: "rtcstats completions fish > ~/.config/fish/completions/rtcstats.fish",
        explanation: "fish:"),
    ])

  static let help = CommandSpec(
    name: "help",
    abstract: "Show help for a subcommand.",
    arguments: [
      ArgumentSpec(
        name: "subcommand", help: "The subcommand to describe.", isOptional: true, completion: .subcommands)
    ],
    options: [
      OptionSpec(id: .man, help: "Print the manual page (roff) instead of the help text."),
      helpOption,
    ],
    examples: [
      Example(command: "rtcstats help analyze", explanation: "The options of analyze:"),
      Example(
        command: "rtcstats help --man > rtcstats.1 && man -l rtcstats.1", explanation: "The manual page:"),
    ])
}
