import Foundation
import Testing

@testable import rtcstats

@Suite struct CLITests {
  private func sample(_ path: String) -> String { CLIRun.root + "/Samples/" + path }

  @Test func helpGoesToStandardOutput() {
    let run = CLIRun(["--help"])
    #expect(run.status == .success)
    #expect(run.output.hasPrefix("OVERVIEW: Turn WebRTC getStats dumps"))
    #expect(run.output.contains("See 'rtcstats help <subcommand>' for detailed help."))
    #expect(CLIRun(["help", "analyze"]).output.contains("EXIT STATUS:"))
    #expect(CLIRun(["--version"]).output == Help.version + "\n")
  }

  @Test func usageErrorExits64WithTheUsageLine() {
    let run = CLIRun(["analyze", "--bogus", "x"])
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix("Error: unknown option '--bogus'\nUsage: rtcstats analyze"))
  }

  @Test func missingFileExits66() {
    let run = CLIRun(["analyze", "/nonexistent/dump.json"])
    #expect(run.status == .noInput)
    #expect(run.error == "rtcstats: /nonexistent/dump.json: no such file\n")
  }

  @Test func directoryGivenAsAFileIsAnalysedAsAFolder() {
    let run = CLIRun(["analyze", "--format", "ndjson", "--no-intervals", sample("captures/basic")])
    // The folder holds JSON lines, a JSON array, a snapshot, internals, rtcstats and truth.json.
    #expect(run.output.split(separator: "\n").count >= 6)
  }

  @Test func badDataExits65WithLineAndColumn() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtcstats-cli-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.json").path
    try Data("[{\"id\":\"a\",\"type\":\"codec\",\"timestamp\":1}\n,]".utf8).write(
      to: URL(fileURLWithPath: bad))
    let run = CLIRun(["analyze", bad])
    #expect(run.status == .dataError)
    #expect(run.error == "rtcstats: \(bad):2:2: expected a value after ',', found ']'\n")
  }

  @Test func batchKeepsGoingAndReportsTheFirstFailure() {
    let run = CLIRun([
      "analyze", "--format", "ndjson", "--no-intervals", "/nonexistent",
      sample("captures/basic/sender.jsonl"),
    ])
    #expect(run.status == .noInput)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains("\"exitCode\":66") == true)
    #expect(lines.last?.contains("\"format\":\"getstats-log\"") == true)
  }

  /// The field names of the JSON contract (schemaVersion 1) that users write jq against.
  @Test func jsonContractFieldNames() throws {
    let run = CLIRun(["analyze", "--format", "json", sample("captures/simulcast/sender.jsonl")])
    #expect(run.status == .success)
    let document = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    let source = try #require(document["source"] as? [String: Any])
    for key in ["path", "format", "bytes"] { #expect(source[key] != nil, "source.\(key)") }
    let connection = try #require((document["peerConnections"] as? [[String: Any]])?.first)
    #expect(connection["id"] is String)
    let transport = try #require(connection["transport"] as? [String: Any])
    for key in ["roundTripTime", "availableOutgoingBitrate"] {
      let summary = try #require(transport[key] as? [String: Any], "transport.\(key)")
      #expect(Set(summary.keys) == ["mean", "p50", "p95", "min", "max"])
    }
    let track = try #require((connection["tracks"] as? [[String: Any]])?.first)
    for key in [
      "direction", "kind", "codec", "ssrc", "bitrate", "totalBitrate", "frameRate", "width", "height",
      "packetsLost", "packetLossPercent", "jitter", "layers",
    ] {
      #expect(track.keys.contains(key), "tracks[].\(key)")
    }
    let layer = try #require((track["layers"] as? [[String: Any]])?.first)
    for key in [
      "rid", "ssrc", "width", "height", "encodedFrameRate", "bitrate", "totalBitrate", "scalabilityMode",
      "qualityLimitationReason", "codec", "active",
    ] {
      #expect(layer.keys.contains(key), "layers[].\(key)")
    }
    let inbound = CLIRun(["analyze", "--format", "json", sample("captures/pause/receiver.jsonl")])
    let receiver = try #require(
      JSONSerialization.jsonObject(with: Data(inbound.output.utf8)) as? [String: Any])
    let tracks = try #require(
      (receiver["peerConnections"] as? [[String: Any]])?.first?["tracks"] as? [[String: Any]])
    let video = try #require(tracks.first { $0["kind"] as? String == "video" })
    for key in ["freezeCount", "totalFreezesDuration", "pauseCount", "totalPausesDuration"] {
      #expect(video[key] is NSNumber, "tracks[].\(key)")
    }
  }
}
