package import RTCStatsCore

/// The summary table of a peer connection's tracks and layers: the columns and figures of
/// the `rtcstats analyze` table view, cell for cell (means over the call; a layer row under
/// its track when the track has several layers or an SVC mode other than L1T1).
///
/// The cells are the table view's own: `rtcstats analyze` draws its table from
/// ``cells(for:)-(TrackAnalysis)`` and ``cells(for:)-(LayerAnalysis)``, so the page and the
/// terminal cannot drift apart.
package enum TrackTable {
  /// The table view's columns, in its order.
  static let columns: [TableColumn] = [
    TableColumn("DIR"), TableColumn("KIND"), TableColumn("CODEC"), TableColumn("SSRC", alignment: .trailing),
    TableColumn("BITRATE", alignment: .trailing), TableColumn("+HEADERS", alignment: .trailing),
    TableColumn("PACKETS", alignment: .trailing), TableColumn("LOST", alignment: .trailing),
    TableColumn("JITTER", alignment: .trailing), TableColumn("RTT", alignment: .trailing),
    TableColumn("FPS", alignment: .trailing), TableColumn("RESOLUTION", alignment: .trailing),
    TableColumn("FREEZES", alignment: .trailing), TableColumn("PAUSES", alignment: .trailing),
    TableColumn("NOTES"),
  ]

  /// The table of `connection`'s tracks, the kind cell linking to each track's section
  /// (anchors within dump `scope`).
  static func table(for connection: PeerConnectionAnalysis, scope: String) -> TableModel {
    var rows: [TableRow] = []
    for track in connection.tracks {
      var trackCells = Self.cells(for: track).map(TableCell.text)
      trackCells[1] = .link(track.kind.rawValue, AnchorID(track: track.id, scope: scope))
      rows.append(TableRow(trackCells))
      for layer in track.layers where track.layers.count > 1 || (layer.scalabilityMode ?? "L1T1") != "L1T1" {
        rows.append(TableRow(Self.cells(for: layer).map(TableCell.text), isNested: true))
      }
    }
    return TableModel(caption: "Tracks (means over the call)", columns: columns, rows: rows)
  }

  /// The table view's cells of a track row (unescaped: each renderer escapes for its medium).
  package static func cells(for track: TrackAnalysis) -> [String] {
    var lost = "-"
    if let packetsLost = track.packetsLost {
      lost = "\(packetsLost) (\(TableFigures.percent(track.packetLossPercent)))"
    }
    var notes: [String] = []
    if let limitation = track.qualityLimitation {
      for reason in QualityLimitationReason.allCases where reason != .none {
        let share = limitation.percentages[reason] ?? 0
        if share >= 0.5 { notes.append("\(reason.rawValue)-limited \(TableFigures.percent(share))") }
      }
    }
    if let concealment = track.concealmentPercent, concealment > 0 {
      notes.append("concealed \(TableFigures.percent(concealment))")
    }
    if track.layers.count == 1, let mode = track.layers.first?.scalabilityMode { notes.append(mode) }
    let isInboundVideo = track.kind == .video && track.direction == .inbound
    return [
      track.direction == .outbound ? "out" : "in", track.kind.rawValue, track.codec ?? "-",
      track.ssrc.map { String($0) } ?? (track.layers.count > 1 ? "\(track.layers.count) layers" : "-"),
      TableFigures.bitrate(track.bitrate?.mean), TableFigures.bitrate(track.totalBitrate?.mean),
      track.packets.map { String($0) } ?? "-", lost, TableFigures.duration(track.jitter?.mean),
      TableFigures.duration(track.roundTripTime?.mean),
      track.frameRate.map { DecimalFormat.fixed($0.mean, decimals: 1) } ?? "",
      resolution(track.width, track.height),
      isInboundVideo ? counted(track.freezeCount, track.totalFreezesDuration) : "",
      isInboundVideo ? counted(track.pauseCount, track.totalPausesDuration) : "",
      notes.joined(separator: ", "),
    ]
  }

  /// The table view's cells of a layer row (unescaped: each renderer escapes for its medium).
  package static func cells(for layer: LayerAnalysis) -> [String] {
    var name = "└ layer"
    if let rid = layer.rid {
      name += " " + rid
    } else if let index = layer.encodingIndex {
      name += " #\(index)"
    }
    var notes: [String] = []
    if let mode = layer.scalabilityMode { notes.append(mode) }
    if let reason = layer.qualityLimitationReason, reason != .none {
      notes.append("\(reason.rawValue)-limited")
    }
    if layer.active == false { notes.append("inactive") }
    return [
      "", name, layer.codec ?? "", layer.ssrc.map { String($0) } ?? "-",
      TableFigures.bitrate(layer.bitrate?.mean),
      TableFigures.bitrate(layer.totalBitrate?.mean), "", "", "", "",
      layer.encodedFrameRate.map { DecimalFormat.fixed($0.mean, decimals: 1) } ?? "-",
      resolution(layer.width, layer.height), "", "", notes.joined(separator: ", "),
    ]
  }

  /// The table view's transport line: RTT, bandwidth estimates, route, pair changes
  /// (unescaped: each renderer escapes for its medium).
  package static func transport(_ transport: TransportAnalysis) -> String {
    var parts: [String] = []
    if let rtt = transport.roundTripTime {
      parts.append("RTT \(TableFigures.duration(rtt.mean)) (p95 \(TableFigures.duration(rtt.p95)))")
    } else {
      parts.append("RTT unknown")
    }
    if let outgoing = transport.availableOutgoingBitrate {
      parts.append("available outgoing \(TableFigures.bitrate(outgoing.mean))")
    }
    if let incoming = transport.availableIncomingBitrate {
      parts.append("available incoming \(TableFigures.bitrate(incoming.mean))")
    }
    if let pair = transport.selectedCandidatePair {
      var route = pair.localCandidateType ?? "?"
      if let proto = pair.protocol { route += "/" + proto }
      if let relay = pair.relayProtocol { route += " (TURN over \(relay))" }
      parts.append(route + " → " + (pair.remoteCandidateType ?? "?"))
    }
    if let changes = transport.selectedCandidatePairChanges, changes > 0 {
      parts.append("\(changes) candidate pair change" + (changes == 1 ? "" : "s"))
    }
    return parts.joined(separator: ", ")
  }

  private static func resolution(_ width: Int?, _ height: Int?) -> String {
    guard let width, let height else { return "" }
    return "\(width)x\(height)"
  }

  private static func counted(_ count: Int?, _ milliseconds: Double?) -> String {
    guard let count else { return "-" }
    return count == 0 ? "0" : "\(count) (\(TableFigures.duration(milliseconds)))"
  }
}
