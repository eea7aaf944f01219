import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// The engine on a second thread (`PipelinedConsumer`) must give exactly what it gives on the
/// reading thread: the same analysis, the same diagnosis, the same timeline rows.
@Suite struct PipelinedConsumerTests {
  /// Real dumps of every dialect the captures were exported in.
  static let dumps = [
    "captures/basic/webrtc-internals.json", "captures/basic/rtcstats-dump.gz",
    "captures/basic/receiver.jsonl", "captures/simulcast/webrtc-internals.json",
    "captures/simulcast/sender.jsonl", "captures/freeze/receiver.jsonl",
    "captures/sfu-uplink-loss/subscriber.jsonl", "captures/basic/sender-last-snapshot.json",
  ]

  /// Reads `path` into the analyzer directly, and through pipelines with batches of one, of a
  /// few items and of the default size: every analysis equals the direct one.
  @Test(arguments: dumps)
  func pipelinedAnalysisEqualsDirectAnalysis(path: String) throws {
    let file = TestData.sample(path)
    var direct = CallAnalyzer()
    let directInfo = try DumpReader.read(path: file, into: &direct)
    let expected = direct.analysis()
    #expect(!expected.peerConnections.isEmpty)
    for batchItems in [1, 3, PipelinedConsumer<CallAnalyzer>.maximumBatchItems] {
      var pipeline = PipelinedConsumer(CallAnalyzer(), batchItems: batchItems, inFlight: 2)
      let info = try DumpReader.read(path: file, into: &pipeline)
      let analyzer = pipeline.finished()
      #expect(info.reportCount == directInfo.reportCount)
      #expect(analyzer.analysis() == expected, "batches of \(batchItems)")
    }
  }

  /// Events and reports keep their relative order through the pipeline: a consumer that
  /// records the sequence sees the same one.
  @Test func itemsArriveInOrder() throws {
    struct Recorder: StatsReportConsumer, Sendable {
      var sequence: [String] = []
      mutating func consume(_ report: StatsReport, peerConnection: String) {
        sequence.append("report \(peerConnection) \(report.count) \(report.timestamp ?? -1)")
      }
      mutating func consume(event: StatsEvent) { sequence.append("event \(event)") }
      mutating func finish() { sequence.append("finish") }
    }
    let file = TestData.sample("captures/basic/webrtc-internals.json")
    var direct = Recorder()
    _ = try DumpReader.read(path: file, into: &direct)
    var pipeline = PipelinedConsumer(Recorder(), batchItems: 2, inFlight: 1)
    _ = try DumpReader.read(path: file, into: &pipeline)
    let piped = pipeline.finished()
    #expect(direct.sequence.contains { $0.hasPrefix("event") })
    #expect(direct.sequence.last == "finish")
    #expect(piped.sequence == direct.sequence)
  }
}
