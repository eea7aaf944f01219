import Foundation
import Testing

@testable import rtcstats

/// `analyze --per`: flat rows carry their file and peer connection, every column of their
/// kind, and figures that agree with the raw dump (read here with JSONSerialization).
@Suite struct RowsTests {
  static let sender = CLIRun.root + "/Samples/captures/loss5/sender.jsonl"
  static let receiver = CLIRun.root + "/Samples/captures/loss5/receiver.jsonl"

  func rows(_ arguments: [String]) throws -> [[String: Any]] {
    let run = CLIRun(["analyze"] + arguments)
    return try run.output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// The last value of `member` of every `type` object of a JSON-lines getStats log, by id.
  static func lastValues(_ path: String, type: String, member: String) throws -> [String: Double] {
    var values: [String: Double] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      let json = try JSONSerialization.jsonObject(with: Data(line.utf8))
      let objects =
        (json as? [[String: Any]])
        ?? ((json as? [String: Any])?.values.compactMap { $0 as? [String: Any] } ?? [])
      for object in objects where object["type"] as? String == type {
        if let id = object["id"] as? String, let value = object[member] as? Double { values[id] = value }
      }
    }
    return values
  }

  @Test func trackRowsCarryTheRawCounters() throws {
    let rows = try rows(["--per", "track", Self.sender, Self.receiver])
    #expect(rows.count == 4)
    let sent = try Self.lastValues(Self.sender, type: "outbound-rtp", member: "packetsSent")
    let sentBytes = try Self.lastValues(Self.sender, type: "outbound-rtp", member: "bytesSent")
    let received = try Self.lastValues(Self.receiver, type: "inbound-rtp", member: "packetsReceived")
    let receivedBytes = try Self.lastValues(Self.receiver, type: "inbound-rtp", member: "bytesReceived")
    let outbound = rows.filter { $0["direction"] as? String == "outbound" }
    let inbound = rows.filter { $0["direction"] as? String == "inbound" }
    #expect(Set(outbound.compactMap { $0["packetsSent"] as? Double }) == Set(sent.values))
    #expect(Set(outbound.compactMap { $0["bytesSent"] as? Double }) == Set(sentBytes.values))
    #expect(Set(inbound.compactMap { $0["packetsReceived"] as? Double }) == Set(received.values))
    #expect(Set(inbound.compactMap { $0["bytesReceived"] as? Double }) == Set(receivedBytes.values))
    for row in rows {
      #expect(row["peerConnection"] as? String == "PC_0")
      #expect((row["path"] as? String)?.hasSuffix(".jsonl") == true)
      #expect(row["row"] as? String == "track")
    }
  }

  @Test func everyRowOfAKindHasTheSameColumns() throws {
    for kind in RowKind.allCases {
      let run = CLIRun(["analyze", "--per", kind.rawValue, Self.sender, Self.receiver])
      let columns = FlatRows.columns(of: kind)
      for line in run.output.split(separator: "\n") {
        let row = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(row.keys) == Set(columns), "\(kind)")
      }
      let csv = CLIRun(["analyze", "--per", kind.rawValue, "-f", "csv", Self.sender])
      let header = csv.output.split(separator: "\n").first.map(String.init)
      #expect(header == (columns + ["error", "skipped"]).joined(separator: ","))
    }
  }

  @Test func intervalRowsAreTheJSONIntervals() throws {
    let rows = try rows(["--per", "interval", Self.receiver])
    let document = CLIRun(["analyze", "-f", "json", Self.receiver]).output
    let json = try #require(JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
    let connections = try #require(json["peerConnections"] as? [[String: Any]])
    let tracks = connections.flatMap { ($0["tracks"] as? [[String: Any]]) ?? [] }
    let intervals = tracks.flatMap { ($0["intervals"] as? [[String: Any]]) ?? [] }
    #expect(rows.count == intervals.count)
    #expect(rows.map { $0["time"] as? Double } == intervals.map { $0["time"] as? Double })
  }

  @Test func failedAndSkippedFilesAreOneRowEach() throws {
    let folder = try TemporaryFolder()
    let readme = try folder.write("README.md", "# notes\n")
    let cut = try folder.write("cut.json", #"[{"id":"x","type":"outbound-rtp","#)
    for kind in RowKind.allCases {
      let rows = try rows(["--per", kind.rawValue, readme, cut])
      #expect(rows.map { $0["row"] as? String } == ["skipped", "error"])
    }
  }

  @Test func perNeedsARowFormat() {
    let run = CLIRun(["analyze", "--per", "track", "-f", "table", Self.sender])
    #expect(run.status == .usage)
  }
}
