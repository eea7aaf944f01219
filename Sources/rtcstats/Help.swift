/// Renders the help pages from ``CommandTable``, in swift-argument-parser's layout.
///
/// `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`, then the page's own sections (`EXIT
/// STATUS:`), `EXAMPLES:`, `SUBCOMMANDS:` and `See 'rtcstats help <subcommand>' for
/// detailed help.` Labels take 26 columns (longer ones get a line of their own, as
/// argument-parser does); text wraps to the width the console reports.
enum Help {
  /// The version `--version` prints.
  static let version = "0.1.0"

  /// The column where option and argument help starts.
  static let labelColumn = 26

  /// The help page of a subcommand, or of the command itself for `nil`.
  static func text(for subcommand: Subcommand?, width: Int = 80) -> String {
    let spec = CommandTable.spec(for: subcommand)
    var blocks: [[String]] = []
    var overview = TextWrapping.wrap(spec.abstract, width: width, indent: 0, firstLinePrefix: "OVERVIEW: ")
    if !spec.discussion.isEmpty {
      overview += [""] + TextWrapping.wrap(spec.discussion, width: width, indent: 0)
    }
    blocks.append(overview)
    blocks.append(usageLines(for: subcommand, width: width))
    if !spec.arguments.isEmpty {
      blocks.append(
        ["ARGUMENTS:"] + spec.arguments.flatMap { element($0.label, $0.help, width: width) })
    }
    blocks.append(
      ["OPTIONS:"] + spec.visibleOptions.flatMap { element($0.helpLabel, $0.helpWithDetails, width: width) })
    for section in spec.sections { blocks.append(lines(of: section, width: width)) }
    if !spec.examples.isEmpty {
      blocks.append(
        ["EXAMPLES:"]
          + spec.examples.flatMap { example in
            TextWrapping.wrap(example.explanation, width: width, indent: 4, firstLinePrefix: "  ")
              + ["    " + example.command]
          })
    }
    if subcommand == nil {
      let commands = Subcommand.allCases.map(\.spec)
      blocks.append(
        ["SUBCOMMANDS:"]
          + commands.flatMap {
            element(([$0.name] + $0.aliases).joined(separator: ", "), $0.abstract, width: width)
          }
          + [""]
          + TextWrapping.wrap(
            "See 'rtcstats help <subcommand>' for detailed help.", width: width, indent: 2,
            firstLinePrefix: "  "))
    }
    let text = blocks.map { $0.map(trimmingTrailingSpaces).joined(separator: "\n") }.joined(separator: "\n\n")
    return text + "\n"
  }

  /// The one-line usage of a subcommand, for usage errors:
  /// `rtcstats analyze [--format <format>] … <input> ...`.
  static func usage(for subcommand: Subcommand?) -> String {
    usageWords(for: subcommand).joined(separator: " ")
  }

  /// The words of the usage line: the command, each visible option but `--help` in
  /// brackets, then the arguments.
  static func usageWords(for subcommand: Subcommand?) -> [String] {
    let spec = CommandTable.spec(for: subcommand)
    guard let subcommand else { return ["rtcstats", "<subcommand>"] }
    let options = spec.visibleOptions.filter { $0.id != .help }.map { "[\($0.longSynopsis)]" }
    return ["rtcstats", subcommand.rawValue] + options + spec.arguments.map(\.synopsis)
  }

  /// `USAGE: …` wrapped, continuation lines aligned after the command name.
  private static func usageLines(for subcommand: Subcommand?, width: Int) -> [String] {
    let words = usageWords(for: subcommand)
    let head = "USAGE: " + words.prefix(2).joined(separator: " ") + " "
    let indent = head.count <= width / 2 ? head.count : 7
    // `<input> ...` and `[--format <format>]` must not break inside.
    let glued = words.dropFirst(2).map { $0.replacing(" ", with: "\u{a0}") }.joined(separator: " ")
    return TextWrapping.wrap(glued, width: width, indent: indent, firstLinePrefix: head)
      .map { $0.replacing("\u{a0}", with: " ") }
  }

  /// One element of ARGUMENTS, OPTIONS or SUBCOMMANDS: the label in the first 26 columns,
  /// the text wrapped after it.
  private static func element(_ label: String, _ text: String, width: Int) -> [String] {
    let padded = "  " + label
    guard padded.count < labelColumn else {
      return [padded]
        + TextWrapping.wrap(text, width: width, indent: labelColumn, firstLinePrefix: pad(labelColumn))
    }
    let prefix = padded + pad(labelColumn - padded.count)
    return TextWrapping.wrap(text, width: width, indent: labelColumn, firstLinePrefix: prefix)
  }

  /// A page's own section: short labels (exit statuses) in a narrow column.
  private static func lines(of section: HelpSection, width: Int) -> [String] {
    let column = 2 + (section.rows.map(\.label.count).max() ?? 0) + 2
    var lines = [section.title + ":"]
    for row in section.rows {
      let prefix = "  " + row.label + pad(column - 2 - row.label.count)
      lines += TextWrapping.wrap(row.text, width: width, indent: column, firstLinePrefix: prefix)
    }
    if !section.footer.isEmpty {
      lines += TextWrapping.wrap(section.footer, width: width, indent: 2, firstLinePrefix: "  ")
    }
    return lines
  }

  private static func pad(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = Substring(line)
    while line.last == " " { line = line.dropLast() }
    return String(line)
  }
}
