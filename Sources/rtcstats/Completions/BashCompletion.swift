/// The bash completion script: one `_rtcstats` function registered with `complete -F`.
///
/// It finds the subcommand among the words before the cursor, then completes the value of
/// the option just typed (a closed set, file names for `-o`, nothing for `--jobs`), the
/// options when the word starts with `-`, and else the positional arguments.
enum BashCompletion {
  /// The whole script.
  static func script() -> String {
    let commands = Completions.commands
    let allNames = commands.flatMap { Completions.names(of: $0.spec) }
    let rootWords = flags(of: CommandTable.root) + allNames
    var lines = [
      Completions.header(.bash),
      "_rtcstats() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  local subcommand=\"\" i",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    case \"${COMP_WORDS[i]}\" in",
      "      \(allNames.joined(separator: "|"))) subcommand=\"${COMP_WORDS[i]}\"; break ;;",
      "    esac",
      "  done",
      "  COMPREPLY=()",
      "  case \"$subcommand\" in",
      "    \"\")",
      "      _rtcstats_words \(quoted(rootWords.joined(separator: " ")))",
      "      ;;",
    ]
    for (_, spec) in commands {
      lines.append("    " + Completions.names(of: spec).joined(separator: "|") + ")")
      lines += body(for: spec).map { "      " + $0 }
      lines.append("      ;;")
    }
    lines += [
      "  esac",
      "}",
      "",
      "# Completes the current word from a list of words.",
      "_rtcstats_words() {",
      "  COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))",
      "}",
      "",
      "# Completes the current word with file and folder names (one per line: names may hold spaces).",
      "_rtcstats_files() {",
      "  local IFS=$'\\n'",
      "  COMPREPLY=($(compgen -f -- \"$cur\"))",
      "}",
      "",
      "complete -o filenames -o bashdefault -F _rtcstats rtcstats",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The completion of one subcommand's words.
  private static func body(for spec: CommandSpec) -> [String] {
    var lines: [String] = []
    let valueOptions = spec.visibleOptions.filter(\.takesValue)
    if !valueOptions.isEmpty { lines.append("case \"$prev\" in") }
    for option in valueOptions {
      let names = ([option.shortFlag].compactMap { $0 } + [option.longFlag]).joined(separator: "|")
      let action =
        option.completesFiles
        ? "_rtcstats_files"
        : option.allowedValues.isEmpty
          ? ":" : "_rtcstats_words \(quoted(option.allowedValues.joined(separator: " ")))"
      lines.append("  \(names)) \(action); return ;;")
    }
    if !valueOptions.isEmpty { lines.append("esac") }
    lines.append("if [[ \"$cur\" == -* ]]; then")
    lines.append("  _rtcstats_words \(quoted(flags(of: spec).joined(separator: " ")))")
    lines.append("  return")
    lines.append("fi")
    if let argument = spec.arguments.first, let values = Completions.values(of: argument) {
      lines.append("_rtcstats_words \(quoted(values.joined(separator: " ")))")
    } else if !spec.arguments.isEmpty {
      lines.append("_rtcstats_files")
    }
    return lines
  }

  /// Every visible option of a spec, short forms first: `-f --format -h --help`.
  private static func flags(of spec: CommandSpec) -> [String] {
    spec.visibleOptions.flatMap { [$0.shortFlag].compactMap { $0 } + [$0.longFlag] }
  }

  /// `'words'`, for bash (no option name or value holds a quote; one would be escaped).
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
