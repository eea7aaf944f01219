import Foundation
import Testing

@testable import rtcstats

/// The table fits the terminal: every line of every Sample's table is at most 80 columns by
/// default and with COLUMNS=80 (also as its own process); `--wide` keeps the full layout; colours only
/// when asked for or on a terminal.
@Suite struct NarrowTableTests {
  func longest(_ text: String) -> Int { text.split(separator: "\n").map(\.count).max() ?? 0 }

  @Test func everySampleFitsEightyColumns() {
    let run = CLIRun(["analyze", "-q", CLIRun.root + "/Samples"])
    #expect(!run.output.isEmpty)
    let long = run.output.split(separator: "\n").filter { $0.count > 80 }
    #expect(long.isEmpty, "\(long.prefix(3))")
  }

  @Test func columnsVariableWidensAndNarrows() throws {
    let dump = CLIRun.root + "/Samples/captures/simulcast/sender.jsonl"
    let wide = try BinaryRun(["analyze", dump], environment: ["COLUMNS": "200"])
    #expect(wide.output.contains("+HEADERS"))
    #expect(longest(wide.output) > 80)
    let narrow = try BinaryRun(["analyze", CLIRun.root + "/Samples"], environment: ["COLUMNS": "80"])
    #expect(longest(narrow.output) <= 80)
    let piped = try BinaryRun(["analyze", dump])
    #expect(longest(piped.output) <= 80)
    #expect(!piped.output.contains("+HEADERS"))
  }

  @Test func wideKeepsTheFullTable() {
    let run = CLIRun(["analyze", "--wide", CLIRun.root + "/Samples/captures/simulcast/sender.jsonl"])
    #expect(run.output.contains("SSRC        BITRATE    +HEADERS   PACKETS"))
  }

  @Test func coloursOnlyWhenAskedOrOnATerminal() throws {
    let dump = CLIRun.root + "/Samples/captures/loss5/receiver.jsonl"
    #expect(!CLIRun(["analyze", dump]).output.contains("\u{1B}["))
    let forced = CLIRun(["analyze", "--color=always", dump]).output
    #expect(forced.contains("\u{1B}[33mwarning\u{1B}[0m"))
    #expect(forced.contains("\u{1B}[1;31mcritical\u{1B}[0m"))
    #expect(!CLIRun(["analyze", "--color", "never", dump]).output.contains("\u{1B}["))
    #expect(TableLayout.usesColor(mode: .auto, isTerminal: true, noColor: nil))
    #expect(!TableLayout.usesColor(mode: .auto, isTerminal: true, noColor: "1"))
    #expect(!TableLayout.usesColor(mode: .auto, isTerminal: false, noColor: nil))
  }
}
