/// The fish completion script: one `complete` line per subcommand, option and argument.
enum FishCompletion {
  /// The whole script.
  static func script() -> String {
    let commands = Completions.commands
    var lines = [
      Completions.header(.fish),
      "complete -c rtcstats -f",
    ]
    let atRoot = "__fish_use_subcommand"
    for (_, spec) in commands {
      for name in Completions.names(of: spec) {
        lines.append("complete -c rtcstats -n \(atRoot) -a \(name) -d \(quoted(spec.abstract))")
      }
    }
    lines += CommandTable.root.visibleOptions.map { option(atRoot, $0) }
    for (_, spec) in commands {
      let condition = quoted(
        "__fish_seen_subcommand_from " + Completions.names(of: spec).joined(separator: " "))
      lines += spec.visibleOptions.map { option(condition, $0) }
      for argument in spec.arguments {
        if let values = Completions.values(of: argument) {
          lines.append(
            "complete -c rtcstats -n \(condition) -x -a \(quoted(values.joined(separator: " ")))"
              + " -d \(quoted(argument.help))")
        } else {
          lines.append("complete -c rtcstats -n \(condition) -F")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `complete -c rtcstats -n COND -s f -l format -x -a 'table json' -d 'help'`.
  private static func option(_ condition: String, _ option: OptionSpec) -> String {
    var line = "complete -c rtcstats -n \(condition)"
    if let short = option.shortName { line += " -s \(short)" }
    line += " -l \(option.name)"
    if option.completesFiles {
      line += " -r -F"
    } else if !option.allowedValues.isEmpty {
      line += " -x -a \(quoted(option.allowedValues.joined(separator: " ")))"
    } else if option.takesValue {
      line += " -x"
    }
    return line + " -d \(quoted(option.help))"
  }

  /// Single-quoted for fish, where `\` and `'` are escaped inside quotes.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
