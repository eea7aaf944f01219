import Testing

@testable import rtcstats

/// `analyze` leaves the analysis of a run's only file for the process's exit to free, and
/// only then: a test's console (or a run of several files) releases every analysis.
@Suite struct KeptUntilExitTests {
  private func sample(_ path: String) -> String { CLIRun.root + "/Samples/" + path }

  @Test func onlyTheOnlyFileOfTheProcessConsoleIsKept() {
    let one = sample("captures/basic/sender.jsonl")
    let other = sample("captures/simulcast/sender.jsonl")
    let before = AnalyzeCommand.keptUntilExitCount
    let released = CLI.run(["analyze", "--format", "json", one], console: .capturing())
    #expect(released == .success)
    #expect(AnalyzeCommand.keptUntilExitCount == before)
    let several = CLI.run(
      ["analyze", "--format", "json", one, other], console: .capturing(endsWithProcess: true))
    #expect(several == .success)
    #expect(AnalyzeCommand.keptUntilExitCount == before)
    let kept = CLI.run(["analyze", "--format", "json", one], console: .capturing(endsWithProcess: true))
    #expect(kept == .success)
    #expect(AnalyzeCommand.keptUntilExitCount == before + 1)
  }
}
