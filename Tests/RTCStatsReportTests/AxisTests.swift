import Testing

@testable import RTCStatsReport

@Suite struct AxisTests {
  // MARK: - Value axis

  @Test func bitrateTicksAreRoundMegabits() {
    // 2.3 Mbps: rough step 575 000 → 1 Mbps.
    let axis = ValueAxis(dataLow: 150_000, dataHigh: 2_300_000, unit: .bitsPerSecond)
    #expect(axis.low == 0 && axis.high == 3_000_000)
    #expect(axis.ticks == [0, 1_000_000, 2_000_000, 3_000_000])
    #expect(axis.labels == ["0", "1 Mbps", "2 Mbps", "3 Mbps"])
  }

  @Test func fractionalStepsKeepTheirDecimals() {
    // 0…1.2 Mbps: rough 300 000 → 500 000, labelled in Mbps with one decimal.
    let axis = ValueAxis(dataLow: 0, dataHigh: 1_200_000, unit: .bitsPerSecond)
    #expect(axis.ticks == [0, 500_000, 1_000_000, 1_500_000])
    #expect(axis.labels == ["0", "0.5 Mbps", "1.0 Mbps", "1.5 Mbps"])
  }

  @Test func smallBitratesUseKilobits() {
    let axis = ValueAxis(dataLow: 20_000, dataHigh: 41_000, unit: .bitsPerSecond)
    #expect(axis.labels == ["0", "20 kbps", "40 kbps", "60 kbps"])
  }

  @Test func millisecondsBecomeSecondsFromTenSeconds() {
    let axis = ValueAxis(dataLow: 0, dataHigh: 31_000, unit: .milliseconds)
    #expect(axis.ticks == [0, 10_000, 20_000, 30_000, 40_000])
    #expect(axis.labels == ["0", "10 s", "20 s", "30 s", "40 s"])
  }

  @Test func percentAndFrameRateLabels() {
    #expect(
      ValueAxis(dataLow: 0, dataHigh: 9, unit: .percent).labels == ["0", "2.5%", "5.0%", "7.5%", "10.0%"])
    #expect(
      ValueAxis(dataLow: 0, dataHigh: 30, unit: .framesPerSecond).labels == [
        "0", "10 fps", "20 fps", "30 fps",
      ])
  }

  @Test func negativeValuesExtendTheAxisBelowZero() {
    let axis = ValueAxis(dataLow: -120, dataHigh: 79, unit: .milliseconds)
    #expect(axis.low == -150 && axis.high == 100)
    #expect(axis.ticks.first == -150 && axis.ticks.contains(0))
  }

  @Test func aFixedRangeIsKept() {
    let axis = ValueAxis(dataLow: -20, dataHigh: 130, unit: .percent, fixed: 0...100)
    #expect(axis.low == 0 && axis.high == 100)
    #expect(axis.ticks == [0, 25, 50, 75, 100])
  }

  @Test(arguments: [
    (0.0, 0.0), (.nan, .nan), (-.infinity, .infinity), (5, 5), (1e300, 1e308), (1e18, 1e18 + 4096),
  ])
  func degenerateRangesStillGiveAnAxis(_ low: Double, _ high: Double) {
    let axis = ValueAxis(dataLow: low, dataHigh: high, unit: .count)
    #expect(axis.high > axis.low)
    #expect(!axis.ticks.isEmpty && axis.ticks.count <= 12)
    #expect(axis.labels.count == axis.ticks.count)
  }

  @Test(arguments: [
    (0.3, 0.5), (1.0, 1.0), (1.1, 2.0), (2.1, 2.5), (2.6, 5.0), (5.5, 10.0), (575_000, 1_000_000),
  ])
  func niceStepsAreOneTwoTwoAndAHalfOrFive(_ rough: Double, _ step: Double) {
    #expect(abs(ValueAxis.niceStep(for: rough) - step) < step * 1e-12)
  }

  // MARK: - Time axis

  @Test func threeMinutesTickEveryThirtySeconds() {
    let axis = TimeAxis(range: TimeRange(start: 1000, end: 1000 + 180_000))
    #expect(axis.labels == ["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00"])
    #expect(axis.ticks.first == 1000)
  }

  @Test func thirtyMinutesTickEveryFiveMinutes() {
    let axis = TimeAxis(range: TimeRange(start: 0, end: 1_800_000))
    #expect(axis.labels == ["00:00", "05:00", "10:00", "15:00", "20:00", "25:00", "30:00"])
  }

  @Test func longCallsShowHours() {
    let axis = TimeAxis(range: TimeRange(start: 0, end: 5 * 3_600_000))
    #expect(axis.labels.first == "00:00")
    #expect(axis.labels.contains("1:00:00"))
    #expect(axis.ticks.count <= TimeAxis.maximumTicks + 1)
  }

  @Test func anInstantIsWidenedToOneSecond() {
    let axis = TimeAxis(range: TimeRange(start: 5000, end: 5000))
    #expect(axis.range.duration == 1000)
    #expect(axis.labels == ["00:00", "00:01"])
  }

  @Test(arguments: [(0.0, 1e300), (Double.nan, 1.0), (-Double.infinity, Double.infinity)])
  func absurdRangesStayBounded(_ start: Double, _ end: Double) {
    let axis = TimeAxis(range: TimeRange(start: start, end: end))
    #expect(axis.ticks.count <= TimeAxis.maximumTicks + 1)
  }
}
