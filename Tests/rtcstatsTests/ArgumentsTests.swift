import Testing

@testable import rtcstats

@Suite struct ArgumentsTests {
  @Test func analyzeWithOptionsInBothSpellings() throws {
    let invocation = try Arguments.parse([
      "analyze", "--format=json", "--jobs", "3", "a.json", "-", "--", "--odd",
    ])
    guard case .analyze(let options) = invocation else {
      Issue.record("expected analyze, got \(invocation)")
      return
    }
    #expect(options.format == .json)
    #expect(options.jobs == 3)
    #expect(options.inputs == ["a.json", "-", "--odd"])
  }

  @Test func helpAndVersion() throws {
    #expect(try Arguments.parse([]) == .help(nil))
    #expect(try Arguments.parse(["--help"]) == .help(nil))
    #expect(try Arguments.parse(["help", "analyze"]) == .help(.analyze))
    #expect(try Arguments.parse(["analyze", "-h"]) == .help(.analyze))
    #expect(try Arguments.parse(["--version"]) == .version)
  }

  @Test func unknownOptionSuggestsTheClosest() {
    #expect(
      throws: UsageError(message: "unknown option '--formt'; did you mean '--format'?", subcommand: .analyze)
    ) {
      try Arguments.parse(["analyze", "--formt", "json", "x"])
    }
    #expect(throws: UsageError(message: "unknown subcommand 'analyse'; did you mean 'analyze'?")) {
      try Arguments.parse(["analyse", "x"])
    }
  }

  @Test func badValuesAreUsageErrors() {
    #expect(throws: UsageError.self) { try Arguments.parse(["analyze", "--format", "xml", "x"]) }
    #expect(throws: UsageError.self) { try Arguments.parse(["analyze", "--jobs", "0", "x"]) }
    #expect(throws: UsageError.self) { try Arguments.parse(["analyze"]) }
    #expect(throws: UsageError.self) { try Arguments.parse(["analyze", "--jobs"]) }
  }
}
