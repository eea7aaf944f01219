import RTCStatsCore

/// The readable text of a ``CallView``: the dumps, the clock offsets, one row per link with
/// its segment (WHEN: seconds since the subscriber dump's first poll), the unlinked streams
/// and the findings.
///
/// Every dump string is escaped for the
/// terminal (``TerminalText``).
struct CallTableRenderer {
  func render(_ view: CallView) -> String {
    var lines: [String] = []
    for (index, dump) in view.dumps.enumerated() {
      let connections = dump.analysis.peerConnections.map(\.id).joined(separator: ", ")
      lines.append("dump \(index + 1): \(dump.source) (\(dump.format); \(connections))")
    }
    for offset in view.clockOffsets {
      let value = offset.offset.map { HumanUnits.duration(milliseconds: abs($0)) } ?? "unknown"
      let sign = (offset.offset ?? 0) < 0 ? "-" : "+"
      lines.append(
        "clock: \(view.dumps[offset.to].source) = \(view.dumps[offset.from].source) \(sign)\(value) "
          + "(\(offset.method.rawValue), confidence \(HumanUnits.fixed(offset.confidence, decimals: 2)), "
          + "\(Plural.count(offset.support, "sent track")) agree)")
    }
    var text = lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
    text += "\n" + linkTable(view)
    if !view.unlinked.isEmpty {
      var table = TextTable(columns: [
        ("UNLINKED", .left), ("DIR", .left), ("KIND", .left), ("SSRC", .right), ("REASON", .left),
        ("BEST", .right),
      ])
      for stream in view.unlinked {
        table.append([
          view.name(of: stream.reference), stream.direction == .inbound ? "in" : "out", stream.kind.rawValue,
          stream.ssrcs.first.map { String($0) } ?? "-", stream.reason.rawValue,
          stream.bestScore.map { HumanUnits.fixed($0, decimals: 2) } ?? "-",
        ])
      }
      text += "\n" + table.render(indent: "")
    }
    if !view.findings.isEmpty {
      text +=
        "\n"
        + view.findings.map { "- " + TerminalText.escaped(DiagnosticText.message($0)) }.joined(
          separator: "\n")
      text += "\n"
    }
    return text
  }

  private func linkTable(_ view: CallView) -> String {
    var table = TextTable(columns: [
      ("PUBLISHER", .left), ("SUBSCRIBER", .left), ("KIND", .left), ("BY", .left), ("CONF", .right),
      ("SENT", .right), ("RECEIVED", .right), ("UPLINK", .right), ("DOWNLINK", .right), ("SEGMENT", .left),
      ("WHEN", .left),
    ])
    for link in view.links {
      let figures = link.figures
      var when = "-"
      // Seconds since the subscriber dump's first poll.
      let origin = view.dumps[link.subscriber.dump].analysis.peerConnections.compactMap(\.startTime).min()
      if let degradation = link.degradation, let start = origin ?? figures.start {
        when = "\(seconds(degradation.start - start))-\(seconds(degradation.end - start)) s"
      }
      table.append([
        view.name(of: link.publisher), view.name(of: link.subscriber), link.kind.rawValue,
        link.method.rawValue,
        HumanUnits.fixed(link.confidence, decimals: 2), HumanUnits.bitrate(figures.sent.bitrate),
        HumanUnits.bitrate(figures.received.bitrate), HumanUnits.percent(figures.uplinkLossPercent),
        HumanUnits.percent(figures.downlinkLossPercent), link.degradation?.segment.rawValue ?? "none", when,
      ])
    }
    return view.links.isEmpty ? "no links\n" : table.render(indent: "")
  }

  private func seconds(_ milliseconds: Double) -> String {
    HumanUnits.fixed(milliseconds / 1000, decimals: 0)
  }
}
