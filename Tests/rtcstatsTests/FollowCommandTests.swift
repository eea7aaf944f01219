import Foundation
import Testing

/// `rtcstats follow -f ndjson -` against `rtcstats analyze -f json` on the same capture: every
/// track's non-null `interval` members, in order, are exactly the track's `intervals`.
@Suite struct FollowCommandTests {
  static let captures = [
    "simulcast/sender.jsonl", "loss5/receiver.jsonl", "pause/receiver.jsonl", "audio-only/receiver.jsonl",
  ]

  @Test(arguments: captures)
  func ndjsonIntervalsAreTheAnalyzeTimeline(capture: String) throws {
    let path = "Samples/captures/" + capture
    let follow = try BinaryRun(["follow", "-f", "ndjson", "-"], standardInput: CLIRun.root + "/" + path)
    #expect(follow.status == 0)
    let analyze = try BinaryRun(["analyze", "-f", "json", path])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(analyze.output.utf8)) as? [String: Any])
    let connections = try #require(document["peerConnections"] as? [[String: Any]])
    var followed: [String: [NSDictionary]] = [:]
    let lines = follow.output.split(separator: "\n")
    #expect(
      lines.count
        == (try String(contentsOfFile: CLIRun.root + "/" + path, encoding: .utf8)).split(separator: "\n")
        .count)
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      for track in object["tracks"] as? [[String: Any]] ?? [] {
        guard let interval = track["interval"] as? NSDictionary else { continue }
        followed[Self.key(track, object["peerConnection"]), default: []].append(interval)
      }
    }
    var compared = 0
    for connection in connections {
      for track in connection["tracks"] as? [[String: Any]] ?? [] {
        let expected = (track["intervals"] as? [NSDictionary]) ?? []
        let got = followed[Self.key(track, connection["id"])] ?? []
        #expect(got == expected, "\(capture) \(Self.key(track, connection["id"]))")
        compared += expected.count
      }
    }
    #expect(compared > 20)
  }

  static func key(_ track: [String: Any], _ connection: Any?) -> String {
    [connection, track["direction"], track["kind"], track["trackIdentifier"], track["mid"]]
      .map { "\($0 ?? "-")" }.joined(separator: " ")
  }
}
