import RTCStatsCore

/// The call view of several dumps: the table of links (the `rtcstats call` table's figures)
/// and one subsection per link that draws what the publisher sent against what the
/// subscriber received, on the subscriber's clock, with the time where quality was lost
/// shaded and named by its segment (publisher uplink, SFU, subscriber downlink).
struct CallSection {
  /// The linked call.
  let view: CallView

  /// The section.
  func section() -> ReportSection {
    var cache: [String: ConnectionSeries] = [:]
    func series(_ reference: EndpointReference) -> TrackSeries? {
      let key = "\(reference.dump)\u{1F}\(reference.peerConnection)"
      if cache[key] == nil,
        let connection = view.dumps[reference.dump].analysis.peerConnections.first(where: {
          $0.id == reference.peerConnection
        })
      {
        cache[key] = ConnectionSeries(connection.timeline)
      }
      return cache[key]?.tracks[reference.track]
    }
    let children = view.links.enumerated().map { index, link in
      linkSection(link, index: index, sent: series(link.publisher), received: series(link.subscriber))
    }
    var facts = view.dumps.enumerated().map { index, dump in
      ReportFact("dump \(index + 1)", dump.source + " (" + dump.format + ")")
    }
    for offset in view.clockOffsets {
      let value = offset.offset.map { (offset.offset ?? 0 < 0 ? "-" : "+") + TableFigures.duration(abs($0)) }
      facts.append(
        ReportFact(
          "clock",
          view.dumps[offset.to].source + " = " + view.dumps[offset.from].source + " " + (value ?? "unknown")))
    }
    return ReportSection(
      id: AnchorID("call"), kind: .call, title: "Call: " + String(view.links.count) + " linked streams",
      facts: facts, tables: [linkTable()], children: children)
  }

  private func linkTable() -> TableModel {
    let titles = [
      "PUBLISHER", "SUBSCRIBER", "KIND", "BY", "CONF", "SENT", "RECEIVED", "UPLINK", "DOWNLINK", "SEGMENT",
      "WHEN",
    ]
    let trailing: Set = ["CONF", "SENT", "RECEIVED", "UPLINK", "DOWNLINK"]
    let columns = titles.map { TableColumn($0, alignment: trailing.contains($0) ? .trailing : .leading) }
    let rows = view.links.enumerated().map { index, link in
      let figures = link.figures
      var cells: [TableCell] = [
        .link(view.name(of: link.publisher), AnchorID("call", "link", String(index))),
        .text(view.name(of: link.subscriber)),
        .text(link.kind.rawValue), .text(link.method.rawValue),
        .text(DecimalFormat.fixed(link.confidence, decimals: 2)),
        .text(TableFigures.bitrate(figures.sent.bitrate)),
        .text(TableFigures.bitrate(figures.received.bitrate)),
        .text(TableFigures.percent(figures.uplinkLossPercent)),
        .text(TableFigures.percent(figures.downlinkLossPercent)),
        .text(link.degradation?.segment.rawValue ?? "none"),
      ]
      cells.append(.text(when(link)))
      return TableRow(cells)
    }
    return TableModel(caption: "Links (publisher → subscriber)", columns: columns, rows: rows)
  }

  /// `12-25 s`: the degradation in seconds since the subscriber dump's first poll, as the
  /// call table writes it.
  private func when(_ link: StreamLink) -> String {
    let origin = view.dumps[link.subscriber.dump].analysis.peerConnections.compactMap(\.startTime).min()
    guard let degradation = link.degradation, let start = origin ?? link.figures.start else { return "-" }
    func seconds(_ value: Double) -> String { DecimalFormat.fixed(value / 1000, decimals: 0) }
    return seconds(degradation.start - start) + "-" + seconds(degradation.end - start) + " s"
  }

  private func linkSection(_ link: StreamLink, index: Int, sent: TrackSeries?, received: TrackSeries?)
    -> ReportSection
  {
    let id = AnchorID("call", "link", String(index))
    // Publisher times moved onto the subscriber's clock.
    let offset = link.offset ?? 0
    func shifted(_ points: [SeriesPoint]) -> [SeriesPoint] {
      points.map { SeriesPoint(time: $0.time + offset, value: $0.value) }
    }
    let segments = (link.degradation?.ranges ?? []).map { range in
      ShadedInterval(
        start: range.start, end: range.end, kind: .degradation,
        label: range.segment.rawValue + " " + TableFigures.duration(range.duration))
    }
    let charts = [
      ChartModel(
        id: AnchorID(chart: "bitrate", in: id), title: "Bitrate sent and received", unit: .bitsPerSecond,
        series: [
          SeriesModel(label: "sent", points: shifted(sent?.series("bitrate") ?? [])),
          SeriesModel(label: "received", points: received?.series("bitrate") ?? []),
        ], intervals: segments + (received?.intervals ?? [])),
      ChartModel(
        id: AnchorID(chart: "loss", in: id), title: "Packet loss: uplink (receiver reports) and downlink",
        unit: .percent,
        series: [
          SeriesModel(label: "uplink", points: shifted(sent?.series("lossPercent") ?? [])),
          SeriesModel(label: "downlink", points: received?.series("lossPercent") ?? []),
        ], intervals: segments),
    ].filter(\.hasData)
    var facts = [
      ReportFact("segment", link.degradation?.segment.rawValue ?? "none"), ReportFact("when", when(link)),
      ReportFact(
        "linked by",
        link.method.rawValue + ", confidence " + DecimalFormat.fixed(link.confidence, decimals: 2)),
    ]
    if let offset = link.offset { facts.append(ReportFact("clock offset", TableFigures.duration(offset))) }
    return ReportSection(
      id: id, kind: .other,
      title: view.name(of: link.publisher) + " → " + view.name(of: link.subscriber) + " · "
        + link.kind.rawValue,
      facts: facts, charts: charts)
  }
}
