import RTCStatsCore
import Testing

/// Issue 10's engine items on minimal reports that reproduce each pattern seen in the wild.
@Suite struct WildDumpEngineTests {
  private func analyze(_ reports: [StatsReport]) -> CallAnalyzer {
    var analyzer = CallAnalyzer()
    for report in reports { analyzer.consume(report, peerConnection: "pc") }
    return analyzer
  }

  private func inbound(
    at time: Double, id: String = "IT1", track: String, packets: Double, freezes: Double
  ) -> StatsReport {
    var builder = ReportBuilder()
    builder.add(
      .inboundRTP, id: id, at: time,
      numbers: [
        .ssrc: 7, .bytesReceived: packets * 1000, .packetsReceived: packets, .framesDecoded: packets,
        .freezeCount: freezes, .packetsLost: 0,
      ],
      texts: [.kind: "video", .trackIdentifier: track])
    return builder.report
  }

  /// Google Meet reuses one SSRC (one stats id) for another participant: the
  /// `trackIdentifier` changes and the counters restart.
  ///
  /// That is another track.
  @Test func aNewTrackIdentifierBehindOneIdIsAnotherTrack() throws {
    var reports = (0..<5).map {
      inbound(at: 1000 + Double($0) * 1000, track: "alice", packets: Double($0) * 100, freezes: Double($0))
    }
    reports += (0..<3).map {
      inbound(at: 6000 + Double($0) * 1000, track: "bob", packets: 20 + Double($0) * 20, freezes: 0)
    }
    let tracks = try #require(analyze(reports).analysis().peerConnections.first?.tracks)
    #expect(tracks.map(\.trackIdentifier) == ["alice", "bob"])
    #expect(tracks.map(\.packets) == [400, 60])
    #expect(tracks.map(\.freezeCount) == [4, 0])
  }

  /// The sender's counters restart but its receiver report keeps counting (same SSRC): the
  /// remote loss is the report's own last value, not summed per sender segment.
  @Test func remoteLossFollowsTheReceiverReportsOwnHistory() throws {
    let sent: [Double] = [100, 200, 10, 110]
    let lost: [Double] = [1, 2, 3, 5]
    let reports = (0..<4).map { poll in
      var builder = ReportBuilder()
      let time = 1000 + Double(poll) * 1000
      builder.add(
        .outboundRTP, id: "OT1", at: time,
        numbers: [.ssrc: 9, .bytesSent: sent[poll] * 1000, .packetsSent: sent[poll]], texts: [.kind: "audio"])
      builder.add(
        .remoteInboundRTP, id: "RI1", at: time - 100,
        numbers: [
          .ssrc: 9, .packetsLost: lost[poll], .roundTripTime: 0.01,
          .roundTripTimeMeasurements: Double(poll + 1),
        ],
        texts: [.localId: "OT1"])
      return builder.report
    }
    let track = try #require(analyze(reports).analysis().peerConnections.first?.tracks.first)
    #expect(track.packetsLost == 5)
    #expect(track.packets == 310)
  }

  private func simulcast(at time: Double, poll: Double, resetA: Bool = false) -> StatsReport {
    var builder = ReportBuilder()
    let bytesA = resetA ? 500 : poll * 50_000
    builder.add(
      .outboundRTP, id: "OTA", at: time,
      numbers: [
        .ssrc: 1, .bytesSent: bytesA, .packetsSent: bytesA / 1000, .framesEncoded: resetA ? 1 : poll * 14,
        .framesPerSecond: 14, .frameWidth: 320, .frameHeight: 180,
      ],
      texts: [.kind: "video", .mediaSourceId: "SV1"])
    // A layer that never sends, with the sender's frame size (Chrome ≤ M100 `track` object).
    builder.add(
      .outboundRTP, id: "OTB", at: time,
      numbers: [
        .ssrc: 2, .bytesSent: 0, .packetsSent: 0, .framesEncoded: 0, .frameWidth: 640, .frameHeight: 360,
      ],
      texts: [.kind: "video", .mediaSourceId: "SV1"])
    return builder.report
  }

  @Test func anIdleLayerNeverDefinesTheTracksFrameRateOrResolution() throws {
    let reports = (0..<10).map { simulcast(at: 1000 + Double($0) * 1000, poll: Double($0)) }
    let track = try #require(analyze(reports).analysis().peerConnections.first?.tracks.first)
    #expect(track.frameRate?.mean == 14)
    #expect(track.width == 320 && track.height == 180)
    #expect(track.layers.count == 2)
    #expect(track.layers.contains { $0.ssrc == 2 && $0.width == nil && $0.height == nil })
  }

  /// Layer A resets while B sends nothing: the track has no interval at that poll (a 0 bps
  /// interval spanning the reset would pull its mean down).
  @Test func noTrackIntervalSpansALayerReset() throws {
    var reports = (0..<5).map { simulcast(at: 1000 + Double($0) * 1000, poll: Double($0)) }
    reports.append(simulcast(at: 6000, poll: 0, resetA: true))
    reports += (1..<4).map { simulcast(at: 6000 + Double($0) * 1000, poll: 0.01 + Double($0)) }
    let connection = try #require(analyze(reports).analysis().peerConnections.first)
    let track = try #require(connection.tracks.first)
    let rows = connection.timeline.intervals(of: track.id)
    #expect(rows.count == 7)
    #expect(rows.allSatisfy { ($0.value(.bitrate) ?? 0) > 0 })
    #expect(try #require(track.bitrate?.min) > 0)
  }

  /// `bytesSent` 10³⁰⁰ and `packetsSent` 2⁶⁴ in one sample: dropped with a diagnostic, no new
  /// segment, and the totals are the last real values.
  @Test func impossibleCounterValuesAreDroppedNotSegments() throws {
    let reports = (0..<5).map { poll in
      var builder = ReportBuilder()
      let weird = poll == 2
      builder.add(
        .outboundRTP, id: "OT1", at: 1000 + Double(poll) * 1000,
        numbers: [
          .ssrc: 9, .bytesSent: weird ? 1e300 : Double(poll) * 100_000,
          .packetsSent: weird ? 18_446_744_073_709_551_616 : Double(poll) * 100, .nackCount: Double(poll),
        ],
        texts: [.kind: "audio"])
      return builder.report
    }
    let analyzer = analyze(reports)
    let track = try #require(analyzer.analysis().peerConnections.first?.tracks.first)
    #expect(track.packets == 400)
    #expect(track[.nackCount]?.integer == 4)
    #expect(analyzer.counterResets == 0)
    #expect(
      analyzer.diagnostics.contains {
        $0.code == .impossibleCounterValues && $0.evidence["count"] == .integer(2)
      })
    #expect(try #require(track.bitrate?.max) < 1e6)
  }

  /// A poll's time is its newest local object's, not a receiver report's (the other end's
  /// RTCP time), so inspect and analyze agree on a call's duration.
  @Test func pollTimesIgnoreRemoteObjects() throws {
    let reports = (0..<3).map { poll in
      var builder = ReportBuilder()
      let time = 1_700_000_000_000 + Double(poll) * 1000
      builder.add(
        .outboundRTP, id: "OT1", at: time, numbers: [.ssrc: 9, .bytesSent: 1, .packetsSent: 1],
        texts: [.kind: "audio"])
      builder.add(
        .remoteInboundRTP, id: "RI1", at: time + 5000, numbers: [.ssrc: 9], texts: [.localId: "OT1"])
      var report = builder.report
      report.timestamp = nil
      return report
    }
    let connection = try #require(analyze(reports).analysis().peerConnections.first)
    #expect(connection.duration == 2000)
    #expect(connection.endTime == 1_700_000_002_000)
  }

  @Test func relativeAndConstantTimestampsAreSaid() {
    let relative = analyze(
      (0..<3).map {
        ReportBuilder.inboundVideo(at: 12_345.6 + Double($0) * 1000, bytes: Double($0), packets: Double($0))
      })
    #expect(relative.diagnostics.map(\.code) == [.relativeTimestamps])
    let constant = analyze(
      (0..<3).map {
        ReportBuilder.inboundVideo(at: 1_700_000_000_000, bytes: Double($0), packets: Double($0))
      })
    #expect(
      constant.diagnostics.contains { $0.code == .constantTimestamps && $0.evidence["count"] == .integer(3) })
  }

  @Test func streamsBeyondTheLimitAreIgnoredAndSaid() {
    var builder = ReportBuilder()
    for index in 0..<(PeerConnectionLimits.streams + 10) {
      builder.add(
        .inboundRTP, id: "IT\(index)", at: 1000, numbers: [.ssrc: Double(index)], texts: [.kind: "audio"])
    }
    let analyzer = analyze([builder.report])
    #expect(analyzer.timeline(of: "pc")?.streams.count == PeerConnectionLimits.streams)
    #expect(
      analyzer.diagnostics.contains { $0.code == .tooManyObjects && $0.evidence["count"] == .integer(10) })
  }
}

/// The engine's documented limit, restated for the test.
enum PeerConnectionLimits {
  static let streams = 4096
}
