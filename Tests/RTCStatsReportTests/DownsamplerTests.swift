import Testing

@testable import RTCStatsReport

@Suite struct DownsamplerTests {
  static let range = TimeRange(start: 0, end: 40_000)

  static func points(_ values: [Double?], step: Double = 1000) -> [SeriesPoint] {
    values.enumerated().map { SeriesPoint(time: Double($0.offset) * step, value: $0.element) }
  }

  @Test func gapsNonFiniteValuesAndBackwardTimeEndARun() {
    var points = Self.points([1, 2, nil, 3, .nan, 4, 5, .infinity, 6])
    points.append(SeriesPoint(time: 3500, value: 7))  // earlier than 8 s
    let runs = Downsampler.runs(of: points, in: Self.range)
    #expect(runs.map(\.values) == [[1, 2], [3], [4, 5], [6], [7]])
    // A run ended by a gap holds until the gap's time; one ended by time going back does not.
    #expect(runs.map(\.holdUntil) == [2000, 4000, 7000, nil, nil])
  }

  @Test func pointsOutsideTheAxisAreLeftOut() {
    let points = [
      SeriesPoint(time: -1, value: 1), SeriesPoint(time: 0, value: 2), SeriesPoint(time: 40_000, value: 3),
      SeriesPoint(time: 40_001, value: 4),
    ]
    #expect(Downsampler.runs(of: points, in: Self.range).map(\.values) == [[2, 3]])
  }

  @Test func thinningKeepsTheLowestAndHighestOfEachBucketInTimeOrder() {
    // Four buckets of ten seconds; bucket 0: 5 7 9 2 5 …
    let pattern: [Double] = [5, 7, 9, 2, 5, 6, 6, 6, 6, 6]
    let values: [Double] = (0..<40).map { (index: Int) -> Double in pattern[index % 10] + Double(index / 10) }
    let run = Downsampler.Run(times: values.indices.map { Double($0) * 1000 }, values: values)
    let thinned = Downsampler.thin(run, in: Self.range, buckets: 4, keepsBucketEnds: false)
    // Per bucket the 9 (third) then the 2 (fourth); the run's first and last point stay.
    let expected: [Double] = [5, 9, 2, 10, 3, 11, 4, 12, 5, 9]  // 9 + bucket, 2 + bucket; last 6 + 3
    #expect(thinned.values == expected)
    #expect(thinned.times == [0, 2000, 3000, 12000, 13000, 22000, 23000, 32000, 33000, 39000])
  }

  @Test func stepThinningAlsoKeepsEachBucketsFirstAndLastPoint() {
    let values: [Double] = (0..<40).map { Double($0 % 3) }
    let run = Downsampler.Run(times: values.indices.map { Double($0) * 1000 }, values: values)
    let thinned = Downsampler.thin(run, in: Self.range, buckets: 4, keepsBucketEnds: true)
    for bucket in 0..<4 {
      let first = Double(bucket * 10) * 1000
      let last = Double(bucket * 10 + 9) * 1000
      #expect(thinned.times.contains(first) && thinned.times.contains(last))
    }
    #expect(thinned.times == thinned.times.sorted())
  }

  @Test func sparseRunsAreLeftAlone() {
    let run = Downsampler.Run(times: [0, 1000, 2000], values: [1, 5, 2])
    #expect(Downsampler.thin(run, in: Self.range, buckets: 920, keepsBucketEnds: false) == run)
  }

  @Test func repeatedValuesOfAStepLineAreDroppedButTheLastPointStays() {
    let run = Downsampler.Run(times: [0, 1, 2, 3, 4, 5], values: [1, 1, 2, 2, 2, 2], holdUntil: 9)
    let dropped = Downsampler.droppingRepeats(run)
    #expect(dropped.times == [0, 2, 5])
    #expect(dropped.values == [1, 2, 2])
    #expect(dropped.holdUntil == 9)
  }
}
