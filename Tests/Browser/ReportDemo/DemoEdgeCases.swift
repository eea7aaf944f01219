import RTCStatsCore
import RTCStatsReport

/// A report made of the cases a renderer gets wrong: one-point and all-gap series,
/// non-finite values, time going backwards, a sub-second call, negative and absurd values,
/// more series than colours, a section without any time, a 300-character identifier.
enum DemoEdgeCases {
  static let start = 1_796_000_000_000.0

  static func point(_ second: Double, _ value: Double?) -> SeriesPoint {
    SeriesPoint(time: start + second * 1000, value: value)
  }

  static func document() -> ReportDocument {
    let longName = String(repeating: "{a-very-long-track-identifier}", count: 10)
    let finding = FindingItem(
      id: AnchorID("finding", "edge"), severity: .warning, message: "a finding without a time",
      location: longName)
    return ReportDocument(
      title: "edge cases", generator: "rtcstats demo", findings: [finding],
      sections: [sparseSection(longName), valuesSection(), timelessSection(), shortSection()])
  }

  private static func sparseSection(_ longName: String) -> ReportSection {
    let alternating = (0..<40).map { point(Double($0), $0 % 2 == 0 ? Double($0) : nil) }
    let nonFinite = (0..<40).map { index -> SeriesPoint in
      let value: Double = index % 10 == 5 ? .nan : index % 10 == 7 ? .infinity : Double(index % 6)
      return point(Double(index), value)
    }
    let backwards = [point(0, 1), point(10, 2), point(5, 3), point(20, 4), point(30, 2)]
    let outside = [point(-50, 9), point(2, 3), point(38, 5), point(500, 9)]
    return ReportSection(
      id: AnchorID("sparse"), kind: .track, title: "sparse series", subtitle: longName,
      facts: [ReportFact("identifier", longName)],
      band: BandModel(
        title: "Network condition", runs: [BandRun(start: start, end: start + 40_000, level: .unknown)]),
      charts: [
        ChartModel(
          id: AnchorID("chart", "one-point"), title: "One point", unit: .milliseconds,
          series: [SeriesModel(label: "rtt", points: [point(12, 80)])]),
        ChartModel(
          id: AnchorID("chart", "alternating"), title: "Every other value missing (dots, no lines)",
          unit: .count, series: [SeriesModel(label: "packets", points: alternating)]),
        ChartModel(
          id: AnchorID("chart", "non-finite"), title: "NaN and infinity are gaps", unit: .count,
          series: [
            SeriesModel(label: "value", points: nonFinite),
            SeriesModel(label: "held", shape: .step, points: [point(3, 2), point(9, nil)]),
          ]),
        ChartModel(
          id: AnchorID("chart", "backwards"), title: "Time going backwards starts a new run", unit: .count,
          series: [SeriesModel(label: "value", points: backwards)]),
        ChartModel(
          id: AnchorID("chart", "empty"), title: "All gaps", unit: .bitsPerSecond,
          series: [SeriesModel(label: "nothing", points: [point(1, nil), point(2, nil)])]),
        ChartModel(
          id: AnchorID("chart", "outside"), title: "Points outside the axis are left out", unit: .count,
          series: [SeriesModel(label: "value", points: outside)]),
      ],
      tables: [
        TableModel(
          columns: [TableColumn("a"), TableColumn("b", alignment: .trailing)],
          rows: [
            TableRow([.text("only one cell")]),
            TableRow([.text("x"), .value(.nan, .percent), .text("an extra cell"), .text(longName)]),
          ])
      ],
      timeRange: TimeRange(start: start, end: start + 40_000))
  }

  private static func valuesSection() -> ReportSection {
    let offset = (0..<60).map { point(Double($0), Double(($0 * 37) % 200) - 120) }
    let absurd = (0..<60).map { point(Double($0), $0 == 30 ? 1e20 : 1e6) }
    let many = (0..<10).map { (series: Int) -> SeriesModel in
      let points = (0..<60).map { (second: Int) -> SeriesPoint in
        let value = series * 10 + (second * (series + 1)) % 9
        return point(Double(second), Double(value))
      }
      return SeriesModel(label: "series " + String(series), isDashed: series >= 8, points: points)
    }
    return ReportSection(
      id: AnchorID("values"), kind: .track, title: "odd values",
      charts: [
        ChartModel(
          id: AnchorID("chart", "negative"), title: "Negative values (clock offset)", unit: .milliseconds,
          series: [SeriesModel(label: "offset", points: offset)]),
        ChartModel(
          id: AnchorID("chart", "absurd"), title: "An absurd peak", unit: .bitsPerSecond,
          series: [SeriesModel(label: "bitrate", points: absurd)]),
        ChartModel(
          id: AnchorID("chart", "many"), title: "Ten series (colours repeat)", unit: .count, series: many),
        ChartModel(
          id: AnchorID("chart", "fixed"), title: "Fixed range 0–100% with values beyond it", unit: .percent,
          series: [
            SeriesModel(label: "loss", points: (0..<60).map { point(Double($0), Double($0) * 2.5 - 20) })
          ],
          valueRange: 0...100),
      ])
  }

  private static func timelessSection() -> ReportSection {
    ReportSection(
      id: AnchorID("timeless"), kind: .peerConnection, title: "a peer connection without any stats",
      notes: ["the dump holds no report for this connection"],
      band: BandModel(title: "Network condition", runs: []),
      charts: [
        ChartModel(
          id: AnchorID("chart", "timeless"), title: "Bitrate", unit: .bitsPerSecond,
          series: [SeriesModel(label: "bitrate", points: [])])
      ])
  }

  private static func shortSection() -> ReportSection {
    let points = [SeriesPoint(time: start, value: 100), SeriesPoint(time: start + 800, value: 140)]
    return ReportSection(
      id: AnchorID("short"), kind: .peerConnection, title: "a call of 0.8 s",
      band: BandModel(
        title: "Network condition",
        runs: [BandRun(start: start, end: start + 800, level: .good, reason: "one report")]),
      charts: [
        ChartModel(
          id: AnchorID("chart", "short"), title: "Round-trip time", unit: .milliseconds,
          series: [SeriesModel(label: "rtt", points: points)])
      ])
  }
}
