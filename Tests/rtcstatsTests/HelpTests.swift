import Testing

@testable import rtcstats

/// The help pages come from the option tables, in swift-argument-parser's layout, wrapped to
/// the width asked for.
@Suite struct HelpTests {
  static let topics: [Subcommand?] = [nil] + Subcommand.allCases.map(Optional.some)

  @Test(arguments: topics)
  func everyVisibleOptionIsDocumented(_ topic: Subcommand?) {
    let spec = CommandTable.spec(for: topic)
    let text = Help.text(for: topic)
    for option in spec.options {
      let label = "  " + option.helpLabel
      #expect(text.contains(label) != option.isHidden, "\(option.longFlag)")
      for value in option.allowedValues { #expect(text.contains(value)) }
    }
    for argument in spec.arguments { #expect(text.contains("  " + argument.label)) }
  }

  @Test(arguments: topics)
  func layoutFollowsArgumentParser(_ topic: Subcommand?) {
    let text = Help.text(for: topic)
    #expect(text.hasPrefix("OVERVIEW: "))
    #expect(text.contains("\n\nUSAGE: rtcstats "))
    #expect(text.contains("\n\nOPTIONS:\n"))
    #expect(text.contains("\n\nEXAMPLES:\n"))
    #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
    #expect(text.contains("\n  -h, --help              Show help information.\n"))
    let sections = [
      "OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "EXIT STATUS:", "EXAMPLES:", "SUBCOMMANDS:",
    ]
    let positions = sections.compactMap { text.range(of: $0)?.lowerBound }
    #expect(positions == positions.sorted(), "sections in argument-parser's order")
  }

  @Test func rootListsSubcommandsWithAliasesAndTheHelpLine() {
    let text = Help.text(for: nil)
    #expect(text.contains("\n  analyze, analyse        Analyse dumps: "))
    for subcommand in Subcommand.allCases { #expect(text.contains("\n  " + subcommand.rawValue)) }
    #expect(text.hasSuffix("\n\n  See 'rtcstats help <subcommand>' for detailed help.\n"))
  }

  /// Every line fits the width, except example command lines, which are kept whole so that
  /// they can be copied.
  @Test(arguments: [40, 60, 80, 132])
  func linesFitTheWidth(_ width: Int) {
    for topic in Self.topics {
      let commands = Set(CommandTable.spec(for: topic).examples.map { "    " + $0.command })
      for line in Help.text(for: topic, width: width).split(separator: "\n")
      where !commands.contains(String(line)) {
        #expect(line.count <= width, "\(topic?.rawValue ?? "rtcstats") at \(width): \(line)")
        #expect(!line.hasSuffix(" "))
      }
    }
  }

  @Test func wrappedTextKeepsEveryWord() {
    let spec = CommandTable.analyze
    let narrow = Help.text(for: .analyze, width: 40).split(whereSeparator: \.isWhitespace)
    let wide = Help.text(for: .analyze, width: 200).split(whereSeparator: \.isWhitespace)
    #expect(narrow == wide)
    #expect(Help.text(for: .analyze, width: 1000).contains(spec.discussion))
  }

  /// README's Usage section quotes the help verbatim; this keeps it in sync.
  @Test func readmeQuotesTheCurrentHelp() throws {
    let readme = try String(contentsOfFile: CLIRun.root + "/README.md", encoding: .utf8)
    #expect(readme.contains("```\n$ rtcstats --help\n" + Help.text(for: nil) + "```\n"))
    #expect(readme.contains("```\n$ rtcstats analyze --help\n" + Help.text(for: .analyze) + "```\n"))
  }

  @Test func usageLineComesFromTheTable() {
    #expect(
      Help.usage(for: .analyze)
        == "rtcstats analyze [--format <format>] [--per <row>] [--fail-on <grade>] [--jobs <n>] "
        + "[--output <file>] [--quiet] [--verbose] [--wide] [--color <when>] [--no-intervals] "
        + "[--thresholds <file>] [--timing] [--no-sparklines] <input> ...")
    #expect(Help.usage(for: .completions) == "rtcstats completions <shell>")
    #expect(Help.usage(for: .help) == "rtcstats help [--man] [<subcommand>]")
    #expect(Help.usage(for: nil) == "rtcstats <subcommand>")
  }

  @Test func widthFollowsColumnsThenTheTerminalCappedWhenPiped() {
    #expect(Console.width(columnsVariable: nil, isTerminal: false, terminalColumns: nil) == 80)
    #expect(Console.width(columnsVariable: "120", isTerminal: false, terminalColumns: nil) == 80)
    #expect(Console.width(columnsVariable: "60", isTerminal: false, terminalColumns: nil) == 60)
    #expect(Console.width(columnsVariable: "120", isTerminal: true, terminalColumns: 100) == 120)
    #expect(Console.width(columnsVariable: nil, isTerminal: true, terminalColumns: 100) == 100)
    #expect(Console.width(columnsVariable: "wide", isTerminal: true, terminalColumns: nil) == 80)
    #expect(Console.width(columnsVariable: "10", isTerminal: true, terminalColumns: nil) == 40)
  }

  @Test func helpAndVersionGoToStandardOutput() {
    let run = CLIRun(["--help"])
    #expect(run.status == .success)
    #expect(run.error.isEmpty)
    #expect(run.output == Help.text(for: nil))
    #expect(CLIRun(["help", "analyze"]).output == Help.text(for: .analyze))
    #expect(CLIRun(["analyse", "-h"]).output == Help.text(for: .analyze))
    #expect(CLIRun(["--version"]).output == Help.version + "\n")
  }

  @Test func usageErrorsGoToStandardErrorWithTheUsageLine() {
    let run = CLIRun(["analyze", "--bogus", "x"])
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(
      run.error == "Error: unknown option '--bogus'\nUsage: \(Help.usage(for: .analyze))\n"
        + "  See 'rtcstats analyze --help' for more information.\n")
  }
}
