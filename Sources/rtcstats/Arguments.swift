/// Parses command-line arguments into an ``Invocation``. Never prints or exits.
///
/// `--name value` and `--name=value` are both accepted; `--` ends the options; `-` is
/// standard input. Unknown options get a "did you mean" suggestion.
enum Arguments {
  /// One option of a subcommand: its name, value placeholder (nil for flags) and help.
  struct OptionSpec {
    var name: String
    var valueName: String?
    var help: String
    var isHidden = false
  }

  static let analyzeOptions: [OptionSpec] = [
    OptionSpec(
      name: "format", valueName: "format",
      help: "Output format: table, json, ndjson or csv. (default: table)"),
    OptionSpec(
      name: "jobs", valueName: "n",
      help: "Files analysed in parallel. (default: one per CPU core)"),
    OptionSpec(
      name: "no-intervals", valueName: nil,
      help: "Leave the per-interval series out of JSON output."),
    OptionSpec(
      name: "timing", valueName: nil,
      help: "Print the time spent reading, parsing, computing and writing to standard error."),
  ]

  static let inspectOptions: [OptionSpec] = [
    OptionSpec(
      name: "format", valueName: "format", help: "Output format: table or json. (default: table)")
  ]

  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let first = arguments.first else { return .help(nil) }
    switch first {
    case "-h", "--help": return .help(nil)
    case "--version", "-V": return .version
    case "help":
      guard arguments.count > 1 else { return .help(nil) }
      guard let topic = Subcommand(rawValue: arguments[1]) else {
        throw UsageError(
          message: "unknown subcommand '\(arguments[1])'"
            + suggestion(for: arguments[1], among: Subcommand.allCases.map(\.rawValue)))
      }
      return .help(topic)
    case "analyze":
      return try parseAnalyze(Array(arguments.dropFirst()))
    case "inspect":
      return try parseInspect(Array(arguments.dropFirst()))
    default:
      if first.hasPrefix("-") {
        throw UsageError(
          message: "unknown option '\(first)'" + suggestion(for: first, among: ["--help", "--version"]))
      }
      throw UsageError(
        message: "unknown subcommand '\(first)'"
          + suggestion(for: first, among: Subcommand.allCases.map(\.rawValue)))
    }
  }

  private static func parseAnalyze(_ arguments: [String]) throws(UsageError) -> Invocation {
    var options = AnalyzeOptions()
    var wantsHelp = false
    try walk(arguments, specs: analyzeOptions, subcommand: .analyze) { (name, value) throws(UsageError) in
      switch name {
      case "help": wantsHelp = true
      case "format":
        guard let format = OutputFormat(rawValue: value ?? "") else {
          throw UsageError(
            message: "invalid format '\(value ?? "")'; expected table, json, ndjson or csv",
            subcommand: .analyze)
        }
        options.format = format
      case "jobs":
        guard let jobs = Int(value ?? ""), jobs >= 1, jobs <= 1024 else {
          throw UsageError(message: "--jobs needs a whole number from 1 to 1024", subcommand: .analyze)
        }
        options.jobs = jobs
      case "no-intervals": options.includeIntervals = false
      case "timing": options.timing = true
      default: options.inputs.append(value ?? name)
      }
    }
    if wantsHelp { return .help(.analyze) }
    guard !options.inputs.isEmpty else {
      throw UsageError(
        message: "missing input: give one or more dump files or folders, or - for standard input",
        subcommand: .analyze)
    }
    return .analyze(options)
  }

  private static func parseInspect(_ arguments: [String]) throws(UsageError) -> Invocation {
    var options = InspectOptions()
    var wantsHelp = false
    try walk(arguments, specs: inspectOptions, subcommand: .inspect) { (name, value) throws(UsageError) in
      switch name {
      case "help": wantsHelp = true
      case "format":
        guard let format = OutputFormat(rawValue: value ?? ""), format == .table || format == .json
        else {
          throw UsageError(
            message: "invalid format '\(value ?? "")'; expected table or json", subcommand: .inspect)
        }
        options.format = format
      default: options.inputs.append(value ?? name)
      }
    }
    if wantsHelp { return .help(.inspect) }
    guard !options.inputs.isEmpty else {
      throw UsageError(
        message: "missing input: give one or more dump files or folders, or - for standard input",
        subcommand: .inspect)
    }
    return .inspect(options)
  }

  /// Walks the arguments, calling `handle(name, value)` for each option and
  /// `handle("", path)` for each positional argument.
  private static func walk(
    _ arguments: [String], specs: [OptionSpec], subcommand: Subcommand,
    _ handle: (String, String?) throws(UsageError) -> Void
  ) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        try handle("", argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        try handle("help", nil)
        continue
      }
      guard argument.hasPrefix("--") else {
        throw UsageError(message: "unknown option '\(argument)'", subcommand: subcommand)
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let spec = specs.first(where: { $0.name == name }) else {
        throw UsageError(
          message: "unknown option '--\(name)'"
            + suggestion(for: "--" + name, among: specs.map { "--" + $0.name }),
          subcommand: subcommand)
      }
      if spec.valueName == nil {
        if inlineValue != nil {
          throw UsageError(message: "--\(name) takes no value", subcommand: subcommand)
        }
        try handle(name, nil)
        continue
      }
      if let inlineValue {
        try handle(name, inlineValue)
      } else if index < arguments.count {
        try handle(name, arguments[index])
        index += 1
      } else {
        throw UsageError(
          message: "--\(name) needs a value <\(spec.valueName ?? "value")>", subcommand: subcommand)
      }
    }
  }

  /// `"; did you mean '--format'?"` when a candidate is close to `word`, else empty.
  static func suggestion(for word: String, among candidates: [String]) -> String {
    let best = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(2, word.count / 3) else { return "" }
    return "; did you mean '\(best.0)'?"
  }

  /// Levenshtein distance.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
