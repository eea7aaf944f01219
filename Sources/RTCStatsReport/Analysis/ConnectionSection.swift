package import RTCStatsCore

/// The section of one peer connection: its network-condition band, transport charts, the
/// summary table of its tracks, and one subsection per track.
package struct ConnectionSection {
  /// Keeps the anchors of several dumps on one page apart.
  let scope: String
  /// The dump's findings, for the markers.
  let findings: FindingMapping

  /// The section of `connection`.
  func section(_ connection: PeerConnectionAnalysis) -> ReportSection {
    let id = AnchorID(peerConnection: connection.id, scope: scope)
    let series = ConnectionSeries(connection.timeline)
    var facts: [ReportFact] = []
    if let start = connection.startTime {
      facts.append(
        ReportFact("start", start >= 1e12 ? TableFigures.dateTime(start) + " UTC" : "date unknown"))
    }
    if connection.reportCount == 1 {
      facts.append(ReportFact("reports", "a single report: totals only, no rates"))
    } else {
      facts.append(ReportFact("duration", TableFigures.duration(connection.duration)))
      facts.append(ReportFact("reports", String(connection.reportCount)))
    }
    facts.append(ReportFact("transport", TrackTable.transport(connection.transport)))
    if let condition = connection.networkCondition {
      facts.append(ReportFact("network", Self.describe(condition)))
    }
    let markers = findings.markers(peerConnection: connection.id)
    let charts = [
      ChartModel(
        id: AnchorID(chart: "rtt", in: id), title: "Round-trip time (candidate pair)", unit: .milliseconds,
        series: [SeriesModel(label: "currentRoundTripTime", points: series.roundTripTime)], markers: markers),
      ChartModel(
        id: AnchorID(chart: "bandwidth", in: id), title: "Available bandwidth", unit: .bitsPerSecond,
        series: [
          SeriesModel(label: "availableOutgoingBitrate", points: series.availableOutgoing),
          SeriesModel(label: "availableIncomingBitrate", isDashed: true, points: series.availableIncoming),
        ].filter { $0.points.contains { $0.value != nil } }, markers: markers),
    ].filter(\.hasData)
    let tracks = TrackSection(scope: scope, findings: findings, series: series, connection: connection)
    return ReportSection(
      id: id, kind: .peerConnection, title: connection.id, facts: facts,
      band: Self.band(connection.networkCondition, id: AnchorID(chart: "network", in: id)), charts: charts,
      tables: connection.tracks.isEmpty ? [] : [TrackTable.table(for: connection, scope: scope)],
      children: connection.tracks.map(tracks.section))
  }

  /// The overall grade over time, each run with its reason.
  static func band(_ condition: NetworkCondition?, id: AnchorID) -> BandModel? {
    guard let condition, !condition.overall.timeline.isEmpty else { return nil }
    let runs = condition.overall.timeline.map { run in
      BandRun(
        start: run.start, end: run.end, level: level(run.grade),
        reason: run.grade.rawValue + (run.reason == .none ? "" : " (" + run.reason.rawValue + ")"))
    }
    return BandModel(id: id, title: "Network condition", runs: runs)
  }

  private static func level(_ grade: NetworkGrade) -> BandLevel {
    switch grade {
    case .excellent: .excellent
    case .good: .good
    case .fair: .fair
    case .warning: .warning
    case .critical: .critical
    case .unknown: .unknown
    }
  }

  /// The table view's network line: `warning (packetLoss, source remote) · send … · receive …`
  /// (`rtcstats analyze` prints it after `network: `).
  package static func describe(_ condition: NetworkCondition) -> String {
    var parts = [describe(condition.overall, withSource: true)]
    parts.append("send " + describe(condition.send, withSource: false))
    parts.append("receive " + describe(condition.receive, withSource: true))
    let shares = NetworkGrade.allCases.compactMap { grade -> String? in
      let share = condition.overall.timeShare[grade]
      return share >= 0.5 ? "\(DecimalFormat.fixed(share, decimals: 0))% \(grade.rawValue)" : nil
    }
    if !shares.isEmpty { parts.append(shares.joined(separator: ", ")) }
    return parts.joined(separator: " · ")
  }

  private static func describe(_ summary: NetworkConditionSummary, withSource: Bool) -> String {
    switch summary.grade {
    case .unknown: return "—"
    case .excellent: return "excellent"
    default:
      var detail = [summary.reason.rawValue]
      if withSource, summary.degradationSource != .none {
        detail.append("source " + summary.degradationSource.rawValue)
      }
      return summary.grade.rawValue + " (" + detail.joined(separator: ", ") + ")"
    }
  }
}
