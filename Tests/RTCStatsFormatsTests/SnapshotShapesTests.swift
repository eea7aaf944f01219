import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Every getStats shape and container of the foundation issue gives the same figures.
@Suite struct SnapshotShapesTests {
  /// Totals that do not depend on how many snapshots a file holds.
  private struct Totals: Equatable {
    var packets: [Int?]
    var packetsLost: [Int?]
    var codecs: [String?]
    var ssrcs: [UInt32?]
  }

  private func totals(_ path: String) throws -> Totals {
    let (_, analysis) = try TestData.analyze(path)
    let tracks = analysis.peerConnections.flatMap(\.tracks)
    return Totals(
      packets: tracks.map(\.packets), packetsLost: tracks.map(\.packetsLost),
      codecs: tracks.map(\.codec), ssrcs: tracks.map(\.ssrc))
  }

  @Test func jsonLinesArrayAndSingleSnapshotAgree() throws {
    let lines = try totals(TestData.sample("captures/basic/sender.jsonl"))
    let array = try totals(TestData.sample("captures/basic/sender.json"))
    let single = try totals(TestData.sample("captures/basic/sender-last-snapshot.json"))
    #expect(lines == array)
    #expect(lines == single)
    #expect(lines.packets.allSatisfy { ($0 ?? 0) > 0 })
  }

  @Test func formatsAreDetectedFromTheBytes() throws {
    #expect(try TestData.analyze(TestData.sample("captures/basic/sender.jsonl")).0.format == .getStatsLog)
    #expect(try TestData.analyze(TestData.sample("captures/basic/sender.json")).0.format == .getStatsLog)
    let single = try TestData.analyze(TestData.sample("captures/basic/sender-last-snapshot.json"))
    #expect(single.0.format == .getStatsSnapshot)
    #expect(single.1.peerConnections.first?.tracks.first?.bitrate == nil)  // one poll: no rate
  }

  @Test func openTokWrapperLinesWithMicrosecondsMatchTheW3CLog() throws {
    let wrapped = try TestData.analyze(
      TestData.sample("derived/opentok-jsonArrayOfReports-basic-sender.jsonl"))
    let plain = try TestData.analyze(TestData.sample("captures/basic/sender.jsonl"))
    #expect(wrapped.1.peerConnections.map(\.id) == ["4f1c2a9e-publisher"])
    #expect(wrapped.0.details.contains { $0.contains("µs") })
    let connection = try #require(wrapped.1.peerConnections.first)
    let a = connection.tracks
    let b = try #require(plain.1.peerConnections.first?.tracks)
    #expect(a.count == b.count)
    for (x, y) in zip(a, b) {
      #expect(x.packets == y.packets)
      let (bx, by) = (try #require(x.bitrate?.mean), try #require(y.bitrate?.mean))
      #expect(abs(bx - by) / by < 0.001)  // µs rounding of the timestamps only
      let end = try #require(connection.timeline.intervals(of: x.id).first?.time)
      #expect(end > 1.7e12 && end < 1.9e12)
    }
  }

  /// The four snapshot shapes of one report, built from the same objects.
  @Test(arguments: ["values", "entries", "keyValue", "map"])
  func everySnapshotShapeReadsTheSameObjects(shape: String) throws {
    let objects = """
      {"id":"OT01V1","type":"outbound-rtp","timestamp":1700000000000,"kind":"video","ssrc":1,"bytesSent":1000,"packetsSent":10,"codecId":"C1"},
      {"id":"C1","type":"codec","timestamp":1700000000000,"mimeType":"video/VP8","payloadType":96}
      """
    let parts = objects.split(separator: "\n").map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
    let ids = ["OT01V1", "C1"]
    let text: String
    switch shape {
    case "values": text = "[" + parts.joined(separator: ",") + "]"
    case "entries": text = "[" + zip(ids, parts).map { "[\"\($0)\",\($1)]" }.joined(separator: ",") + "]"
    case "keyValue":
      text = "[" + zip(ids, parts).map { "{\"key\":\"\($0)\",\"value\":\($1)}" }.joined(separator: ",") + "]"
    default: text = "{" + zip(ids, parts).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
    }
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(text), into: &analyzer)
    #expect(info.format == .getStatsSnapshot)
    let track = try #require(analyzer.analysis().peerConnections.first?.tracks.first)
    #expect(track.codec == "VP8" && track.ssrc == 1 && track.packets == 10)
  }

  @Test func standardInputIsADash() throws {
    // `-` opens file descriptor 0; here we only check that the name is accepted.
    #expect(throws: Never.self) { _ = try FileByteSource(path: "-") }
  }
}
