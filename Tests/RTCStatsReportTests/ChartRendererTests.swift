import RTCStatsCore
import Testing

@testable import RTCStatsReport

@Suite struct ChartRendererTests {
  static let start = 1_796_000_000_000.0
  static let range = TimeRange(start: start, end: start + 60_000)

  static func points(_ values: [Double?]) -> [SeriesPoint] {
    values.enumerated().map { SeriesPoint(time: start + Double($0.offset) * 1000, value: $0.element) }
  }

  static func chart(_ series: SeriesModel..., intervals: [ShadedInterval] = [], markers: [ChartMarker] = [])
    -> ChartModel
  {
    ChartModel(
      id: AnchorID("c"), title: "c", unit: .count, series: series, intervals: intervals, markers: markers)
  }

  /// Runs of consecutive values, counted straight from the input.
  static func runLengths(_ values: [Double?]) -> [Int] {
    var lengths: [Int] = []
    var current = 0
    for value in values {
      if value != nil {
        current += 1
      } else if current > 0 {
        lengths.append(current)
        current = 0
      }
    }
    if current > 0 { lengths.append(current) }
    return lengths
  }

  @Test func aMissingValueBreaksTheLineAndNothingBridgesIt() throws {
    var values: [Double?] = (0..<60).map { Double($0 % 7) }
    for gap in [5, 6, 7, 20, 40, 41, 58] { values[gap] = nil }
    let drawn = DrawnChart(
      Self.chart(SeriesModel(label: "v", points: Self.points(values))), range: Self.range)
    let series = try #require(drawn.series.first)
    let lengths = Self.runLengths(values)
    // One subpath per run of two or more values, one dot per lone value.
    #expect(series.subpaths.map(\.count) == lengths.filter { $0 > 1 })
    #expect(series.dots.count == lengths.filter { $0 == 1 }.count)
    let gapTimes = values.indices.filter { values[$0] == nil }.map { Self.start + Double($0) * 1000 }
    for subpath in series.subpaths {
      for (from, to) in zip(subpath, subpath.dropFirst()) {
        let first = drawn.time(atX: from.x, range: Self.range)
        let second = drawn.time(atX: to.x, range: Self.range)
        #expect(!gapTimes.contains { $0 > first + 1 && $0 < second - 1 })
      }
    }
  }

  @Test func everyVertexIsAValueOfTheInputNeverAnInterpolation() throws {
    let values: [Double?] = [3, 9, nil, 4, 4, 8, 1, nil, nil, 6, 2]
    let drawn = DrawnChart(
      Self.chart(SeriesModel(label: "v", points: Self.points(values))), range: Self.range)
    let series = try #require(drawn.series.first)
    for vertex in series.subpaths.flatMap({ $0 }) + series.dots {
      let index = Int((drawn.time(atX: vertex.x, range: Self.range) - Self.start) / 1000 + 0.5)
      let expected = try #require(values[index])
      #expect(abs(drawn.value(atY: vertex.y) - expected) < 0.01 * (drawn.high - drawn.low))
    }
  }

  @Test func stepLinesHoldEachValueUntilTheNextPointThenStep() throws {
    let values: [Double?] = [360, 360, 720, 720, nil, 540]
    let drawn = DrawnChart(
      Self.chart(SeriesModel(label: "h", shape: .step, points: Self.points(values))), range: Self.range)
    let series = try #require(drawn.series.first)
    let subpath = try #require(series.subpaths.first)
    #expect(series.subpaths.count == 1)
    // 360 from 0 s to 2 s, up to 720, through the last point at 3 s and held until the gap at
    // 4 s; the lone 540 after the gap is a dot.
    let times = subpath.map { (drawn.time(atX: $0.x, range: Self.range) - Self.start) / 1000 }
    let heights = subpath.map { drawn.value(atY: $0.y) }
    #expect(times.map { ($0 * 10).rounded() / 10 } == [0, 2, 2, 3, 4])
    #expect(heights.map { $0.rounded() } == [360, 360, 720, 720, 720])
    #expect(series.dots.count == 1)
    #expect(series.classes.contains("step"))
  }

  @Test func thinningKeepsEveryPixelColumnsPeakAndTrough() throws {
    // 30 minutes at 10 polls a second: 18 000 points for 920 pixel columns.
    var random = SplitMix64(state: 42)
    let range = TimeRange(start: Self.start, end: Self.start + 1_800_000)
    var points = (0..<18_000).map { index in
      SeriesPoint(
        time: Self.start + Double(index) * 100, value: 1000 + Double.random(in: 0..<500, using: &random))
    }
    points[12_345].value = 9000
    points[777].value = 0
    let drawn = DrawnChart(Self.chart(SeriesModel(label: "v", points: points)), range: range)
    let vertices = try #require(drawn.series.first?.subpaths.first)
    #expect(vertices.count <= 2 * 920 + 2)
    // Independently: the lowest and highest value of each pixel column, as y.
    var columns: [Int: (low: Double, high: Double)] = [:]
    for point in points {
      let column = min(919, Int((point.time - range.start) / range.duration * 920))
      let value = try #require(point.value)
      let old = columns[column] ?? (value, value)
      columns[column] = (min(old.low, value), max(old.high, value))
    }
    let drawnValues = vertices.map { drawn.value(atY: $0.y) }
    let tolerance = 0.06 / (drawn.bottom - drawn.top) * (drawn.high - drawn.low)
    for (_, column) in columns {
      #expect(drawnValues.contains { abs($0 - column.low) <= tolerance })
      #expect(drawnValues.contains { abs($0 - column.high) <= tolerance })
    }
  }

  @Test func shadedIntervalsAndMarkersSitAtTheirTimes() throws {
    let finding = AnchorID("finding", "freeze")
    let chart = Self.chart(
      SeriesModel(label: "v", points: Self.points([1, 2, 3])),
      intervals: [
        ShadedInterval(start: Self.start + 15_000, end: Self.start + 30_000, kind: .freeze, label: "f")
      ],
      markers: [ChartMarker(time: Self.start + 45_000, severity: .critical, label: "m", target: finding)])
    let drawn = DrawnChart(chart, range: Self.range)
    let rect = try #require(drawn.markup.split(separator: "<rect").dropFirst().first)
    let x = try #require(DrawnChart.number(rect, "x"))
    let width = try #require(DrawnChart.number(rect, "width"))
    // 15 s of 60 s across 920 units from x = 68.
    #expect(abs(x - (68 + 920 * 0.25)) < 0.06 && abs(width - 920 * 0.25) < 0.11)
    #expect(rect.contains("shade-freeze"))
    #expect(drawn.markup.contains("<a href=\"#\(finding.value)\" class=\"marker sev-critical\">"))
  }

  @Test func aChartWithoutValuesOnTheAxisIsANoteNotAnEmptyPlot() {
    let empty = Self.chart(SeriesModel(label: "v", points: Self.points([nil, nil, .nan])))
    let drawn = DrawnChart(empty, range: Self.range)
    #expect(!drawn.markup.contains("<svg"))
    #expect(drawn.markup.contains("no data"))
  }

  @Test func valuesOutsideTheTimeAxisAreLeftOutAndDoNotStretchTheValueAxis() throws {
    let points = [
      SeriesPoint(time: Self.start - 5000, value: 900), SeriesPoint(time: Self.start + 1000, value: 3),
      SeriesPoint(time: Self.start + 2000, value: 5), SeriesPoint(time: Self.start + 90_000, value: 900),
    ]
    let drawn = DrawnChart(Self.chart(SeriesModel(label: "v", points: points)), range: Self.range)
    #expect(drawn.high == 6)
    #expect(drawn.series.first?.subpaths.first?.count == 2)
  }
}
