import Foundation
import Testing

@testable import rtcstats

/// `rtcstats report` and `analyze --format html`: the page's summary tables against the
/// table view, dump strings escaped end to end, failed inputs named.
@Suite struct ReportCommandTests {
  static let samples = [
    "Samples/captures/simulcast/sender.jsonl", "Samples/captures/freeze/receiver.jsonl",
    "Samples/captures/svc/sender.jsonl", "Samples/captures/audio-only/receiver.jsonl",
    "Samples/corpus/jitsi-chrome117-vp9svc-relay-freezes.jsonl",
  ]

  /// Every track and layer row of the table view, read from its text (cells are separated by
  /// two or more spaces; empty cells dropped), against the page's `Tracks` tables.
  @Test(arguments: samples)
  func summaryTablesShowTheFiguresOfTheTableView(_ sample: String) throws {
    let path = CLIRun.root + "/" + sample
    let table = CLIRun(["analyze", "--wide", path])
    let page = CLIRun(["report", path])
    #expect(table.status == .success && page.status == .success)
    let textRows = Self.textTableRows(table.output)
    let pageRows = Self.pageTableRows(page.output)
    #expect(!textRows.isEmpty)
    #expect(pageRows == textRows)
  }

  @Test func analyzeFormatHTMLWritesTheReportPage() {
    let path = CLIRun.root + "/Samples/captures/pause/receiver.jsonl"
    let analyzed = CLIRun(["analyze", "--format", "html", path])
    let reported = CLIRun(["report", path])
    #expect(analyzed.status == .success)
    #expect(analyzed.output.hasPrefix("<!DOCTYPE html>"))
    #expect(analyzed.output == reported.output)
  }

  /// `report --thresholds FILE` grades as `analyze --thresholds FILE` does: the page is the
  /// one `analyze --format html` writes with the same file, and differs from the default page
  /// where the file changes the grade (loss5's receiver: warning by default, excellent when
  /// the loss ladders start at 50 %, as `analyze -f json` says independently).
  @Test func reportThresholdsGradeAsAnalyzeDoes() throws {
    let path = CLIRun.root + "/Samples/captures/loss5/receiver.jsonl"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-thresholds.json")
    let ladder = #"{"good": 50, "fair": 60, "warning": 70, "critical": 80}"#
    try Data(#"{"condition.videoLoss": \#(ladder), "condition.audioLoss": \#(ladder)}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    func grades(_ extra: [String]) throws -> [String] {
      let run = CLIRun(["analyze", "-f", "json", "--no-intervals"] + extra + [path])
      let document = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
      return (document["peerConnections"] as? [[String: Any]] ?? []).compactMap {
        ($0["networkCondition"] as? [String: Any])?["grade"] as? String
      }
    }
    #expect(try grades([]) == ["warning"])
    #expect(try grades(["--thresholds", file.path]) == ["excellent"])
    let tuned = CLIRun(["report", "--thresholds", file.path, path])
    #expect(tuned.status == .success)
    #expect(tuned.output == CLIRun(["analyze", "--format", "html", "--thresholds", file.path, path]).output)
    #expect(tuned.output != CLIRun(["report", path]).output)
    #expect(tuned.output.contains("receive excellent"))
    let broken = CLIRun(["report", "--thresholds", CLIRun.root + "/README.md", path])
    #expect(broken.status.rawValue == 64)
    #expect(broken.output.isEmpty)
    #expect(broken.error.hasPrefix("rtcstats: \(CLIRun.root)/README.md: not valid JSON"))
    #expect(broken.error.split(separator: "\n").count == 1)
  }

  @Test func anInputThatIsNotADumpIsNamedOnThePageAndInTheStatus() throws {
    let good = CLIRun.root + "/Samples/captures/pause/receiver.jsonl"
    let bad = CLIRun.root + "/Samples/captures/pause/truth.json"
    let run = CLIRun(["report", good, bad])
    // Not a dump: skipped as in analyze (exit 0, no stderr line in a batch), still on the page.
    #expect(run.status == .success)
    #expect(!run.error.contains("truth.json"))
    #expect(run.output.contains("could not be read"))
    // The failed input sorts first (worst), the dump after it.
    let failed = try #require(run.output.range(of: "truth.json</h2>"))
    let read = try #require(run.output.range(of: "receiver.jsonl</h2>"))
    #expect(failed.lowerBound < read.lowerBound)
  }

  @Test func theDumpsOfOneCallAreLinkedPublisherToSubscriber() {
    let folder = CLIRun.root + "/Samples/captures/sfu-uplink-loss/"
    let run = CLIRun(["report", folder])
    let call = CLIRun(["call", folder])
    #expect(run.status == .success)
    // As many link sections as the call view has links (one table row each after the header).
    let links = call.output.split(separator: "\n").filter { $0.contains(" PC_0 ") && $0.contains("jsonl") }
    #expect(!links.isEmpty)
    #expect(
      run.output.components(separatedBy: "<section class=\"report-section kind-other\" id=\"call-link-").count
        - 1 == links.count)
    #expect(run.output.contains("publisher-uplink"))
  }

  @Test func sparklinesAreDrawnOnlyWhenAsked() throws {
    let path = CLIRun.root + "/Samples/captures/simulcast/sender.jsonl"
    let (file, _) = FileAnalyzer.analyze(path: path, keepsTimeline: true)
    let plain = TableRenderer().render(file)
    let drawn = TableRenderer(sparklines: true).render(file)
    #expect(!plain.contains("▁") && !plain.contains("█"))
    let line = try #require(
      drawn.split(separator: "\n").first { $0.contains("bitrate ") && $0.contains("fps ") })
    // 24 blocks each, and the top block somewhere: the highest mean reaches █.
    let bitrate = line.split(separator: " ").first {
      $0.unicodeScalars.allSatisfy { (0x2581...0x2588).contains($0.value) }
    }
    #expect(bitrate?.count == 24)
    #expect(line.contains("█"))
  }

  // MARK: - Reading the two outputs

  static func textTableRows(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  DIR  KIND") {
        inTable = true
        continue
      }
      if line.isEmpty || !line.hasPrefix("  ") { inTable = false }
      guard inTable else { continue }
      rows.append(
        line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
          !$0.isEmpty
        })
    }
    return rows
  }

  static func pageTableRows(_ html: String) -> [[String]] {
    var rows: [[String]] = []
    for table in html.components(separatedBy: "<caption>Tracks (means over the call)</caption>").dropFirst() {
      let body = table.components(separatedBy: "</tbody>")[0]
      for row in body.components(separatedBy: "<tr").dropFirst() {
        let cells = row.components(separatedBy: "<td").dropFirst().map { cell -> String in
          let inner = cell.drop { $0 != ">" }.dropFirst()
          let text = String(inner.prefix { $0 != "<" || true }).components(separatedBy: "</td>")[0]
          return unescape(stripTags(text))
        }
        let filled = cells.filter { !$0.isEmpty }
        if !filled.isEmpty { rows.append(filled) }
      }
    }
    return rows
  }

  static func stripTags(_ text: String) -> String {
    var result = ""
    var inTag = false
    for character in text {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        result.append(character)
      }
    }
    return result.trimmingCharacters(in: .whitespaces)
  }

  static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
