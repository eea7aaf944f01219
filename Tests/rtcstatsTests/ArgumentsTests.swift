import Testing

@testable import rtcstats

@Suite struct ArgumentsTests {
  private func analyze(_ arguments: [String]) throws -> AnalyzeOptions {
    let invocation = try Arguments.parse(["analyze"] + arguments)
    guard case .analyze(let options) = invocation else {
      Issue.record("expected analyze, got \(invocation)")
      return AnalyzeOptions()
    }
    return options
  }

  @Test func analyzeWithOptionsInEverySpelling() throws {
    let long = try analyze(["--format=json", "--jobs", "3", "a.json", "-", "--", "--odd"])
    #expect(long.format == .json)
    #expect(long.jobs == 3)
    #expect(long.inputs == ["a.json", "-", "--odd"])
    let short = try analyze(["-f", "csv", "-j2", "-o", "out.csv", "-q", "a.json"])
    #expect(short.format == .csv)
    #expect(short.jobs == 2)
    #expect(short.console == ConsoleOptions(outputPath: "out.csv", isQuiet: true))
    #expect(try analyze(["-fndjson", "--no-intervals", "--timing", "x"]).format == .ndjson)
    #expect(try analyze(["--no-intervals", "x"]).includeIntervals == false)
    #expect(try analyze(["--timing", "x"]).timing)
    // The last of a repeated option wins; `-o -` is standard output, a value, not an input.
    #expect(try analyze(["-f", "json", "--format", "table", "x"]).format == .table)
    #expect(try analyze(["-o", "-", "x"]).inputs == ["x"])
  }

  /// Every option of every table parses in its long form, and in its short form when it has
  /// one: nothing in a table is left unparsed.
  @Test(arguments: [Subcommand.analyze, .inspect])
  func everyTableOptionParses(_ subcommand: Subcommand) throws {
    for option in subcommand.spec.options where option.id != .help {
      let value = option.allowedValues.last ?? (option.id == .jobs ? "2" : "value")
      let spellings = [option.longFlag] + (option.shortFlag.map { [$0] } ?? [])
      for flag in spellings {
        let arguments = [subcommand.rawValue, flag] + (option.takesValue ? [value] : []) + ["in.json"]
        let invocation = try Arguments.parse(arguments)
        #expect(invocation != .help(subcommand), "\(arguments)")
      }
    }
  }

  @Test func helpVersionAndAliases() throws {
    #expect(try Arguments.parse([]) == .help(nil))
    #expect(try Arguments.parse(["--help"]) == .help(nil))
    #expect(try Arguments.parse(["-h"]) == .help(nil))
    #expect(try Arguments.parse(["--help", "inspect"]) == .help(.inspect))
    #expect(try Arguments.parse(["help", "analyze"]) == .help(.analyze))
    #expect(try Arguments.parse(["help", "analyse"]) == .help(.analyze))
    #expect(try Arguments.parse(["analyze", "-h"]) == .help(.analyze))
    #expect(try Arguments.parse(["analyse", "--bogus", "-f", "xml", "--help"]) == .help(.analyze))
    #expect(throws: UsageError.self) { try Arguments.parse(["analyze", "--bogus", "--", "--help"]) }
    #expect(try Arguments.parse(["completions", "--help"]) == .help(.completions))
    #expect(try Arguments.parse(["help", "--man"]) == .manPage)
    #expect(try Arguments.parse(["--version"]) == .version)
    #expect(try Arguments.parse(["-V"]) == .version)
    #expect(try Arguments.parse(["--"]) == .help(nil))
    guard case .analyze = try Arguments.parse(["analyse", "x"]) else {
      Issue.record("analyse is analyze")
      return
    }
  }

  @Test func completionsTakeOneShell() throws {
    #expect(try Arguments.parse(["completions", "bash"]) == .completions(.bash))
    #expect(try Arguments.parse(["completions", "fish"]) == .completions(.fish))
    #expect(throws: UsageError(message: "unknown shell 'zhs'; did you mean 'zsh'?", subcommand: .completions))
    {
      try Arguments.parse(["completions", "zhs"])
    }
    #expect(throws: UsageError(message: "unexpected argument 'zsh'", subcommand: .completions)) {
      try Arguments.parse(["completions", "bash", "zsh"])
    }
  }

  @Test func unknownNamesSuggestTheClosest() {
    #expect(
      throws: UsageError(message: "unknown option '--formt'; did you mean '--format'?", subcommand: .analyze)
    ) {
      try Arguments.parse(["analyze", "--formt", "json", "x"])
    }
    #expect(
      throws: UsageError(message: "unknown option '-format'; did you mean '--format'?", subcommand: .analyze)
    ) {
      try Arguments.parse(["analyze", "-format", "json", "x"])
    }
    #expect(throws: UsageError(message: "unknown option '-x'", subcommand: .inspect)) {
      try Arguments.parse(["inspect", "-x", "a"])
    }
    #expect(throws: UsageError(message: "unknown subcommand 'analyz'; did you mean 'analyze'?")) {
      try Arguments.parse(["analyz", "x"])
    }
    #expect(throws: UsageError(message: "unknown option '--versoin'; did you mean '--version'?")) {
      try Arguments.parse(["--versoin"])
    }
    // Options of another subcommand are unknown here.
    #expect(throws: UsageError(message: "unknown option '--timing'", subcommand: .inspect)) {
      try Arguments.parse(["inspect", "--timing", "x"])
    }
  }

  @Test func badValuesSuggestOrListTheAllowedOnes() {
    #expect(
      throws: UsageError(
        message: "invalid value 'jsn' for '--format <format>'; did you mean 'json'?", subcommand: .analyze)
    ) {
      try Arguments.parse(["analyze", "--format", "jsn", "x"])
    }
    #expect(
      throws: UsageError(
        message: "invalid value 'JSON' for '--format <format>'; did you mean 'json'?", subcommand: .analyze)
    ) {
      try Arguments.parse(["analyze", "-f", "JSON", "x"])
    }
    #expect(
      throws: UsageError(
        message: "invalid value 'csv' for '--format <format>'; expected table or json", subcommand: .inspect)
    ) {
      try Arguments.parse(["inspect", "-f", "csv", "x"])
    }
    #expect(
      throws: UsageError(
        message: "invalid value '0' for '--jobs <n>'; expected a whole number from 1 to 1024",
        subcommand: .analyze)
    ) {
      try Arguments.parse(["analyze", "--jobs", "0", "x"])
    }
    #expect(throws: UsageError(message: "missing value for '--jobs <n>'", subcommand: .analyze)) {
      try Arguments.parse(["analyze", "x", "--jobs"])
    }
    #expect(throws: UsageError(message: "missing value for '--output <file>'", subcommand: .analyze)) {
      try Arguments.parse(["analyze", "-o", "--quiet", "x"])
    }
    #expect(throws: UsageError(message: "'--timing' takes no value", subcommand: .analyze)) {
      try Arguments.parse(["analyze", "--timing=yes", "x"])
    }
  }

  /// Issue 10 item 14: two readers would split standard input between them.
  @Test func standardInputTwiceIsAUsageError() throws {
    let error = UsageError(
      message: "standard input (-) can be read only once; it was given more than once", subcommand: .analyze)
    #expect(throws: error) { try Arguments.parse(["analyze", "-", "-"]) }
    #expect(throws: error) { try Arguments.parse(["analyze", "-", "a.json", "--", "-"]) }
    #expect(try analyze(["-"]).inputs == ["-"])
  }

  @Test func missingInputIsAUsageError() {
    #expect(throws: UsageError.self) { try Arguments.parse(["analyze"]) }
    #expect(throws: UsageError.self) { try Arguments.parse(["inspect", "-q"]) }
  }

  @Test func editDistanceCountsTranspositionsOnce() {
    #expect(Suggestion.editDistance("zhs", "zsh") == 1)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.closest(to: "-x", among: ["-f", "-j"]) == nil)
    #expect(Suggestion.list(["table", "json", "csv"]) == "table, json or csv")
  }
}
