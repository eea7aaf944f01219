import RTCStatsCore
import RTCStatsFormats

/// One CSV row per track (RFC 4180 quoting), for spreadsheets and batch comparisons.
/// Figures are means over the call, in the units of the JSON output.
struct CSVRenderer {
  static let columns = [
    "path", "format", "peerConnection", "direction", "kind", "codec", "ssrc", "bitrate",
    "totalBitrate", "packets", "packetsLost", "packetLossPercent", "jitter", "roundTripTime",
    "frameRate", "width", "height", "freezeCount", "totalFreezesDuration", "pauseCount",
    "totalPausesDuration", "qualityLimitationReason", "layers", "error",
  ]

  static var header: String { columns.joined(separator: ",") + "\n" }

  func rows(for file: FileAnalysis) -> String {
    switch file.outcome {
    case .failure(let error):
      var cells = Array(repeating: "", count: Self.columns.count)
      cells[0] = file.path
      cells[cells.count - 1] = error.description
      return line(cells)
    case .success(let success):
      var text = ""
      for connection in success.analysis.peerConnections {
        for track in connection.tracks {
          let cells: [String] = [
            file.path, success.info.format.rawValue, connection.id, track.direction.rawValue,
            track.kind.rawValue, track.codec ?? "", track.ssrc.map { String($0) } ?? "",
            number(track.bitrate?.mean), number(track.totalBitrate?.mean),
            track.packets.map { String($0) } ?? "", track.packetsLost.map { String($0) } ?? "",
            number(track.packetLossPercent), number(track.jitter?.mean),
            number(track.roundTripTime?.mean), number(track.frameRate?.mean),
            track.width.map { String($0) } ?? "", track.height.map { String($0) } ?? "",
            track.freezeCount.map { String($0) } ?? "", number(track.totalFreezesDuration),
            track.pauseCount.map { String($0) } ?? "", number(track.totalPausesDuration),
            track.qualityLimitation?.reason.rawValue ?? "", String(track.layers.count), "",
          ]
          text += line(cells)
        }
      }
      return text
    }
  }

  private func number(_ value: Double?) -> String {
    value.map { JSONWriter.format($0, fractionDigits: 3) } ?? ""
  }

  private func line(_ cells: [String]) -> String {
    cells.map { cell in
      guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
      var quoted = "\""
      for character in cell {
        quoted.append(character)
        if character == "\"" { quoted.append("\"") }
      }
      return quoted + "\""
    }.joined(separator: ",") + "\n"
  }
}
