import Testing

@testable import RTCStatsReport

@Suite struct SparklineTests {
  @Test func oneValuePerColumnMapsLinearlyOntoTheEightBlocks() {
    #expect(Sparkline(width: 8).render([0, 1, 2, 3, 4, 5, 6, 7]) == "▁▂▃▄▅▆▇█")
  }

  @Test func gapsAreSpaces() {
    #expect(Sparkline(width: 8).render([0, 1, 2, 3, nil, 5, 6, 7]) == "▁▂▃▄ ▆▇█")
    #expect(Sparkline(width: 3).render([.nan, 7, .infinity]) == " █ ")
  }

  @Test func moreValuesThanColumnsAreAveragedPerColumn() {
    // Columns of two: (0+2)/2 = 1, (6+8)/2 = 7, (nil, 14) = 14, on 0…14:
    // 1/14·7 = 0.5 → level 1 ▂, 7/14·7 = 3.5 → level 4 ▅, 14 → █.
    #expect(Sparkline(width: 3).render([0, 2, 6, 8, nil, 14]) == "▂▅█")
  }

  @Test func fewerValuesThanColumnsAreStretchedNotInvented() {
    #expect(Sparkline(width: 6).render([0, 7]) == "▁▁▁███")
    #expect(Sparkline(width: 4).render([]) == "    ")
  }

  @Test func flatSeriesAndFixedRanges() {
    #expect(Sparkline(width: 3).render([0, 0, 0]) == "▁▁▁")
    #expect(Sparkline(width: 3).render([5, 5, 5]) == "███")
    #expect(Sparkline(width: 3, range: 0...10).render([5, 20, -3]) == "▅█▁")
  }

  @Test func everyRenderingHasTheWidthAsked() {
    for count in [0, 1, 7, 8, 9, 100, 1001] {
      let values = (0..<count).map { Double($0 % 13) }
      #expect(Sparkline(width: 20).render(values).count == 20)
    }
    #expect(Sparkline(width: 0).render([1]).count == 1)
  }

  @Test func timedPointsAreBucketedByTimeSoSilenceIsAGap() {
    // 0–10 s in 5 columns of 2 s; nothing between 4 s and 8 s.
    let points = [0.0, 1, 2, 3, 8, 9, 10].map { SeriesPoint(time: $0 * 1000, value: $0 < 5 ? 1 : 2) }
    let line = Sparkline(width: 5).render(points, over: TimeRange(start: 0, end: 10_000))
    #expect(line == "▅▅  █")
  }

  @Test func absurdValuesDoNotBreakIt() {
    #expect(Sparkline(width: 2).render([.greatestFiniteMagnitude, .greatestFiniteMagnitude]).count == 2)
  }
}
