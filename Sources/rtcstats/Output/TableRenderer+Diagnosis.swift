import RTCStatsCore
import RTCStatsReport

extension TableRenderer {
  /// The network-condition line of a peer connection.
  ///
  /// For example:
  ///
  ///     network: warning (packetLoss, from remote) · send — · receive warning (packetLoss, remote) · 53% excellent, 47% warning
  func conditionLine(_ condition: NetworkCondition?) -> String {
    guard let condition else { return "" }
    return "  network: " + ConnectionSection.describe(condition) + "\n"
  }

  /// The findings of a file, worst first, with their time range in call time (mm:ss from the
  /// earliest report of the file).
  func findingsSection(_ analysis: CallAnalysis) -> String {
    guard !analysis.findings.isEmpty else { return "" }
    let origin =
      analysis.peerConnections.compactMap(\.startTime).min() ?? analysis.findings.compactMap(\.start).min()
    let ordered = analysis.findings.enumerated().sorted { lhs, rhs in
      if lhs.element.severity != rhs.element.severity { return lhs.element.severity > rhs.element.severity }
      return lhs.offset < rhs.offset
    }.map(\.element)
    var table = TextTable(columns: [
      ("SEVERITY", .left), ("TIME", .left), ("WHERE", .left), ("CODE", .left), ("FINDING", .left),
    ])
    var rows: [[String]] = []
    for finding in ordered {
      rows.append([
        finding.severity.rawValue, Self.range(finding, origin: origin), Self.place(finding),
        finding.code.rawValue,
        TerminalText.escaped(DiagnosticText.message(finding)),
      ])
    }
    for row in rows { table.append(row) }
    let wide = table.render(indent: "  ")
    let fits = layout.isWide || wide.split(separator: "\n").allSatisfy { $0.count <= layout.width }
    return "\nfindings (worst first):\n" + (fits ? wide : narrowFindings(rows))
  }

  /// `00:12–00:20`, `01:05` for an instant, `-` without a time.
  static func range(_ finding: Diagnostic, origin: Double?) -> String {
    guard let origin, let start = finding.start else { return "-" }
    let end = finding.end ?? start
    let from = clock(start - origin)
    return end - start < 500 ? from : from + "–" + clock(end - origin)
  }

  /// `mm:ss` (or `h:mm:ss`) of a duration in ms; negative durations clamp to 0.
  static func clock(_ milliseconds: Double) -> String {
    let seconds = Int((Swift.max(0, milliseconds) / 1000).rounded())
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let (hours, minutes) = (seconds / 3600, seconds / 60 % 60)
    return (hours > 0 ? "\(hours):" : "") + two(minutes) + ":" + two(seconds % 60)
  }

  private static func place(_ finding: Diagnostic) -> String {
    var text = TerminalText.escaped(finding.peerConnection ?? "page")
    if let track = finding.track {
      let direction = track.direction == .inbound ? "in" : "out"
      text += " " + direction + " " + (track.kind?.rawValue ?? "?")
    }
    return text
  }
}
