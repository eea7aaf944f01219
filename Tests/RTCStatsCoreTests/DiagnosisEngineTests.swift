import Testing

@testable import RTCStatsCore

/// The diagnosis machinery on values worked out by hand: hysteresis, the grade tracker, the
/// MOS formula, the thresholds table and the bandwidth table.
@Suite struct DiagnosisEngineTests {
  /// EpisodeDetector's documented example: alertOn 3, alertOff 1, 2 of 3.
  @Test func detectorRaisesTwoOfThreeAndBackdatesTheStart() {
    var detector = EpisodeDetector(alertOn: 3, alertOff: 1, minIntervals: 2, window: 3)
    let values: [Double] = [0, 4, 0, 5, 2, 0, 0]
    var changes: [EpisodeChange] = []
    for (index, value) in values.enumerated() {
      changes.append(detector.add(value, start: Double(index), end: Double(index + 1)))
    }
    guard case .started(let started) = changes[3], case .ended(let ended) = changes[5] else {
      Issue.record("expected a start at the 4th interval and an end at the 6th: \(changes)")
      return
    }
    #expect(started.start == 1)  // the 2nd interval, the first at alertOn in the window
    #expect(ended.start == 1 && ended.end == 5)  // the 5th (2 ≥ alertOff) was the last warm one
    #expect(ended.peak == 5)
    #expect(changes[4] == .continued)
    #expect(detector.open == nil)
  }

  @Test func unknownValuesNeitherRaiseNorClear() {
    var detector = EpisodeDetector(alertOn: 3, alertOff: 1, minIntervals: 1, window: 1)
    #expect(detector.add(5, start: 0, end: 1) != .none)
    #expect(detector.add(nil, start: 1, end: 2) == .none)
    #expect(detector.open != nil)
    #expect(detector.add(nil, start: 2, end: 3) == .none)
    guard case .ended(let episode) = detector.add(0, start: 3, end: 4) else {
      Issue.record("expected the episode to end at the first known cold value")
      return
    }
    #expect(episode.end == 1)
  }

  @Test func lowerIsWorseInvertsTheBounds() {
    var detector = EpisodeDetector(alertOn: 40, alertOff: 70, minIntervals: 1, window: 1, lowerIsWorse: true)
    #expect(detector.add(80, start: 0, end: 1) == .none)
    guard case .started = detector.add(30, start: 1, end: 2) else {
      Issue.record("30 is below alertOn 40")
      return
    }
    #expect(detector.add(60, start: 2, end: 3) == .continued)  // still below alertOff 70
    guard case .ended = detector.add(75, start: 3, end: 4) else {
      Issue.record("75 is above alertOff 70")
      return
    }
  }

  /// ConditionTracker's documented example (2 of 3): the lone warning only reaches good (one
  /// interval is enough for good), the pair bridges the interval between them.
  @Test func gradeTrackerHoldsSustainedGradesOnly() {
    var tracker = ConditionTracker(.defaults)
    let raw = [0, 3, 0, 3, 3, 0, 3, 0]
    var final: [NetworkGrade] = []
    for (index, badness) in raw.enumerated() {
      var sample = ConditionSample(start: Double(index), end: Double(index + 1))
      sample.packetLoss = Int8(badness)
      if let interval = tracker.add(sample) { final.append(interval.grade) }
    }
    final += tracker.finish().map(\.grade)
    #expect(final == [.excellent, .warning, .warning, .warning, .warning, .excellent, .good, .excellent])
  }

  @Test func gradeReasonPrefersTheCauseToTheSymptom() {
    var sample = ConditionSample(start: 0, end: 1)
    sample.packetLoss = 4
    sample.bandwidth = 3
    #expect(sample.reason(reaching: 3) == .bandwidth)  // queues overflowing explain the loss
    #expect(sample.reason(reaching: 4) == .packetLoss)
    sample.change = 4
    #expect(sample.reason(reaching: 4) == .networkConditionChange)
  }

  /// Values computed with Twilio's formula in Python (independent of this code):
  /// R = 94.768 − Le/40 or − (Le − 120)/10, − 2.5·loss, MOS = 1 + 0.035R + 7e-6 R(R − 60)(100 − R).
  @Test(arguments: [
    (0.0, 0.0, 0.0, 4.433327950361177), (200, 30, 2, 3.811903597490176), (50, 10, 10, 3.4906533976181766),
    (1200, 0, 0, 1.0000314733439999), (20, 5, 40, 1),
  ])
  func mosFollowsTwiliosEModel(rtt: Double, jitter: Double, loss: Double, expected: Double) throws {
    let mos = try #require(AudioMOS.score(roundTripTime: rtt, jitter: jitter, lossPercent: loss))
    #expect(abs(mos - expected) < 1e-9)
  }

  @Test func unknownRoundTripTimeGivesNoMOS() {
    #expect(AudioMOS.score(roundTripTime: nil, jitter: 1, lossPercent: 0) == nil)
    #expect(AudioMOS.score(roundTripTime: 10, jitter: nil, lossPercent: 0) == nil)
    #expect(AudioMOS.score(roundTripTime: -1, jitter: 1, lossPercent: 0) == nil)
  }

  @Test func thresholdOverridesReplaceByNameAndNameUnknownKeys() throws {
    let table = try ThresholdTable.defaults.overriding([
      ("highPacketLoss", [("alertOn", 5), ("minIntervals", 2)])
    ])
    #expect(table["highPacketLoss"]?.alertOn == 5)
    #expect(table["highPacketLoss"]?.minIntervals == 2)
    #expect(ThresholdTable.defaults["highPacketLoss"]?.alertOn == 3)
    #expect(throws: ThresholdError.unknownEntry("highPacketLos", suggestion: "highPacketLoss")) {
      try ThresholdTable.defaults.overriding([("highPacketLos", [("alertOn", 5)])])
    }
    #expect(throws: ThresholdError.unknownValue(entry: "highJitter", name: "alerton", suggestion: "alertOn"))
    {
      try ThresholdTable.defaults.overriding([("highJitter", [("alerton", 5)])])
    }
    #expect(throws: ThresholdError.self) {
      try ThresholdTable.defaults.overriding([("highJitter", [("minIntervals", 0.5)])])
    }
    #expect(throws: ThresholdError.self) {
      try ThresholdTable.defaults.overriding([("highJitter", [("window", 1)])])  // below minIntervals 2
    }
  }

  @Test func everyRuleHasItsOwnDocumentedEntry() {
    let codes = RuleRegistry.descriptors.map(\.code.rawValue)
    #expect(codes.count >= 20)
    #expect(Set(codes).count == codes.count)
    for descriptor in RuleRegistry.descriptors {
      #expect(ThresholdTable.defaults[descriptor.code.rawValue] != nil)
      #expect(!descriptor.formula.isEmpty && !descriptor.source.isEmpty && !descriptor.guards.isEmpty)
      for value in descriptor.thresholds.values {
        #expect(!value.meaning.isEmpty, "\(descriptor.code).\(value.name)")
      }
    }
  }

  /// Vonage's table: 720p 1000 kbps excellent; 640x360 interpolated between 352x288 (300) and
  /// 640x480 (600) by pixels: 300 + (230400 − 101376)/(307200 − 101376)·300.
  @Test func bandwidthNeedComesFromVonagesTable() {
    #expect(VonageBandwidthTable.excellentVideoBitrate(width: 1280, height: 720) == 1_000_000)
    #expect(VonageBandwidthTable.acceptableVideoBitrate(width: 1280, height: 720) == 350_000)
    #expect(VonageBandwidthTable.excellentVideoBitrate(width: 320, height: 180) == 300_000)
    let fraction: Double = (230_400.0 - 101_376.0) / (307_200.0 - 101_376.0)
    let expected: Double = (300.0 + fraction * 300.0) * 1000.0
    #expect(abs(VonageBandwidthTable.excellentVideoBitrate(width: 640, height: 360) - expected) < 1e-6)
    #expect(VonageBandwidthTable.excellentVideoBitrate(width: 3840, height: 2160) == 3_500_000)
  }
}
