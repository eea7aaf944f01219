import RTCStatsCore
import Testing

/// `rtcstats inspect`'s inventory: linear and bounded on a dump whose ids never repeat
/// (issue 10, item 19: 10k/20k/40k/80k lines took 0.7/2.4/5.8/25.5 s, each report copied
/// the set of ids gathered so far), and the events of dumps with no stats (item 16).
@Suite struct StatsInventoryTests {
  /// A report of `count` codec objects with ids from `first` on.
  static func report(ids first: Int, count: Int, at time: Double) -> StatsReport {
    var report = StatsReport()
    for id in first..<(first + count) {
      _ = report.append(id: "C\(id)", type: .codec, typeName: "codec", timestamp: time)
    }
    return report
  }

  @Test func countsDistinctIdsTypesAndGaps() {
    var inventory = StatsInventory()
    // 3 reports 1 s apart; ids C0…C4, C2…C6, C4…C8: 9 distinct, 15 objects.
    for poll in 0..<3 {
      inventory.consume(
        Self.report(ids: poll * 2, count: 5, at: 1_700_000_000_000 + Double(poll) * 1000),
        peerConnection: "PC_0")
    }
    let connection = inventory.peerConnections[0]
    #expect(connection.reportCount == 3)
    #expect(connection.objectCount == 9)
    #expect(!connection.hasMoreObjects)
    #expect(connection.typeCounts == ["codec": 15])
    #expect(connection.typicalInterval == 1000)
    #expect(connection.firstTimestamp == 1_700_000_000_000 && connection.lastTimestamp == 1_700_000_002_000)
  }

  /// Issue 10, item 6: `inspect` took the span from every object's timestamp, `remote-*`
  /// ones included (the time of the last RTCP report, on the other end's clock): a call of
  /// 10 s polls whose first and last remote-inbound object lie an hour off was 7210 s long in
  /// `inspect` and 10 s in `analyze`.
  ///
  /// Both now use the poll times.
  @Test func theSpanIsThePollsNotTheRemoteObjects() {
    var inventory = StatsInventory()
    let start = 1_700_000_000_000.0
    for poll in 0...10 {
      let time = start + Double(poll) * 1000
      let remote = poll == 0 ? time - 3_600_000 : poll == 10 ? time + 3_600_000 : time
      var report = StatsReport()
      _ = report.append(id: "OT01A", type: .outboundRTP, typeName: "outbound-rtp", timestamp: time)
      _ = report.append(
        id: "RI01A", type: .remoteInboundRTP, typeName: "remote-inbound-rtp", timestamp: remote)
      inventory.consume(report, peerConnection: "PC_0")
    }
    let connection = inventory.peerConnections[0]
    #expect(connection.firstTimestamp == start && connection.lastTimestamp == start + 10_000)
    #expect(inventory.warnings().isEmpty)
  }

  /// Past ``StatsInventory/idLimit`` distinct ids the count stops and says so; the reports,
  /// types and times are still all counted.
  @Test func distinctIdsAreBounded() {
    var inventory = StatsInventory()
    let perReport = 1000
    let reports = StatsInventory.idLimit / perReport + 5
    for poll in 0..<reports {
      inventory.consume(
        Self.report(ids: poll * perReport, count: perReport, at: 1_700_000_000_000 + Double(poll) * 1000),
        peerConnection: "PC_0")
    }
    let connection = inventory.peerConnections[0]
    #expect(connection.objectCount == StatsInventory.idLimit)
    #expect(connection.hasMoreObjects)
    #expect(connection.reportCount == reports)
    #expect(connection.typeCounts == ["codec": reports * perReport])
  }

  /// Distinct type names are bounded as well; the rest are counted together.
  @Test func distinctTypesAreBounded() {
    var inventory = StatsInventory()
    var report = StatsReport()
    for index in 0..<(StatsInventory.typeLimit + 10) {
      _ = report.append(id: "X\(index)", type: .other, typeName: "t\(index)", timestamp: 1_700_000_000_000)
    }
    inventory.consume(report, peerConnection: "PC_0")
    let types = inventory.peerConnections[0].typeCounts
    #expect(types.count == StatsInventory.typeLimit + 1)
    #expect(types[StatsInventory.otherTypes] == 10)
  }

  /// getUserMedia calls and outcomes, and a peer connection known only from its events.
  @Test func recordsEventsOfADumpWithoutStats() {
    var inventory = StatsInventory()
    let events = [
      StatsEvent(time: 1, peerConnection: nil, kind: .getUserMedia, outcome: .call, name: "getUserMedia"),
      StatsEvent(
        time: 2, peerConnection: nil, kind: .getUserMedia, outcome: .failure, name: "getUserMediaOnFailure",
        value: "NotAllowedError"),
      StatsEvent(time: 3, peerConnection: "PC_1", kind: .create, name: "create"),
      StatsEvent(
        time: 4, peerConnection: "PC_1", kind: .iceConnectionState, name: "oniceconnectionstatechange",
        value: "failed"),
    ]
    for event in events { inventory.consume(event: event) }
    #expect(inventory.eventCount == 4)
    #expect(
      inventory.getUserMedia
        == MediaRequests(calls: 1, successes: 0, failures: 1, firstFailure: "NotAllowedError"))
    #expect(inventory.getDisplayMedia.isEmpty)
    #expect(inventory.peerConnections.map(\.id) == ["PC_1"])
    #expect(inventory.peerConnections[0].reportCount == 0)
    #expect(inventory.peerConnections[0].eventCount == 2)
    #expect(inventory.peerConnections[0].lastConnectionState == "failed")
  }
}
