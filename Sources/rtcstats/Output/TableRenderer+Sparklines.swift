import RTCStatsCore
import RTCStatsReport

extension TableRenderer {
  /// The sparklines need every timeline row.
  var needsTimeline: Bool { sparklines }

  /// Under a connection's table, per track: `  out video  bitrate ▁▃▇▇▇▇  fps ▅▇▇▇▇▇`, over
  /// the connection's first to last report.
  func sparklineLines(_ connection: PeerConnectionAnalysis) -> String {
    let lines = TrackSparklines.lines(for: connection, width: 24)
    guard !lines.isEmpty else { return "" }
    var text = "\n"
    for line in lines {
      let direction = line.track.direction == .outbound ? "out" : "in "
      let kind = (line.track.kind?.rawValue ?? "?").padding(5)
      text += "  \(direction) \(kind)  bitrate \(line.bitrate)"
      if let frameRate = line.frameRate { text += "  fps \(frameRate)" }
      text += "\n"
    }
    return text
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
