import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsReport
@testable import ReportDemo

@Suite struct ReportPageTests {
  static let hostile = DemoNaming.hostileStrings

  /// The demo call with hostile names in every place a dump can put a string.
  static let hostilePage = HTMLReport.render(
    DemoCall(timeline: DemoTimeline(seconds: 180), names: .hostile).document())

  @Test func hostileStringsNeverReachThePageRaw() {
    let page = Self.hostilePage
    for string in Self.hostile {
      let isRaw = page.contains(string)
      #expect(!isRaw, "raw: \(string)")
    }
    // Markup-making fragments of them (their words, e.g. `onerror=`, may show as text).
    for fragment in [
      "<img", "<svg onload", "<a href=javascript", "</style><b", "\u{0}", "\u{1B}", "<!--", "]]>",
    ] {
      let isRaw = page.contains(fragment)
      #expect(!isRaw, "raw fragment: \(fragment)")
    }
    #expect(page.components(separatedBy: "<script").count == 2)
    #expect(page.components(separatedBy: "<style").count == 2)
  }

  @Test func theHostilePageIsWellFormedForAnIndependentChecker() {
    let checker = MarkupChecker(Self.hostilePage)
    #expect(checker.problems.isEmpty, "\(checker.problems.prefix(10))")
    #expect(checker.rawTexts.map(\.element) == ["style", "script"])
  }

  @Test func pythonsHTMLParserSeesTheHostileStringsAsTextAndNothingExecutable() throws {
    guard let result = try PythonHTMLCheck.run(Self.hostilePage) else { return }  // no python3
    #expect(result.problems.isEmpty, "\(result.problems.prefix(10))")
    #expect(result.scripts == 1 && result.styles == 1)
    // Shown as the reader would see them: escaped, not dropped (control characters → U+FFFD).
    for string in Self.hostile {
      let shown = String(
        string.unicodeScalars.map { scalar in
          scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "\u{FFFD}" : Character(scalar)
        })
      #expect(result.text.contains(shown), "not shown: \(shown)")
    }
  }

  @Test func everyDemoPageIsWellFormedAndLinksOnlyToItsOwnAnchors() throws {
    for (name, document) in DemoReports.all {
      let page = HTMLReport.render(document)
      let checker = MarkupChecker(page)
      #expect(checker.problems.isEmpty, "\(name): \(checker.problems.prefix(10))")
      if let result = try PythonHTMLCheck.run(page) {
        #expect(result.problems.isEmpty, "\(name): \(result.problems.prefix(10))")
      }
    }
  }

  @Test func aThirtyMinuteCallStaysUnderTwoMegabytes() {
    let bytes = HTMLReport.renderBytes(DemoReports.longCall)
    #expect(bytes.count <= 2_000_000)
  }

  @Test func aThirtyMinuteCallPolledTenTimesASecondIsThinnedToThePixelWidth() {
    // 18 000 points per series would be ~200 kB each unthinned.
    let start = 1_796_000_000_000.0
    let points = (0..<18_000).map { SeriesPoint(time: start + Double($0) * 100, value: Double($0 % 97)) }
    let chart = ChartModel(
      id: AnchorID("c"), title: "c", unit: .bitsPerSecond,
      series: [
        SeriesModel(label: "a", points: points), SeriesModel(label: "b", isDashed: true, points: points),
      ])
    let section = ReportSection(id: AnchorID("s"), kind: .track, title: "s", charts: [chart])
    let bytes = HTMLReport.renderBytes(ReportDocument(title: "t", generator: "g", sections: [section]))
    #expect(bytes.count < 80_000)
  }

  @Test func findingsAreListedWorstFirstAndLinkToTheirEvidence() throws {
    let page = HTMLReport.render(DemoCall(timeline: DemoTimeline(seconds: 180), names: .ordinary).document())
    let afterList = try #require(page.components(separatedBy: "<ol class=\"findings\">").dropFirst().first)
    let list = try #require(afterList.components(separatedBy: "</ol>").first)
    let badges = list.components(separatedBy: "<span class=\"badge sev-").dropFirst().map {
      $0.prefix { $0 != "\"" }
    }
    #expect(badges == ["critical", "warning", "warning", "info", "info"])
    #expect(list.contains("<a class=\"message\" href=\"#chart-pc-0-"))
    #expect(MarkupChecker(page).problems.isEmpty)
  }

  @Test func aFindingFromACoreDiagnosticKeepsItsFacts() {
    let track = TrackID(
      peerConnection: "PC_0", direction: .inbound, kind: .video, group: .trackIdentifier("t"))
    let code = DiagnosticCode("highPacketLoss", template: "packet loss {lossPercent}%", severity: .critical)
    let diagnostic = Diagnostic(
      code, track: track, start: 1000, end: 5000,
      evidence: [
        "lossPercent": .number(6.25), "intervals": .integer(4), "reason": .text("<b>"), "burst": .bool(true),
      ])
    let finding = FindingItem(diagnostic, id: AnchorID("f"), message: "packet loss 6.25%")
    #expect(finding.severity == .critical && finding.start == 1000 && finding.end == 5000)
    #expect(finding.location == "PC_0 inbound video")
    #expect(finding.evidence.map(\.value) == ["6.25", "4", "<b>", "yes"])
    #expect(finding.marker?.target == AnchorID("f"))
  }

  @Test func sectionsShareOneTimeAxisDownToTheirTracks() throws {
    // The peer connection spans 0–60 s; its track only 20–40 s, yet draws on 0–60 s.
    let start = 1_796_000_000_000.0
    func chart(_ id: String, from: Double, to: Double) -> ChartModel {
      let points = stride(from: from, through: to, by: 1).map {
        SeriesPoint(time: start + $0 * 1000, value: 1)
      }
      return ChartModel(
        id: AnchorID(id), title: id, unit: .count, series: [SeriesModel(label: id, points: points)])
    }
    let track = ReportSection(
      id: AnchorID("t"), kind: .track, title: "t", charts: [chart("b", from: 20, to: 40)])
    let pc = ReportSection(
      id: AnchorID("p"), kind: .peerConnection, title: "p", charts: [chart("a", from: 0, to: 60)],
      children: [track])
    let page = HTMLReport.render(ReportDocument(title: "t", generator: "g", sections: [pc]))
    let durations = page.components(separatedBy: "data-duration=\"").dropFirst().map {
      $0.prefix { $0 != "\"" }
    }
    #expect(durations == ["60000", "60000"])
  }
}
