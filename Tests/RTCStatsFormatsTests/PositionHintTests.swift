import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Moving every object from poll to poll does not change the analysis.
///
/// The engine finds referenced objects (codecs, receiver reports, transports, candidate
/// pairs, candidates, media sources) from where they stood in the previous report: the
/// position is only a hint.
@Suite struct PositionHintTests {
  /// A consumer that puts `poll % 5` ignored objects before the report's own ones, so that
  /// every object stands somewhere else than in the previous poll.
  struct Shifting: StatsReportConsumer, Sendable {
    var analyzer = CallAnalyzer()
    var polls = 0

    mutating func consume(_ report: StatsReport, peerConnection: String) {
      var shifted = StatsReport()
      shifted.timestamp = report.timestamp
      for filler in 0..<(polls % 5) {
        shifted.append(id: "filler-\(filler)", type: .other, typeName: "filler", timestamp: .nan)
      }
      for index in 0..<report.count { shifted.appendCopy(of: index, from: report) }
      polls += 1
      analyzer.consume(shifted, peerConnection: peerConnection)
    }
    mutating func consume(event: StatsEvent) { analyzer.consume(event: event) }
    mutating func finish() { analyzer.finish() }
  }

  static let dumps = [
    "captures/basic/webrtc-internals.json", "captures/simulcast/sender.jsonl",
    "captures/sfu-uplink-loss/subscriber.jsonl", "captures/freeze/receiver.jsonl",
  ]

  @Test(arguments: dumps)
  func movedObjectsGiveTheSameAnalysis(path: String) throws {
    let file = TestData.sample(path)
    var direct = CallAnalyzer()
    _ = try DumpReader.read(path: file, into: &direct)
    var shifting = Shifting()
    _ = try DumpReader.read(path: file, into: &shifting)
    let expected = direct.analysis()
    let shifted = shifting.analyzer.analysis()
    #expect(expected.peerConnections.contains { !$0.tracks.isEmpty && $0.transport.roundTripTime != nil })
    for (want, got) in zip(expected.peerConnections, shifted.peerConnections) {
      #expect(want.tracks == got.tracks)
      #expect(want.transport == got.transport)
      #expect(want.timeline == got.timeline)
      #expect(want.networkCondition == got.networkCondition)
      #expect(want.audioMOS == got.audioMOS)
    }
    #expect(expected.findings == shifted.findings)
  }
}
