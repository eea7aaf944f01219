import RTCStatsCore
import RTCStatsReport

/// A demo call with everything a report shows: a network-condition band, transport
/// charts, a simulcast sender with three layers, a receiver with a freeze and a pause,
/// audio both ways, a polling gap in every series, findings marked on the charts, tables.
struct DemoCall {
  let timeline: DemoTimeline
  let names: DemoNaming

  /// How much of the wanted bitrate the network carries at poll `index` (1 when fine).
  func capacity(_ index: Int) -> Double {
    let ramp = min(1, 0.15 + Double(index) / 20)
    return timeline.congestion.contains(index) ? 0.3 * ramp : ramp
  }

  /// The report document.
  func document() -> ReportDocument {
    let findings = self.findings()
    let connection = peerConnectionSection(findings: findings)
    let dump = ReportSection(
      id: AnchorID("dump", names.title), kind: .dump, title: names.title,
      subtitle: "getStats() log, " + String(timeline.seconds) + " reports",
      facts: [ReportFact("format", "getstats-log"), ReportFact("browser", names.userAgent)],
      notes: ["no reports for " + String(timeline.pollingGap.count) + " s (polling gap): drawn as a gap"],
      children: [connection])
    return ReportDocument(
      title: names.title, generator: "rtcstats demo",
      facts: [ReportFact("input", names.title), ReportFact("duration", String(timeline.seconds) + " s")],
      findings: findings, sections: [dump])
  }

  // MARK: - Findings

  func findings() -> [FindingItem] {
    let pc = names.peerConnection
    let loss = FindingItem(
      id: AnchorID("finding", "loss"), severity: .critical,
      message: "packet loss 8.4% while bandwidth was low",
      location: pc + " inbound video", start: timeline.time(timeline.congestion.lowerBound),
      end: timeline.time(timeline.congestion.upperBound),
      evidence: [ReportFact("lossPercent", "8.4"), ReportFact("reason", names.reason)],
      evidenceTarget: chartID("in-video", "loss"))
    let freeze = FindingItem(
      id: AnchorID("finding", "freeze"), severity: .warning, message: "video froze for 2.0 s",
      location: pc + " inbound video", start: timeline.time(timeline.freeze.lowerBound),
      end: timeline.time(timeline.freeze.upperBound), evidence: [ReportFact("freezeCount", "1")],
      evidenceTarget: chartID("in-video", "fps"))
    let limited = FindingItem(
      id: AnchorID("finding", "limited"), severity: .warning,
      message: "encoder limited by " + names.reason + ": top layer off", location: pc + " outbound video",
      start: timeline.time(timeline.congestion.lowerBound), evidenceTarget: chartID("out-video", "resolution")
    )
    let gap = FindingItem(
      id: AnchorID("finding", "gap"), severity: .info, message: "no stats for the polling gap",
      location: pc, start: timeline.time(timeline.pollingGap.lowerBound),
      end: timeline.time(timeline.pollingGap.upperBound), evidenceTarget: chartID("pc", "rtt"))
    let startup = FindingItem(
      id: AnchorID("finding", "ua"), severity: .info, message: "browser " + names.userAgent)
    return [gap, freeze, loss, limited, startup]
  }

  func chartID(_ scope: String, _ name: String) -> AnchorID {
    AnchorID("chart", names.peerConnection, scope, name)
  }

  func markers(_ findings: [FindingItem], _ ids: String...) -> [ChartMarker] {
    findings.filter { ids.contains(String($0.id.value.dropFirst("finding-".count))) }.compactMap(\.marker)
  }

  // MARK: - Peer connection

  private func peerConnectionSection(findings: [FindingItem]) -> ReportSection {
    let rtt = timeline.series { index in
      (self.timeline.congestion.contains(index) ? 240 : 38) + Double(index % 7) * 1.5
    }
    let available = timeline.series { index in 2_600_000 * self.capacity(index) + Double(index % 5) * 9000 }
    let incoming = timeline.series { index in 3_100_000 - Double(index % 11) * 12000 }
    let charts = [
      ChartModel(
        id: chartID("pc", "rtt"), title: "Round-trip time", unit: .milliseconds,
        series: [SeriesModel(label: "currentRoundTripTime", points: rtt)], markers: markers(findings, "gap")),
      ChartModel(
        id: chartID("pc", "bwe"), title: "Available bandwidth", unit: .bitsPerSecond,
        series: [
          SeriesModel(label: "availableOutgoingBitrate", points: available),
          SeriesModel(label: "availableIncomingBitrate", isDashed: true, points: incoming),
        ], markers: markers(findings, "loss")),
    ]
    return ReportSection(
      id: AnchorID("pc", names.peerConnection), kind: .peerConnection, title: names.peerConnection,
      subtitle: "host/udp → host, " + String(timeline.seconds) + " s",
      facts: [ReportFact("RTT", "42 ms (p95 250 ms)"), ReportFact("available outgoing", "2.31 Mbps")],
      band: grade(), charts: charts, tables: [tracksTable()],
      children: [
        outboundVideoSection(findings: findings), inboundVideoSection(findings: findings),
        audioSection(outbound: false), audioSection(outbound: true),
      ])
  }

  /// The network-condition grade: runs derived from the same events as the series.
  private func grade() -> BandModel {
    var runs: [BandRun] = []
    var index = 0
    while index < timeline.seconds {
      let level = level(at: index)
      var end = index + 1
      while end < timeline.seconds, self.level(at: end) == level { end += 1 }
      let reason: String? =
        switch level {
        case .critical: "loss 8.4%, RTT 240 ms (" + names.reason + ")"
        case .unknown: "no stats"
        case .fair: "bandwidth estimate still ramping up"
        default: nil
        }
      runs.append(BandRun(start: timeline.time(index), end: timeline.time(end), level: level, reason: reason))
      index = end
    }
    return BandModel(id: AnchorID("band", names.peerConnection), title: "Network condition", runs: runs)
  }

  private func level(at index: Int) -> BandLevel {
    if timeline.pollingGap.contains(index) { return .unknown }
    if timeline.congestion.contains(index) { return .critical }
    if timeline.congestion.upperBound..<(timeline.congestion.upperBound + 8) ~= index { return .warning }
    if index < 12 { return .fair }
    return index % 97 < 80 ? .excellent : .good
  }
}
