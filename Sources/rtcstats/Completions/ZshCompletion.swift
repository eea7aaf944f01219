/// The zsh completion script: a `#compdef rtcstats` function built on `_arguments`.
///
/// It works both from a folder of `$fpath` (as `_rtcstats`) and sourced
/// (`source <(rtcstats completions zsh)`, which registers it with `compdef`).
enum ZshCompletion {
  /// The whole script.
  static func script() -> String {
    var lines = [
      "#compdef rtcstats",
      Completions.header(.zsh),
      "",
      "_rtcstats() {",
      "  local -a subcommands",
      "  subcommands=(",
    ]
    for (_, spec) in Completions.commands {
      for name in Completions.names(of: spec) {
        lines.append("    " + quoted(escapedForDescribe(name) + ":" + escapedForDescribe(spec.abstract)))
      }
    }
    lines += [
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    _describe -t commands 'rtcstats subcommand' subcommands",
      "    _arguments -s \\",
    ]
    lines += CommandTable.root.visibleOptions.map { "      " + optionSpec($0) + " \\" }
    lines += [
      "      && return 0",
      "    return 0",
      "  fi",
      "  local subcommand=${words[2]}",
      "  shift words",
      "  (( CURRENT-- ))",
      "  case $subcommand in",
    ]
    for (_, spec) in Completions.commands {
      lines.append("    " + Completions.names(of: spec).joined(separator: "|") + ")")
      lines.append("      _arguments -s \\")
      lines += spec.visibleOptions.map { "        " + optionSpec($0) + " \\" }
      lines += spec.arguments.map { "        " + argumentSpec($0) + " \\" }
      lines.append("        && return 0")
      lines.append("      ;;")
    }
    lines += [
      "  esac",
      "  return 1",
      "}",
      "",
      "if [[ ${funcstack[1]} == _rtcstats ]]; then",
      "  _rtcstats \"$@\"",
      "else",
      "  compdef _rtcstats rtcstats",
      "fi",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One `_arguments` spec: `'(-f --format)'{-f+,--format=}'[help]:format:(table json)'`.
  private static func optionSpec(_ option: OptionSpec) -> String {
    let help = "[" + escapedForArguments(option.help) + "]"
    var action = ""
    if let valueName = option.valueName {
      let values =
        option.completesFiles
        ? "_files"
        : option.allowedValues.isEmpty ? " " : "(" + option.allowedValues.joined(separator: " ") + ")"
      action = ":" + escapedForArguments(valueName) + ":" + values
    }
    guard let short = option.shortFlag else {
      return quoted(option.longFlag + (option.takesValue ? "=" : "") + help + action)
    }
    let suffixShort = option.takesValue ? "+" : ""
    let suffixLong = option.takesValue ? "=" : ""
    return quoted("(\(short) \(option.longFlag))")
      + "{\(short)\(suffixShort),\(option.longFlag)\(suffixLong)}"
      + quoted(help + action)
  }

  /// `'*:input:_files'`, `':shell:(bash zsh fish)'`, `'::subcommand:(…)'`.
  private static func argumentSpec(_ argument: ArgumentSpec) -> String {
    let prefix = argument.isRepeating ? "*:" : argument.isOptional ? "::" : ":"
    let action = Completions.values(of: argument).map { "(" + $0.joined(separator: " ") + ")" } ?? "_files"
    return quoted(prefix + escapedForArguments(argument.name) + ":" + action)
  }

  /// Text for inside `[…]` or between colons of an `_arguments` spec.
  private static func escapedForArguments(_ text: String) -> String {
    var result = ""
    for character in text {
      if "[]:\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// Text for one `name:description` entry of `_describe`.
  private static func escapedForDescribe(_ text: String) -> String {
    text.replacing(":", with: "\\:")
  }

  /// Single-quoted for zsh.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
