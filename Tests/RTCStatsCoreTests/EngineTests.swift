import RTCStatsCore
import Testing

/// The engine on hand-built reports: rates, resets, ordering, unknowns.
@Suite struct EngineTests {
  /// The first track of the analysis of `reports`, with its interval rows.
  private func analyze(_ reports: [StatsReport]) throws -> (TrackAnalysis, intervals: [TrackRow]) {
    var analyzer = CallAnalyzer()
    for report in reports { analyzer.consume(report, peerConnection: "pc") }
    let connection = try #require(analyzer.analysis().peerConnections.first)
    let track = try #require(connection.tracks.first)
    return (track, connection.timeline.intervals(of: track.id))
  }

  @Test func bitrateIsBytesOverEachObjectsOwnTime() throws {
    let (track, intervals) = try analyze([
      ReportBuilder.inboundVideo(at: 1000, bytes: 0, packets: 0),
      ReportBuilder.inboundVideo(at: 2000, bytes: 125_000, packets: 100),  // 1 Mbps over 1 s
      ReportBuilder.inboundVideo(at: 4000, bytes: 375_000, packets: 300),  // 1 Mbps over 2 s
    ])
    #expect(track.bitrate?.mean == 1_000_000)
    // Headers: 12 bytes per packet → +100·12·8 bits per second.
    #expect(track.totalBitrate?.mean == 1_009_600)
    #expect(intervals.map(\.duration) == [1000, 2000])
  }

  @Test func counterResetStartsANewSegmentWithoutNegativeRates() throws {
    let (track, intervals) = try analyze([
      ReportBuilder.inboundVideo(at: 1000, bytes: 0, packets: 0, lost: 0),
      ReportBuilder.inboundVideo(at: 2000, bytes: 100_000, packets: 100, lost: 5),
      ReportBuilder.inboundVideo(at: 3000, bytes: 1_000, packets: 10, lost: 1),  // reset
      ReportBuilder.inboundVideo(at: 4000, bytes: 51_000, packets: 60, lost: 1),
    ])
    #expect(intervals.count == 2)
    #expect(intervals.allSatisfy { ($0.value(.bitrate) ?? -1) >= 0 })
    #expect(track.packets == 160)  // 100 + 60: the last value of each segment
    #expect(track.packetsLost == 6)
  }

  @Test func ssrcChangeIsANewSegmentOfTheSameTrack() throws {
    let (track, intervals) = try analyze([
      ReportBuilder.inboundVideo(at: 1000, bytes: 0, packets: 0, ssrc: 1),
      ReportBuilder.inboundVideo(at: 2000, bytes: 500, packets: 5, ssrc: 1),
      ReportBuilder.inboundVideo(at: 3000, bytes: 800, packets: 8, ssrc: 2),
      ReportBuilder.inboundVideo(at: 4000, bytes: 1600, packets: 16, ssrc: 2),
    ])
    #expect(track.ssrcs == [1, 2])
    #expect(track.ssrc == 1)
    #expect(track.packets == 21)
    #expect(intervals.count == 2)
  }

  @Test func olderAndDuplicateSamplesAreSkipped() throws {
    var analyzer = CallAnalyzer()
    for report in [
      ReportBuilder.inboundVideo(at: 1000, bytes: 0, packets: 0),
      ReportBuilder.inboundVideo(at: 2000, bytes: 1000, packets: 10),
      ReportBuilder.inboundVideo(at: 2000, bytes: 1000, packets: 10),  // duplicate
      ReportBuilder.inboundVideo(at: 1500, bytes: 1000, packets: 10),  // out of order
      ReportBuilder.inboundVideo(at: 3000, bytes: 2000, packets: 20),
    ] {
      analyzer.consume(report, peerConnection: "pc")
    }
    let connection = try #require(analyzer.analysis().peerConnections.first)
    let track = try #require(connection.tracks.first)
    #expect(connection.timeline.intervals(of: track.id).count == 2)
    #expect(track.bitrate?.max == 8000)
    #expect(analyzer.skippedSamples == 1)
  }

  @Test func unknownRoundTripTimeIsNilNeverZero() throws {
    var analyzer = CallAnalyzer()
    analyzer.consume(ReportBuilder.inboundVideo(at: 1000, bytes: 0, packets: 0), peerConnection: "pc")
    var pair = ReportBuilder()
    pair.add(
      .candidatePair, id: "CP1", at: 2000,
      numbers: [.nominated: 1, .currentRoundTripTime: 0, .bytesSent: 10], texts: [.state: "succeeded"])
    analyzer.consume(pair.report, peerConnection: "pc")
    let connection = try #require(analyzer.analysis().peerConnections.first)
    #expect(connection.transport.roundTripTime == nil)
    #expect(connection.tracks.first?.roundTripTime == nil)
  }

  @Test func frameRateIsDecodedFramesOverTime() throws {
    let (track, _) = try analyze([
      ReportBuilder.inboundVideo(at: 1000, bytes: 0, packets: 0, frames: 0),
      ReportBuilder.inboundVideo(at: 3000, bytes: 10, packets: 1, frames: 50),
    ])
    #expect(track.frameRate?.mean == 25)
  }

  @Test func lossPercentIsLostOverExpected() {
    #expect(PacketLoss.percent(lost: 5, received: 95) == 5)
    #expect(PacketLoss.percent(lost: -3, received: 10) == 0)
    #expect(PacketLoss.percent(lost: 0, received: 0) == nil)
  }

  @Test func spatialLayersOfScalabilityModes() {
    #expect(FrameRate.spatialLayers(scalabilityMode: "L3T3_KEY") == 3)
    #expect(FrameRate.spatialLayers(scalabilityMode: "S2T1") == 2)
    #expect(FrameRate.spatialLayers(scalabilityMode: "L1T3") == 1)
    #expect(FrameRate.spatialLayers(scalabilityMode: "bogus") == nil)
  }

  @Test func anImpossibleCounterJumpIsAResetNotARate() throws {
    let (track, intervals) = try analyze([
      ReportBuilder.inboundVideo(at: 1000, bytes: 0, packets: 0),
      ReportBuilder.inboundVideo(at: 2000, bytes: 1000, packets: 10),
      ReportBuilder.inboundVideo(at: 3000, bytes: 1e300, packets: 20),  // corrupt counter
      ReportBuilder.inboundVideo(at: 4000, bytes: 1e300, packets: 30),
    ])
    #expect(try #require(track.bitrate?.max) < 1e6)
    #expect(intervals.allSatisfy { ($0.value(.bitrate) ?? 0) < CounterSampleLimit.bitsPerSecond })
  }

  @Test func anIdReusedForTheOtherDirectionIsAnotherStream() throws {
    var analyzer = CallAnalyzer()
    analyzer.consume(
      ReportBuilder.inboundVideo(at: 1000, bytes: 0, packets: 0, id: "X"), peerConnection: "pc")
    var outbound = ReportBuilder()
    outbound.add(
      .outboundRTP, id: "X", at: 2000, numbers: [.ssrc: 9, .bytesSent: 50, .packetsSent: 5],
      texts: [.kind: "audio"])
    analyzer.consume(outbound.report, peerConnection: "pc")
    let tracks = try #require(analyzer.analysis().peerConnections.first?.tracks)
    #expect(tracks.map(\.direction) == [.outbound, .inbound])
  }
}

/// The engine's plausibility bound, restated for the test: 100 Gbit/s.
enum CounterSampleLimit {
  static let bitsPerSecond = 1e11
}
