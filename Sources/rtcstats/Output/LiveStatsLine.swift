import RTCStatsCore

/// One readable line per interval for `rtcstats follow` (table format).
///
///     14:44:42.003 PC_0 send excellent, receive fair packetLoss (remote) | out video 2.14 Mbps 26.7 fps 1280x720 loss 0.00% | in audio 32.1 kbps loss 1.20%
///
/// then one indented line per finding that started (`+`) or ended (`-`) in the interval.
enum LiveStatsLine {
  /// The line(s) of `stats`, newline included.
  static func text(_ stats: LiveStats) -> String {
    var parts = [time(stats.timestamp) + " " + TerminalText.escaped(stats.peerConnection)]
    parts[0] += " send " + describe(stats.send) + ", receive " + describe(stats.receive)
    for track in stats.tracks { parts.append(describe(track)) }
    var text = parts.joined(separator: " | ") + "\n"
    for finding in stats.findingsStarted {
      text += "  + " + TerminalText.escaped(DiagnosticText.message(finding)) + "\n"
    }
    for finding in stats.findingsEnded {
      text += "  - " + TerminalText.escaped(DiagnosticText.message(finding)) + "\n"
    }
    return text
  }

  private static func describe(_ condition: LiveCondition) -> String {
    var text = condition.grade.rawValue
    if condition.grade.isDegraded {
      text += " " + condition.reason.rawValue + " (" + condition.degradationSource.rawValue + ")"
    }
    return text
  }

  private static func describe(_ track: LiveTrackFigures) -> String {
    let direction = track.direction == .outbound ? "out" : "in"
    var words = [direction, track.kind?.rawValue ?? "?"]
    guard track.duration != nil else { return (words + ["(first sample)"]).joined(separator: " ") }
    words.append(HumanUnits.bitrate(track.value(.bitrate)))
    if track.kind == .video {
      if let rate = track.value(.frameRate) { words.append(HumanUnits.fixed(rate, decimals: 1) + " fps") }
      if let width = track.value(.width), let height = track.value(.height) {
        words.append("\(Int(width))x\(Int(height))")
      }
    }
    if let loss = track.value(.packetLossPercent) { words.append("loss " + HumanUnits.percent(loss)) }
    if let freezes = track.count(.freezeCount), freezes > 0 { words.append("freezes \(freezes)") }
    return words.joined(separator: " ")
  }

  /// `HH:MM:SS.mmm` UTC, or `-` without a time.
  private static func time(_ milliseconds: Double?) -> String {
    guard let milliseconds, milliseconds.isFinite, milliseconds >= 0 else { return "-" }
    let whole = Int64(milliseconds)
    let seconds = (whole / 1000) % 86_400
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let millis = whole % 1000
    let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return two(seconds / 3600) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60) + "." + fraction
  }
}
