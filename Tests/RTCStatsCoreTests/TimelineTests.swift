import RTCStatsCore
import Testing

/// The Timeline's collection semantics: positions since the first poll, a bounded retention
/// that keeps exactly the newest rows, windows that slide over rows.
@Suite struct TimelineTests {
  private func feed(_ count: Int, retention: TimelineRetention) -> CallAnalyzer {
    var analyzer = CallAnalyzer(retention: retention)
    for index in 0..<count {
      let time = 1000 + Double(index) * 1000
      analyzer.consume(
        ReportBuilder.inboundVideo(at: time, bytes: Double(index) * 1250, packets: Double(index) * 10),
        peerConnection: "pc")
    }
    return analyzer
  }

  @Test func positionsCountPollsAndStaySteadyWhenOldRowsGo() throws {
    let analyzer = feed(25, retention: .recent(4))
    let timeline = try #require(analyzer.timeline(of: "pc"))
    #expect(timeline.endIndex == 25)
    #expect(timeline.startIndex == 21)
    #expect(timeline.count == 4)
    #expect(timeline.map(\.sequence) == [22, 23, 24, 25])
    #expect(timeline[24].time == 25_000)
  }

  @Test func keepingEverythingKeepsEveryRow() throws {
    let analyzer = feed(25, retention: .all)
    let timeline = try #require(analyzer.timeline(of: "pc"))
    #expect(timeline.indices == 0..<25)
    #expect(timeline.first?.streams.first?.status == .first)
    #expect(timeline.dropFirst().allSatisfy { $0.streams.first?.status == .interval })
  }

  /// A rule looks at the last five intervals of a track: 10 kbps each here.
  @Test func aWindowSlidesOverTrackRows() throws {
    let analyzer = feed(12, retention: .all)
    let timeline = try #require(analyzer.timeline(of: "pc"))
    for end in timeline.indices.dropFirst(5) {
      let window = timeline[(end - 4)...end].indices.flatMap { timeline.trackRows(at: $0) }
      #expect(window.count == 5)
      #expect(window.allSatisfy { $0.value(.bitrate) == 10_000 })
    }
  }

  @Test func theSummaryDoesNotDependOnRetention() {
    let all = feed(40, retention: .all).analysis()
    let recent = feed(40, retention: .recent(2)).analysis()
    #expect(all.peerConnections.map(\.tracks) == recent.peerConnections.map(\.tracks))
    #expect(all.peerConnections.first?.tracks.first?.packets == 390)
  }

  @Test func eventsGoToTheirConnectionOrToTheCall() throws {
    var analyzer = feed(2, retention: .all)
    analyzer.consume(
      event: StatsEvent(
        time: 1500, peerConnection: "pc", kind: .iceConnectionState, name: "x", value: "connected"))
    analyzer.consume(
      event: StatsEvent(time: 1, peerConnection: nil, kind: .getUserMedia, name: "getUserMedia"))
    analyzer.consume(event: StatsEvent(time: 2, peerConnection: "other", kind: .close, name: "close"))
    let analysis = analyzer.analysis()
    #expect(analysis.peerConnections.first?.events.map(\.kind) == [.iceConnectionState])
    #expect(analysis.events.map(\.kind) == [.getUserMedia, .close])
  }
}
