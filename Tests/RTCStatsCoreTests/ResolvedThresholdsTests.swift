import Testing

@testable import RTCStatsCore

/// The rules and trackers a ``ThresholdTable`` builds once (``ResolvedThresholds``) and every
/// connection copies: a user's override must still reach them, and one connection's state must
/// never leak into the next.
@Suite struct ResolvedThresholdsTests {
  typealias Fixture = DiagnosisFixture

  /// Received audio losing 2.5 of every 52.5 packets: 4.76 % per interval, worked out by hand.
  private static func lossyCall(_ table: ThresholdTable, seconds: Int = 10) -> Fixture {
    var call = Fixture(thresholds: table)
    var audio = Fixture.inboundAudio()
    audio.lostPerSecond = 2.5
    call.polls(seconds, [audio])
    return call
  }

  @Test func overriddenRuleThresholdsReachTheRule() throws {
    // Defaults: alertOn 3 %, 3 of the last 5 intervals; 4.76 % raises.
    let defaults = Self.lossyCall(.defaults).findings("highPacketLoss")
    #expect(defaults.count == 1)
    #expect(defaults.first?.threshold["alertOn"] == .integer(3))
    // Above the loss: nothing.
    let higher = try ThresholdTable.defaults.overriding([("highPacketLoss", [("alertOn", 6)])])
    #expect(Self.lossyCall(higher).findings("highPacketLoss").isEmpty)
    // One interval at 4.5 % is enough.
    let quicker = try ThresholdTable.defaults.overriding([
      ("highPacketLoss", [("alertOn", 4.5), ("minIntervals", 1), ("window", 1)])
    ])
    let quick = try #require(Self.lossyCall(quicker).findings("highPacketLoss").first)
    #expect(quick.threshold["alertOn"] == .number(4.5))
    #expect(quick.threshold["minIntervals"] == .integer(1))
  }

  @Test func overriddenLaddersReachTheGrader() throws {
    // 4.76 % audio loss is fair on the default ladder (fair from 2.5, warning from 5).
    let receive = { (table: ThresholdTable) in
      Self.lossyCall(table).analysis.peerConnections.first?.networkCondition?.receive.grade
    }
    #expect(receive(.defaults) == .fair)
    let stricter = try ThresholdTable.defaults.overriding([("condition.audioLoss", [("warning", 4)])])
    #expect(receive(stricter) == .warning)
    // The defaults' own resolution is untouched by the override.
    #expect(receive(.defaults) == .fair)
  }

  @Test func eachConnectionStartsFromACleanCopy() {
    let table = ThresholdTable.defaults
    let first = Self.lossyCall(table).findings("highPacketLoss")
    var clean = Fixture(thresholds: table)
    clean.polls(10, [Fixture.inboundAudio()])
    #expect(clean.analysis.findings.filter { $0.code.rawValue == "highPacketLoss" }.isEmpty)
    #expect(Self.lossyCall(table).findings("highPacketLoss") == first)
    // Two connections of one call, one lossy: only that one has the finding.
    var call = Fixture(thresholds: table)
    var lossy = Fixture.inboundAudio("IA-lossy")
    lossy.lostPerSecond = 2.5
    for _ in 0..<10 {
      call.peerConnection = "lossy"
      call.poll([lossy])
      call.peerConnection = "clean"
      call.poll([Fixture.inboundAudio("IA-clean")])
    }
    #expect(call.findings("highPacketLoss").map(\.peerConnection) == ["lossy"])
  }

  /// The page's diagnosis is made only at a page-level event: one that read nothing must find
  /// nothing, with the defaults and with every threshold at its most sensitive.
  @Test func aDiagnosisThatReadNothingFindsNothing() throws {
    let sensitive = try ThresholdTable.defaults.overriding(
      ThresholdTable.defaults.entries.map { entry in
        let names = entry.values.map(\.name).filter { $0 == "alertOn" || $0 == "minIntervals" }
        return (entry.key, names.map { ($0, 1) })
      })
    for table in [ThresholdTable.defaults, sensitive] {
      var diagnosis = table.resolved.connection
      diagnosis.start(id: nil, keepsIntervals: true)
      let outcome = diagnosis.outcome()
      #expect(outcome.findings.isEmpty)
      #expect(outcome.droppedFindings == 0 && outcome.audioMOS.isEmpty && outcome.health.isEmpty)
    }
    // That a page-level event still reaches the page's rules: getUserMediaErrorsSayWhy.
  }

  @Test func equalityAndHashStillFollowTheEntries() throws {
    let rebuilt = ThresholdTable(entries: ThresholdTable.defaults.entries)
    #expect(rebuilt == .defaults)
    #expect(rebuilt.hashValue == ThresholdTable.defaults.hashValue)
    let changed = try ThresholdTable.defaults.overriding([("highJitter", [("alertOn", 31)])])
    #expect(changed != .defaults)
    let back = try changed.overriding([("highJitter", [("alertOn", 30)])])
    #expect(back == .defaults)
    #expect(Set([back, .defaults, rebuilt]).count == 1)
  }
}
