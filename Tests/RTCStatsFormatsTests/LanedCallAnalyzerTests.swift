import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Each peer connection on its own lane (`LanedCallAnalyzer`) must give exactly what one
/// analyzer gives on the reading thread: the same analysis, timelines, events, findings.
@Suite struct LanedCallAnalyzerTests {
  /// Real dumps with one and with several peer connections, reports of the connections one
  /// after the other (webrtc-internals) and interleaved (rtcstats), events before, between
  /// and after the polls.
  static let samples =
    PipelinedConsumerTests.dumps + [
      "captures/sfu-uplink-loss/publisher-a.jsonl", "captures/basic/sender.jsonl",
    ]

  private func expectLanedEqualsDirect(_ file: String) throws {
    var direct = CallAnalyzer()
    let directInfo = try DumpReader.read(path: file, into: &direct)
    var laned = LanedCallAnalyzer(CallAnalyzer())
    let info = try DumpReader.read(path: file, into: &laned)
    let (analyzer, _) = laned.finished()
    #expect(info.reportCount == directInfo.reportCount)
    let expected = direct.analysis()
    let got = analyzer.analysis()
    #expect(got.peerConnections.map(\.id) == expected.peerConnections.map(\.id), "\(file)")
    for (want, have) in zip(expected.peerConnections, got.peerConnections) {
      #expect(want == have, "\(file) \(want.id)")
    }
    #expect(got == expected, "\(file)")
    #expect(analyzer.diagnostics == direct.diagnostics, "\(file)")
  }

  @Test(arguments: samples)
  func lanedAnalysisEqualsDirectAnalysis(path: String) throws {
    try expectLanedEqualsDirect(TestData.sample(path))
  }

  /// Public dumps with many peer connections (Jitsi, rtcstats of every generation), when
  /// the shared corpus is present.
  @Test func corpusDumpsWithSeveralConnections() throws {
    let root = TestData.sharedPath("corpus/public")
    guard let files = FileManager.default.enumerator(atPath: root) else { return }
    var checked = 0
    for case let name as String in files where checked < 40 {
      let path = root + "/" + name
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
      else {
        continue
      }
      var inventory = CallAnalyzer()
      guard (try? DumpReader.read(path: path, into: &inventory)) != nil,
        inventory.peerConnections.count > 1
      else { continue }
      try expectLanedEqualsDirect(path)
      checked += 1
    }
    if FileManager.default.fileExists(atPath: root) { #expect(checked > 0) }
  }

  /// Collects the reports a reader hands on, with their connections.
  private struct Collector: StatsReportConsumer {
    var reports: [(report: StatsReport, peerConnection: String)] = []
    mutating func consume(_ report: StatsReport, peerConnection: String) {
      reports.append((report, peerConnection))
    }
  }

  /// Two connections whose reports alternate get most of their reports back as spares.
  ///
  /// A parser asks for a spare report before each report it fills. Replaying Chrome's
  /// rtcstats export of the basic capture, whose two connections' reports alternate, the
  /// lanes give 1,980 of 2,400 reports back. When only one batch's worth of objects was
  /// kept, both lanes' batches came back between two sends and only 1,504 were: the rest
  /// were freed on the parser's thread and allocated again.
  @Test func twoConnectionsGetMostOfTheirReportsBackAsSpares() throws {
    var collector = Collector()
    _ = try DumpReader.read(path: TestData.sample("captures/basic/rtcstats-dump.gz"), into: &collector)
    let connections = Set(collector.reports.map(\.peerConnection))
    try #require(connections.count == 2)
    var laned = LanedCallAnalyzer(CallAnalyzer())
    var asked = 0
    var given = 0
    for _ in 0..<40 {
      for (report, connection) in collector.reports {
        asked += 1
        if laned.spareReport() != nil { given += 1 }
        laned.consume(report, peerConnection: connection)
      }
    }
    _ = laned.finished()
    #expect(given * 10 >= asked * 7, "\(given) spares for \(asked) reports")
  }
}
