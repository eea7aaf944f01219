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
}
