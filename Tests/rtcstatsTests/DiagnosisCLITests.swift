import Foundation
import RTCStatsCore
import Testing

@testable import rtcstats

/// The CLI side of the diagnosis: `explain` text from the descriptors, `--thresholds` files,
/// the table's findings section.
@Suite struct DiagnosisCLITests {
  @Test func explainListsEveryRule() {
    let text = ExplainText.list()
    for descriptor in RuleRegistry.descriptors {
      #expect(text.contains("  " + descriptor.code.rawValue + " "), "\(descriptor.code)")
    }
    #expect(text.contains("condition.videoLoss"))
  }

  @Test func explainOneRuleShowsFormulaThresholdsSourceAndGuards() throws {
    let text = try ExplainText.rule("highPacketLoss")
    #expect(text.hasPrefix("highPacketLoss (warning): sustained packet loss on a track"))
    for heading in ["FORMULA:", "INPUTS:", "MESSAGE:", "THRESHOLDS", "SOURCE:", "GUARDS"] {
      #expect(text.contains(heading), "\(heading)")
    }
    #expect(text.contains("  alertOn         3       raise when the figure is at or above this (%)"))
    #expect(text.contains("Vonage"))
    let overridden = try ThresholdTable.defaults.overriding([("highPacketLoss", [("alertOn", 7)])])
    #expect(try ExplainText.rule("highPacketLoss", thresholds: overridden).contains("  alertOn         7 "))
  }

  @Test func explainUnknownRuleSuggests() {
    #expect(throws: ExplainError(code: "higPacketLoss", suggestion: "highPacketLoss")) {
      try ExplainText.rule("higPacketLoss")
    }
    #expect(
      ExplainError(code: "x", suggestion: nil).description
        == "unknown rule \"x\"; `rtcstats explain` lists the rules")
  }

  @Test func thresholdsFileOverridesAndNamesUnknownKeys() throws {
    let table = try ThresholdsFile.parse(
      #"{"highPacketLoss": {"alertOn": 5, "minIntervals": 2}, "condition.videoLoss": {"warning": 4}}"#,
      path: "t.json")
    #expect(table["highPacketLoss"]?.alertOn == 5)
    #expect(table["condition.videoLoss"]?["warning"] == 4)
    let cases: [(String, String)] = [
      (
        #"{"highPacketLos": {"alertOn": 5}}"#,
        "t.json: unknown rule \"highPacketLos\" (did you mean \"highPacketLoss\"?); `rtcstats explain` lists them"
      ),
      (
        #"{"highPacketLoss": {"alertOnn": 5}}"#,
        "t.json: unknown threshold \"alertOnn\" for \"highPacketLoss\" (did you mean \"alertOn\"?)"
      ),
      (
        #"{"highPacketLoss": {"alertOn": "5"}}"#,
        "t.json: \"highPacketLoss.alertOn\" must be a number, found a string"
      ),
      (
        #"{"highPacketLoss": 5}"#,
        "t.json: \"highPacketLoss\" must be an object of thresholds, found a number"
      ),
      (#"[1]"#, "t.json: expected a JSON object keyed by rule code, found an array"),
    ]
    for (text, message) in cases {
      #expect(
        throws: ThresholdsFileError(path: "t.json", problem: String(message.dropFirst("t.json: ".count)))
      ) {
        try ThresholdsFile.parse(text, path: "t.json")
      }
    }
    #expect(throws: ThresholdsFileError.self) { try ThresholdsFile.parse("{", path: "t.json") }
    #expect(throws: ThresholdsFileError.self) { try ThresholdsFile.load(path: "/nonexistent/t.json") }
  }

  @Test func clockIsCallTime() {
    #expect(TableRenderer.clock(0) == "00:00")
    #expect(TableRenderer.clock(65_400) == "01:05")
    #expect(TableRenderer.clock(3_725_000) == "1:02:05")
    #expect(TableRenderer.clock(-5) == "00:00")
  }

}

/// README documents every rule (its table is generated from the descriptors).
@Suite struct DiagnosisReadmeTests {
  @Test func readmeListsEveryRuleWithItsSummary() throws {
    let readme = try String(contentsOfFile: CLIRun.root + "/README.md", encoding: .utf8)
    for descriptor in RuleRegistry.descriptors {
      #expect(
        readme.contains(
          "| `\(descriptor.code.rawValue)` | \(descriptor.code.defaultSeverity.rawValue) | \(descriptor.summary) |"
        ),
        "\(descriptor.code)")
    }
    for entry in ThresholdTable.defaults.entries where entry.key.hasPrefix("condition") {
      #expect(readme.contains("| `\(entry.key)` |"), "\(entry.key)")
    }
  }
}
