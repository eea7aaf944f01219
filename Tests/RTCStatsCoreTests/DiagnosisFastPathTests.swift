import Testing

@testable import RTCStatsCore

/// The shortcuts that make the diagnosis cheap per poll decide exactly what the long way does:
/// the rule set calls every registered rule in order, an interval a detector `ignores` changes
/// nothing when fed, and the inline grade state and ladders keep their values.
@Suite struct DiagnosisFastPathTests {
  @Test func ruleSetCallsEveryRegisteredRuleInRegistryOrder() {
    let codes = RuleSet(.defaults).codes.map(\.rawValue)
    #expect(codes == RuleRegistry.rules.map { $0.descriptor.code.rawValue })
  }

  /// Every value of a sequence that raises, extends and clears episodes (both directions of
  /// badness): where `ignores` says yes, feeding the value leaves the detector equal and
  /// reports nothing.
  @Test(arguments: [false, true])
  func ignoredValuesChangeNothing(lowerIsWorse: Bool) {
    // Lower is worse: the same sequence and bounds mirrored around 3 (6 − value).
    var detector = EpisodeDetector(
      alertOn: 3, alertOff: lowerIsWorse ? 5 : 1, minIntervals: 2, window: 3, clearIntervals: 2,
      lowerIsWorse: lowerIsWorse)
    let sequence: [Double?] = [0, 5, nil, 0, 4, 5, 2, 0, .nan, 0, 0, 6, 1, .infinity, 3, 3, 0, 0, 0]
    let values = sequence.map { value in value.map { lowerIsWorse ? 6 - $0 : $0 } }
    var ignored = 0
    for (index, value) in values.enumerated() {
      let before = detector
      let ignores = detector.ignores(value)
      let change = detector.add(value, start: Double(index), end: Double(index + 1))
      if ignores {
        ignored += 1
        #expect(change == .none, "value \(String(describing: value)) at \(index)")
        #expect(detector == before, "value \(String(describing: value)) at \(index)")
      }
    }
    #expect(ignored >= 5)  // the shortcut is taken, not only proved harmless
  }

  /// A slot not seen yet counts as idle; one with an open episode ignores only unknown values.
  @Test func trackEpisodesIgnoreIdleSlotsOnly() {
    let entry = ThresholdEntry.hysteresis(
      "test", alertOn: 3, alertOff: 1, unit: "%", minIntervals: 1, window: 1)
    var episodes = TrackEpisodes(entry)
    #expect(episodes.ignores(0, slot: 2))
    #expect(episodes.ignores(nil, slot: 2))
    #expect(!episodes.ignores(3, slot: 2))
    guard case .started = episodes.feed(slot: 2, track: nil, value: 5, start: 0, end: 1) else {
      Issue.record("5 reaches alertOn 3 in one interval")
      return
    }
    #expect(!episodes.ignores(0, slot: 2))  // would clear the open episode
    #expect(episodes.ignores(nil, slot: 2))
    #expect(episodes.ignores(0, slot: 0))  // another slot is still idle
  }

  @Test func perGradeKeepsOneValuePerGrade() {
    var values = PerGrade(good: 1, others: 3)
    #expect((1...4).map { values[$0] } == [1, 3, 3, 3])
    values[2] = 7
    values[4] = 9
    #expect((1...4).map { values[$0] } == [1, 7, 3, 9])
  }

  /// The bounds of `condition.videoLoss` (good 0.5, fair 2, warning 3, critical 10 %) and of a
  /// ladder where lower is worse, read at and around each bound.
  @Test func ladderGradesAtEachBound() {
    let loss = ConditionLadder(ThresholdTable.defaults.entry("condition.videoLoss"))
    #expect((loss.good, loss.fair, loss.warning, loss.critical) == (0.5, 2, 3, 10))
    let values: [Double] = [0, 0.49, 0.5, 1.5, 2, 2.99, 3, 9.99, 10, 50]
    #expect(values.map { loss.badness($0) } == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
    #expect(loss.badness(nil) == nil && loss.badness(.nan) == nil)
    let share = ConditionLadder(
      ThresholdEntry(
        "share",
        [
          ThresholdValue("good", 90, ""), ThresholdValue("fair", 70, ""), ThresholdValue("warning", 50, ""),
          ThresholdValue("critical", 20, ""), ThresholdValue("lowerIsWorse", 1, ""),
        ]))
    #expect([100, 90, 89, 70, 69, 50, 49, 20, 19].map { share.badness($0) } == [0, 0, 1, 1, 2, 2, 3, 3, 4])
  }
}
