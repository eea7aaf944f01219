import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// `SnapshotDecoder` turns one snapshot into the report `DumpReader` hands on for it.
@Suite struct SnapshotDecoderTests {
  /// Line-by-line decoding of real logs against `DumpReader` on the whole file.
  static let logs = [
    TestData.sharedPath("capture/out/basic/sender.jsonl"),
    TestData.sample("captures/basic/receiver.jsonl"),
    TestData.sample("derived/opentok-jsonArrayOfReports-basic-sender.jsonl"),
  ]

  @Test(arguments: logs)
  func everyLineDecodesToTheReportDumpReaderGives(path: String) throws {
    // The capture of ../shared is skipped when it is absent.
    guard FileManager.default.fileExists(atPath: path) else { return }
    var recorder = ReportRecorder()
    _ = try DumpReader.read(path: path, parallel: false, into: &recorder)
    var decoder = SnapshotDecoder()
    var decoded: [RecordedReport] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      let snapshot = try decoder.decode(String(line))
      decoded.append(
        RecordedReport(peerConnection: snapshot.peerConnection ?? "PC_0", report: snapshot.report))
    }
    #expect(decoded.count == recorder.reports.count && !decoded.isEmpty)
    for (one, whole) in zip(decoded, recorder.reports) { Self.expectSame(one, whole) }
  }

  /// Files holding one snapshot, in the other shapes.
  static let snapshots = [
    "captures/basic/sender-last-snapshot.json", "derived/libwebrtc-native-snapshot-us.json",
    "corpus/skyway-getstats-entries-chrome-77.0.3842.0.json",
    "corpus/purecloud-getstats-keyvalue-mock-spec-stats-1.json",
  ]

  @Test(arguments: snapshots)
  func oneSnapshotFileDecodesToTheReportDumpReaderGives(name: String) throws {
    let path = TestData.sample(name)
    var recorder = ReportRecorder()
    let info = try DumpReader.read(path: path, into: &recorder)
    #expect(info.format == .getStatsSnapshot)
    var decoder = SnapshotDecoder()
    let snapshot = try decoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    let whole = try #require(recorder.reports.first)
    Self.expectSame(
      RecordedReport(peerConnection: snapshot.peerConnection ?? "PC_0", report: snapshot.report), whole)
  }

  @Test func nativeMicrosecondsComeOutInMilliseconds() throws {
    // The derived native snapshot is captures/basic's last line with timestamps × 1000.
    var decoder = SnapshotDecoder()
    let native = try decoder.decode(
      Array(
        try Data(
          contentsOf: URL(fileURLWithPath: TestData.sample("derived/libwebrtc-native-snapshot-us.json")))))
    let text = try String(
      contentsOfFile: TestData.sample("captures/basic/sender-last-snapshot.json"), encoding: .utf8)
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    let first = try #require(objects.first)
    let id = try #require(first["id"] as? String)
    let row = try #require((0..<native.report.count).first { native.report.id(at: $0) == id })
    #expect(native.report.timestamp(at: row) == (first["timestamp"] as? NSNumber)?.doubleValue)
  }

  @Test func wrapperWithAStringifiedDateAndPeerConnection() throws {
    // `JSON.stringify({connectionId, timestamp: new Date(), jsonArrayOfReports})`.
    let text = #"""
      {"connectionId":"sub-1","timestamp":"2024-03-01T10:00:00.123Z","jsonArrayOfReports":"[{\"id\":\"IT1\",\"type\":\"inbound-rtp\",\"kind\":\"audio\",\"ssrc\":1,\"bytesReceived\":10}]"}
      """#
    var decoder = SnapshotDecoder()
    let snapshot = try decoder.decode(text)
    #expect(snapshot.peerConnection == "sub-1")
    // Python: datetime.fromisoformat("2024-03-01T10:00:00.123+00:00").timestamp() * 1000
    #expect(snapshot.report.timestamp == 1_709_287_200_123)
    #expect(snapshot.report.timestamp(at: 0) == 1_709_287_200_123)
    #expect(snapshot.report.type(at: 0) == .inboundRTP)
  }

  @Test func aLogIsNotOneSnapshot() {
    var decoder = SnapshotDecoder()
    #expect(throws: DumpError.self) {
      try decoder.decode(#"[[{"id":"a","type":"codec"}],[{"id":"a","type":"codec"}]]"#)
    }
    #expect(throws: DumpError.self) { try decoder.decode(#"{"users":[1,2]}"#) }
    do {
      _ = try decoder.decode(#"[{"id":"a","type":"codec""#)
      Issue.record("a cut snapshot decoded")
    } catch {
      #expect(error.isTruncation)
      #expect(error.line == 1)
    }
  }

  static func expectSame(_ a: RecordedReport, _ b: RecordedReport) {
    #expect(a.peerConnection == b.peerConnection)
    #expect(a.report.timestamp == b.report.timestamp)
    #expect(a.report.count == b.report.count)
    for row in 0..<min(a.report.count, b.report.count) {
      #expect(a.report.id(at: row) == b.report.id(at: row))
      #expect(a.report.type(at: row) == b.report.type(at: row))
      #expect(a.report.typeName(at: row) == b.report.typeName(at: row))
      #expect(a.report.timestamp(at: row) == b.report.timestamp(at: row))
      for field in NumericField.allCases
      where a.report.number(field, at: row) != b.report.number(field, at: row) {
        Issue.record("\(a.report.id(at: row)) \(field.name)")
      }
      for field in TextField.allCases where a.report.text(field, at: row) != b.report.text(field, at: row) {
        Issue.record("\(a.report.id(at: row)) \(field.name)")
      }
    }
  }
}
