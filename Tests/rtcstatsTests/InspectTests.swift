import Foundation
import Testing

@testable import rtcstats

/// `inspect` describes every dump it recognises, stats or not: the user agent, the
/// getUserMedia calls and the peer connections known from their events (issue 10, item 16).
@Suite struct InspectTests {
  static let fixtures = CLIRun.root + "/Tests/rtcstatsTests/Fixtures/inspect"
  static let shared = URL(fileURLWithPath: CLIRun.root).deletingLastPathComponent().appendingPathComponent(
    "shared"
  ).path

  /// A legacy rtcstats dump of a call that failed before any getStats: before, inspect
  /// showed only "0 reports" and a warning.
  @Test func aDumpWithEventsOnlyShowsItsCallsAndConnections() {
    let run = CLIRun(["inspect", Self.fixtures + "/events-without-stats.jsonl"])
    #expect(run.status == .success)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("  browser:   Mozilla/5.0 Test"))
    #expect(lines.contains("  events:    6"))
    #expect(
      lines.contains("  getUserMedia: 1 call, 0 successes, 1 failure (NotAllowedError: Permission denied)"))
    #expect(lines.contains("  peer connection PC_0: no stats, 4 events, last state failed"))
  }

  /// Issue 10, item 7: `performance.now()`-style timestamps (12345.6 ms…) were printed by
  /// `inspect` as a 1970 date beside its own warning; like `analyze`, the date is unknown and
  /// the duration still right (11 polls 1 s apart).
  @Test func relativeTimestampsHaveNoDate() {
    let run = CLIRun(["inspect", Self.fixtures + "/relative-timestamps.jsonl"])
    #expect(run.status == .success)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("  peer connection PC_0: date unknown, 10.00 s, 11 reports") })
    #expect(!run.output.contains("1970"))
  }

  @Test func theJSONHasTheEventsToo() throws {
    let run = CLIRun(["inspect", "-f", "json", Self.fixtures + "/events-without-stats.jsonl"])
    let document = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(document["eventCount"] as? Int == 6)
    let requests = try #require(document["getUserMedia"] as? [String: Any])
    #expect(requests["calls"] as? Int == 1 && requests["failures"] as? Int == 1)
    let connections = try #require(document["peerConnections"] as? [[String: Any]])
    #expect(connections.map { $0["id"] as? String } == ["PC_0"])
    #expect(connections.first?["connectionState"] as? String == "failed")
    #expect(connections.first?["reportCount"] as? Int == 0)
  }

  /// A webrtc-internals dump saved after the page closed its connections: `analyze` refuses
  /// it (exit 65), `inspect` describes it (before: exit 65 as well).
  @Test func aDumpWithoutStatsOrEventsIsDescribed() {
    let path = Self.fixtures + "/internals-closed-page.json"
    let run = CLIRun(["inspect", path])
    #expect(run.status == .success)
    #expect(run.error.isEmpty)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("  browser:   Mozilla/5.0 Test"))
    #expect(lines.contains { $0.hasPrefix("  warning:   no peer connections in this webrtc-internals dump") })
    #expect(CLIRun(["analyze", path]).status == .dataError)
  }

  /// The getUserMedia-only dumps of the public corpus: their calls, counted from the raw
  /// files (one call and one success each).
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: InspectTests.shared)),
    arguments: ["internals-chrome142-gumonly.json.gz", "rtcstats-v3-chrome140-gumonly.jsonl"])
  func getUserMediaOnlyDumpsShowTheirCalls(file: String) {
    let run = CLIRun(["inspect", Self.shared + "/corpus/public/" + file])
    #expect(run.status == .success)
    #expect(run.output.contains("\n  getUserMedia: 1 call, 1 success, 0 failures\n"), "\(run.output)")
  }
}
