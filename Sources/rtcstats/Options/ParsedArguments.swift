/// The arguments of one subcommand, checked against its option table but not yet turned
/// into its options: the values of the options given, the flags given, the positional
/// arguments.
///
/// `--name value`, `--name=value`, `-n value` and `-nvalue` are all accepted; `--` ends
/// the options; `-` is a positional argument (standard input). When an option is given
/// twice the last value wins. A value that is not among the option's allowed values, an
/// unknown option, a flag given a value and a value-taking option without one are usage
/// errors, with a "did you mean" suggestion when one is close.
struct ParsedArguments {
  var values: [OptionID: String] = [:]
  var flags: Set<OptionID> = []
  var positionals: [String] = []

  /// Walks `arguments` against `spec`'s options.
  ///
  /// - `subcommand`: Named in the errors, for their usage line.
  init(_ arguments: [String], spec: CommandSpec, subcommand: Subcommand?) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (option, inlineValue) = try Self.resolve(argument, spec: spec, subcommand: subcommand)
      guard option.takesValue else {
        if inlineValue != nil {
          throw UsageError(message: "'\(option.longFlag)' takes no value", subcommand: subcommand)
        }
        flags.insert(option.id)
        continue
      }
      var value = inlineValue
      if value == nil, index < arguments.count, Self.canBeValue(arguments[index]) {
        value = arguments[index]
        index += 1
      }
      guard let value else {
        throw UsageError(message: "missing value for '\(option.longSynopsis)'", subcommand: subcommand)
      }
      try Self.check(value, of: option, subcommand: subcommand)
      values[option.id] = value
    }
  }

  /// The option an argument names, and the value written into it (`--format=json`,
  /// `-fjson`), if any.
  private static func resolve(
    _ argument: String, spec: CommandSpec, subcommand: Subcommand?
  ) throws(UsageError) -> (OptionSpec, String?) {
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name = body.prefix { $0 != "=" }
      let value = body.count > name.count ? String(body.dropFirst(name.count + 1)) : nil
      if let option = spec.option(named: String(name)) { return (option, value) }
      throw unknownOption("--" + name, spec: spec, subcommand: subcommand)
    }
    let letters = argument.dropFirst()
    // `-format json` is a long option with one dash, not `-f ormat`.
    if letters.count > 1, spec.option(named: String(letters)) != nil {
      throw unknownOption(argument, spec: spec, subcommand: subcommand)
    }
    if let letter = letters.first, let option = spec.option(short: letter) {
      if letters.count == 1 { return (option, nil) }
      if option.takesValue { return (option, String(letters.dropFirst())) }
    }
    throw unknownOption(argument, spec: spec, subcommand: subcommand)
  }

  private static func unknownOption(_ flag: some StringProtocol, spec: CommandSpec, subcommand: Subcommand?)
    -> UsageError
  {
    let candidates = spec.visibleOptions.flatMap { [$0.longFlag] + ($0.shortFlag.map { [$0] } ?? []) }
    return UsageError(
      message: "unknown option '\(flag)'" + Suggestion.didYouMean(String(flag), among: candidates),
      subcommand: subcommand)
  }

  /// Whether the argument after a value-taking option is its value: anything but another
  /// option (`-` and negative numbers are values).
  private static func canBeValue(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument != "-" else { return true }
    return Int(argument) != nil
  }

  private static func check(_ value: String, of option: OptionSpec, subcommand: Subcommand?)
    throws(UsageError)
  {
    guard !option.allowedValues.isEmpty, !option.allowedValues.contains(value) else { return }
    let hint =
      Suggestion.closest(to: value, among: option.allowedValues).map { "; did you mean '\($0)'?" }
      ?? "; expected " + Suggestion.list(option.allowedValues)
    throw UsageError(
      message: "invalid value '\(value)' for '\(option.longSynopsis)'" + hint, subcommand: subcommand)
  }
}
