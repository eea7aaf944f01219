import RTCStatsCore
import Testing

@Suite struct DistributionTests {
  @Test func percentilesInterpolateBetweenRanks() throws {
    // NumPy: np.percentile([1,2,3,4,10], [50, 95]) == [3.0, 8.8]
    let distribution = try #require(Distribution(values: [4, 1, 10, 3, 2]))
    #expect(distribution.p50 == 3)
    #expect(abs(distribution.p95 - 8.8) < 1e-12)
    #expect(distribution.min == 1 && distribution.max == 10)
    #expect(distribution.mean == 4)
  }

  @Test func meanIsTimeWeightedWhenWeightsAreGiven() throws {
    // 1000 bps for 1 s and 4000 bps for 3 s: 13000 bits over 4 s.
    let distribution = try #require(Distribution(values: [1000, 4000], weights: [1000, 3000]))
    #expect(distribution.mean == 3250)
  }

  @Test func noFiniteValueMeansUnknown() {
    #expect(Distribution(values: []) == nil)
    #expect(Distribution(values: [.nan, .infinity]) == nil)
  }
}
