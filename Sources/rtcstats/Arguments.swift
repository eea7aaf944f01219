import RTCStatsFormats

/// Parses command-line arguments into an ``Invocation``.
///
/// Never prints or exits.
///
/// The options of every subcommand come from ``CommandTable`` (see ``ParsedArguments``
/// for the syntax); this type turns the parsed values into each subcommand's options and
/// checks what the table cannot say: at least one input, standard input at most once,
/// `--jobs` in range, one shell.
enum Arguments {
  /// The invocation `arguments` (without the program name) ask for.
  ///
  /// - Throws: ``UsageError`` for anything the command cannot run with (exit 64).
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let first = arguments.first else { return .help(nil) }
    guard let subcommand = Subcommand(named: first) else { return try parseRoot(arguments) }
    let rest = Array(arguments.dropFirst())
    // `-h` anywhere before `--` wins over every other problem of the line, as in
    // swift-argument-parser: someone asking for help gets it.
    if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
      return .help(subcommand)
    }
    let parsed = try ParsedArguments(rest, spec: subcommand.spec, subcommand: subcommand)
    switch subcommand {
    case .analyze: return .analyze(try analyzeOptions(parsed))
    case .inspect: return .inspect(try inspectOptions(parsed))
    case .call: return .call(try callOptions(parsed))
    case .follow: return .follow(try followOptions(parsed))
    case .report: return .report(try reportOptions(parsed))
    case .explain:
      try rejectExtraArguments(parsed, after: 1, subcommand: .explain)
      return .explain(parsed.positionals.first)
    case .schema: return try schemaKind(parsed)
    case .completions: return .completions(try shell(parsed))
    case .help: return try helpTopic(parsed)
    }
  }

  /// `rtcstats -h`, `rtcstats --version`, or a word that is not a subcommand.
  private static func parseRoot(_ arguments: [String]) throws(UsageError) -> Invocation {
    let parsed = try ParsedArguments(arguments, spec: CommandTable.root, subcommand: nil)
    if let word = parsed.positionals.first {
      if parsed.flags.contains(.help), let topic = Subcommand(named: word) { return .help(topic) }
      throw unknownSubcommand(word)
    }
    if parsed.flags.contains(.version) && !parsed.flags.contains(.help) { return .version }
    return .help(nil)
  }

  private static func analyzeOptions(_ parsed: ParsedArguments) throws(UsageError) -> AnalyzeOptions {
    var options = AnalyzeOptions()
    options.inputs = try inputs(parsed, subcommand: .analyze)
    if let format = parsed.values[.format].flatMap(OutputFormat.init(rawValue:)) { options.format = format }
    options.jobs = try jobs(parsed, subcommand: .analyze)
    options.includeIntervals = !parsed.flags.contains(.noIntervals)
    options.timing = parsed.flags.contains(.timing)
    options.thresholdsPath = parsed.values[.thresholds]
    options.per = parsed.values[.per].flatMap(RowKind.init(rawValue:))
    if options.per != nil {
      if parsed.values[.format] == nil { options.format = .ndjson }
      guard options.format == .ndjson || options.format == .csv else {
        throw UsageError(
          message:
            "'--per' writes flat rows: use it with --format ndjson or csv, not \(options.format.rawValue)",
          subcommand: .analyze)
      }
    }
    options.failOn = parsed.values[.failOn].flatMap(FailLevel.init(rawValue:))
    options.isVerbose = parsed.flags.contains(.verbose)
    options.isWide = parsed.flags.contains(.wide)
    options.color = parsed.values[.color].flatMap(ColorMode.init(rawValue:)) ?? .auto
    options.showsSparklines = !parsed.flags.contains(.noSparklines)
    options.console = consoleOptions(parsed)
    return options
  }

  private static func schemaKind(_ parsed: ParsedArguments) throws(UsageError) -> Invocation {
    try rejectExtraArguments(parsed, after: 1, subcommand: .schema)
    guard let word = parsed.positionals.first else { return .schema(nil) }
    guard let kind = SchemaKind(rawValue: word) else {
      let names = SchemaKind.allCases.map(\.rawValue)
      let hint =
        Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" }
        ?? "; expected " + Suggestion.list(names)
      throw UsageError(message: "unknown document '\(word)'" + hint, subcommand: .schema)
    }
    return .schema(kind)
  }

  private static func inspectOptions(_ parsed: ParsedArguments) throws(UsageError) -> InspectOptions {
    var options = InspectOptions()
    options.inputs = try inputs(parsed, subcommand: .inspect)
    if let format = parsed.values[.format].flatMap(OutputFormat.init(rawValue:)) { options.format = format }
    options.jobs = try jobs(parsed, subcommand: .inspect)
    options.isVerbose = parsed.flags.contains(.verbose)
    options.console = consoleOptions(parsed)
    return options
  }

  private static func reportOptions(_ parsed: ParsedArguments) throws(UsageError) -> ReportOptions {
    let call = try callOptions(parsed, subcommand: .report)
    return ReportOptions(
      inputs: call.inputs, jobs: call.jobs, maximumClockOffset: call.maximumClockOffset,
      thresholdsPath: call.thresholdsPath, console: call.console)
  }

  private static func callOptions(_ parsed: ParsedArguments, subcommand: Subcommand = .call)
    throws(UsageError) -> CallOptions
  {
    var options = CallOptions()
    options.inputs = try inputs(parsed, subcommand: subcommand)
    if let format = parsed.values[.format].flatMap(OutputFormat.init(rawValue:)) { options.format = format }
    options.jobs = try jobs(parsed, subcommand: subcommand)
    if let value = parsed.values[.maxClockOffset] {
      guard let seconds = Double(value), seconds.isFinite, (0...86_400).contains(seconds) else {
        throw UsageError(
          message:
            "invalid value '\(value)' for '--max-clock-offset <seconds>'; expected a number of seconds from 0 to 86400",
          subcommand: subcommand)
      }
      options.maximumClockOffset = seconds
    }
    options.thresholdsPath = parsed.values[.thresholds]
    options.console = consoleOptions(parsed)
    return options
  }

  private static func followOptions(_ parsed: ParsedArguments) throws(UsageError) -> FollowOptions {
    var options = FollowOptions()
    guard let input = parsed.positionals.first else {
      throw UsageError(
        message: "missing input: give the log file to follow, or - for standard input", subcommand: .follow)
    }
    try rejectExtraArguments(parsed, after: 1, subcommand: .follow)
    options.input = input
    if let format = parsed.values[.format].flatMap(OutputFormat.init(rawValue:)) { options.format = format }
    if let value = parsed.values[.since] {
      guard let since = sinceTime(value) else {
        throw UsageError(
          message: "invalid value '\(value)' for '--since <time>'; expected ms since the epoch, an ISO 8601 "
            + "time, now, or a duration such as 30s, 5m, 2h",
          subcommand: .follow)
      }
      options.since = since
    }
    options.thresholdsPath = parsed.values[.thresholds]
    options.console = consoleOptions(parsed)
    return options
  }

  /// `1796049847657`, `2026-11-30T14:44:41Z`, `now`, `30s`, `5m`, `2h`.
  static func sinceTime(_ text: String) -> SinceTime? {
    if text == "now" { return .beforeStart(0) }
    if let milliseconds = Double(text), milliseconds.isFinite, milliseconds >= 0 {
      return .absolute(milliseconds)
    }
    if let milliseconds = ISO8601.milliseconds(text) { return .absolute(milliseconds) }
    let units: [Character: Double] = ["s": 1000, "m": 60_000, "h": 3_600_000]
    guard let unit = text.last.flatMap({ units[$0] }), let count = Double(text.dropLast()), count.isFinite,
      count >= 0
    else { return nil }
    return .beforeStart(count * unit)
  }

  private static func consoleOptions(_ parsed: ParsedArguments) -> ConsoleOptions {
    ConsoleOptions(outputPath: parsed.values[.output], isQuiet: parsed.flags.contains(.quiet))
  }

  /// The positional arguments as inputs: at least one, and `-` at most once (two readers
  /// would split standard input between them).
  private static func inputs(_ parsed: ParsedArguments, subcommand: Subcommand) throws(UsageError) -> [String]
  {
    guard !parsed.positionals.isEmpty else {
      throw UsageError(
        message: "missing input: give one or more dump files or folders, or - for standard input",
        subcommand: subcommand)
    }
    guard parsed.positionals.count(where: { $0 == "-" }) <= 1 else {
      throw UsageError(
        message: "standard input (-) can be read only once; it was given more than once",
        subcommand: subcommand)
    }
    return parsed.positionals
  }

  private static func jobs(_ parsed: ParsedArguments, subcommand: Subcommand) throws(UsageError) -> Int? {
    guard let value = parsed.values[.jobs] else { return nil }
    guard let jobs = Int(value), (1...1024).contains(jobs) else {
      throw UsageError(
        message: "invalid value '\(value)' for '--jobs <n>'; expected a whole number from 1 to 1024",
        subcommand: subcommand)
    }
    return jobs
  }

  private static func shell(_ parsed: ParsedArguments) throws(UsageError) -> Shell {
    let names = Shell.allCases.map(\.rawValue)
    guard let word = parsed.positionals.first else {
      throw UsageError(
        message: "missing argument <shell>: expected " + Suggestion.list(names), subcommand: .completions)
    }
    try rejectExtraArguments(parsed, after: 1, subcommand: .completions)
    guard let shell = Shell(rawValue: word) else {
      let hint =
        Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" }
        ?? "; expected " + Suggestion.list(names)
      throw UsageError(message: "unknown shell '\(word)'" + hint, subcommand: .completions)
    }
    return shell
  }

  private static func helpTopic(_ parsed: ParsedArguments) throws(UsageError) -> Invocation {
    try rejectExtraArguments(parsed, after: 1, subcommand: .help)
    if parsed.flags.contains(.man) { return .manPage }
    guard let word = parsed.positionals.first else { return .help(nil) }
    guard let topic = Subcommand(named: word) else { throw unknownSubcommand(word) }
    return .help(topic)
  }

  private static func rejectExtraArguments(
    _ parsed: ParsedArguments, after count: Int, subcommand: Subcommand
  ) throws(UsageError) {
    guard parsed.positionals.count > count else { return }
    throw UsageError(message: "unexpected argument '\(parsed.positionals[count])'", subcommand: subcommand)
  }

  private static func unknownSubcommand(_ word: String) -> UsageError {
    let names = Subcommand.allCases.flatMap { [$0.spec.name] + $0.spec.aliases }
    return UsageError(message: "unknown subcommand '\(word)'" + Suggestion.didYouMean(word, among: names))
  }
}
