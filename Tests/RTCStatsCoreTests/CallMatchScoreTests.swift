import Testing

@testable import RTCStatsCore

/// The match score's parts on series whose answer is known: identical, independent, constant.
@Suite struct CallMatchScoreTests {
  private func walk(_ seed: UInt64, count: Int = 30) -> [Double] {
    var noise = CallFixture.Noise(seed: seed)
    var level = 200_000.0
    return (0..<count).map { _ in
      level = min(max(level + (noise.next() - 0.5) * 40_000, 100_000), 300_000)
      return level
    }
  }

  @Test func identicalSeriesMatchFully() throws {
    let series = walk(5)
    let thresholds = CallThresholds()
    #expect(
      try #require(MatchScore.fingerprint(sent: series, received: series, thresholds: thresholds)) > 0.999)
    #expect(MatchScore.identical(sent: series, received: series, thresholds: thresholds) == 1)
  }

  @Test func independentSeriesDoNot() throws {
    let thresholds = CallThresholds()
    let fingerprint = try #require(
      MatchScore.fingerprint(sent: walk(5), received: walk(6), thresholds: thresholds))
    #expect(fingerprint < thresholds.linkScore + thresholds.fingerprintOnlyPenalty)
    #expect((MatchScore.identical(sent: walk(5), received: walk(6), thresholds: thresholds) ?? 0) < 0.3)
  }

  /// A forwarded stream with loss in a third of its intervals: their received bytes are an
  /// estimate (lost packets at the mean size, here 2 % off), which says nothing about
  /// identity; the other intervals are byte-identical.
  @Test func lossyIntervalsDoNotCountAgainstIdentity() throws {
    let sent = walk(5)
    let lossy = sent.indices.map { $0 % 3 == 0 }
    let received = sent.indices.map { lossy[$0] ? sent[$0] * 0.98 : sent[$0] }
    let thresholds = CallThresholds()
    #expect((MatchScore.identical(sent: sent, received: received, thresholds: thresholds) ?? 1) < 0.8)
    #expect(MatchScore.identical(sent: sent, received: received, lossy: lossy, thresholds: thresholds) == 1)
    // Another stream stays unlike it on the loss-free intervals.
    let other = walk(6)
    let unlike = MatchScore.identical(sent: sent, received: other, lossy: lossy, thresholds: thresholds)
    #expect((unlike ?? 0) < 0.3)
  }

  @Test func aConstantSenderHasNoFingerprint() {
    let flat = Array(repeating: 3_000.0, count: 30)
    #expect(MatchScore.fingerprint(sent: flat, received: flat, thresholds: CallThresholds()) == nil)
  }

  @Test func receivedBytesCountLostPacketsAtTheMeanSize() {
    var before = MediaSample(time: 0)
    before.bytes = 10_000
    before.packets = 10
    var after = MediaSample(time: 1000)
    after.bytes = 100_000
    after.packets = 100
    after.packetsLost = 10
    // 90 000 bytes in 90 packets, plus 10 lost packets of 1000 bytes.
    #expect(AlignedIntervals.receivedBytes(from: before, to: after) == 100_000)
  }

  @Test func theScoreIsTheMeanOrTheFingerprintLessItsPenalty() {
    #expect(MatchScore(fingerprint: 0.9, identical: 0.5, intervals: 20).value == 0.7)
    let alone = MatchScore(fingerprint: 0.9, identical: nil, intervals: 20).value ?? 0
    #expect(abs(alone - 0.65) < 1e-9)
    #expect(MatchScore(fingerprint: nil, identical: 1, intervals: 20).value == nil)
  }

  @Test func windowSumsSlide() {
    #expect(MatchScore.windowSums([1, 2, 3, 4], 2) == [3, 5, 7])
    #expect(MatchScore.windowSums([1], 2).isEmpty)
  }
}
