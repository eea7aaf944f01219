import RTCStatsCore
import Testing

/// The summary is folded as reports arrive (issue 17); it must equal the fold of the finished
/// timeline, also when a stream joins another track after its first rows.
@Suite struct RunningFoldTests {
  /// Two received video streams; the first names its `trackIdentifier` only from poll
  /// `namedFrom` on, so that it then joins the second's track.
  private func analyzer(polls: Int, namedFrom: Int) -> CallAnalyzer {
    var analyzer = CallAnalyzer()
    for poll in 0..<polls {
      let time = 1000 + Double(poll) * 1000
      var builder = ReportBuilder()
      var first: [TextField: String] = [.kind: "video"]
      if poll >= namedFrom { first[.trackIdentifier] = "track-1" }
      builder.add(
        .inboundRTP, id: "IT01", at: time,
        numbers: [.ssrc: 1, .bytesReceived: Double(poll) * 1250, .packetsReceived: Double(poll) * 10],
        texts: first)
      builder.add(
        .inboundRTP, id: "IT02", at: time,
        numbers: [.ssrc: 2, .bytesReceived: Double(poll) * 5000, .packetsReceived: Double(poll) * 40],
        texts: [.kind: "video", .trackIdentifier: "track-1"])
      analyzer.consume(builder.report, peerConnection: "pc")
    }
    return analyzer
  }

  private func refolded(_ analyzer: CallAnalyzer) throws -> PeerConnectionAnalysis {
    let timeline = try #require(analyzer.timeline(of: "pc"))
    return TimelineFold(folding: timeline).analysis(of: timeline)
  }

  @Test func aStreamThatJoinsATrackLaterIsSummarisedByItsFinalTrack() throws {
    let analyzer = analyzer(polls: 12, namedFrom: 5)
    let summary = try #require(analyzer.analysis().peerConnections.first)
    #expect(summary.tracks.count == 1)
    #expect(summary.tracks == (try refolded(analyzer)).tracks)
    // Every interval of the merged track carries both streams: 10 kbps + 40 kbps.
    #expect(summary.tracks.first?.bitrate?.min == 50_000)
  }

  @Test func withoutRegroupingTheRunningFoldIsTheFold() throws {
    let analyzer = analyzer(polls: 12, namedFrom: 0)
    let summary = try #require(analyzer.analysis().peerConnections.first)
    #expect(summary.tracks == (try refolded(analyzer)).tracks)
  }
}
