import Foundation
import RTCStatsCore
import Testing

/// The metric registry is the single description of every figure: names are unique, every
/// metric is documented, and README's metrics table is exactly what the registry says.
@Suite struct MetricRegistryTests {
  @Test func namesAreUniqueAndDocumented() {
    let names = MetricRegistry.metrics.map(\.name)
    #expect(Set(names).count == names.count)
    for metric in MetricRegistry.metrics {
      #expect(!metric.formula.isEmpty, "\(metric.name)")
      #expect(!metric.inputs.isEmpty, "\(metric.name)")
      #expect(MetricRegistry.metric(named: metric.name)?.name == metric.name)
    }
  }

  /// The interval rows list the figures of schema 1 first, in their documented order.
  @Test func intervalMembersKeepTheirDocumentedOrder() {
    let schemaOne = [
      "bitrate", "totalBitrate", "packetsLost", "packetLossPercent", "jitter", "roundTripTime",
      "frameRate", "width", "height", "freezeCount", "pauseCount", "concealmentPercent",
      "audioLevel", "qualityLimitationReason",
    ]
    #expect(Array(MetricRegistry.intervalMetrics.map(\.name).prefix(schemaOne.count)) == schemaOne)
  }

  /// README's metrics table, generated from the registry.
  ///
  /// When this fails, paste the expected
  /// table from the failure message between the markers in README.md.
  @Test func readmeTableMatchesTheRegistry() throws {
    let readme = try String(
      contentsOf: SourceLimitsTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let begin =
      "<!-- metrics-table:begin (generated from MetricRegistry; checked by MetricRegistryTests) -->\n"
    let end = "<!-- metrics-table:end -->"
    let start = try #require(readme.range(of: begin))
    let stop = try #require(readme.range(of: end, range: start.upperBound..<readme.endIndex))
    let table = String(readme[start.upperBound..<stop.lowerBound])
    let expected = Self.markdownTable()
    #expect(table == expected, "README metrics table is out of date; expected:\n\(expected)")
  }

  static func markdownTable() -> String {
    var lines = [
      "| figure | definition | W3C inputs | unit | tracks | per interval | over the call |",
      "|---|---|---|---|---|---|---|",
    ]
    for metric in MetricRegistry.metrics {
      let inputs = metric.inputs.map { "`\($0)`" }.joined(separator: ", ")
      let interval = metric.hasIntervalValue ? "yes (layers: \(metric.merge.rawValue))" : "—"
      let cells = [
        "`\(metric.name)`", metric.formula, inputs, metric.unit.rawValue, metric.scope.label, interval,
        describe(metric.summary),
      ]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func describe(_ rule: SummaryRule) -> String {
    switch rule {
    case .none: "—"
    case .timeWeighted(let fallback):
      "distribution, time-weighted mean" + (fallback == nil ? "" : " (else of samples)")
    case .sampled(let source):
      source.receiverReportsOnly ? "distribution per receiver report" : "distribution of samples"
    case .total: "sum of each segment's last value"
    case .ratio: "ratio of the totals"
    case .longestHeld: "held longest"
    case .perDirection(let inbound, let outbound):
      "inbound: \(describe(inbound)); outbound: \(describe(outbound))"
    case .custom: "see definition"
    }
  }
}
