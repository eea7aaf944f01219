/// The stats start long after the call did: the first sample's counters already hold minutes
/// of media, or the connection was created long before its first report.
///
/// chrome://webrtc-
/// internals keeps only the last 1000 samples of each series, so a long call's start is lost.
///
/// Per track, at its first interval: bytes at the first sample / the bitrate of the first
/// interval = seconds of media before the stats start. Reported once per connection when that
/// (or the time from the connection's `create` event to its first report) reaches `minSeconds`.
struct TruncatedHistoryRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "truncatedHistory",
      template:
        "the stats start about {missingSeconds} s into the call: earlier samples are missing (webrtc-internals keeps the last 1000 per series)",
      severity: .warning),
    summary: "stats history truncated (the start of the call is missing)",
    formula: "first sample's bytes / first interval's bitrate; or first report time − create event time",
    inputs: ["inbound-rtp.bytesReceived", "outbound-rtp.bytesSent", "event create"],
    source: "Chromium webrtc-internals (stats series capped at 1000 samples)",
    guards: [
      "a few seconds of media before the first poll (the first poll follows the answer) are normal: minSeconds"
    ],
    thresholds: [ThresholdValue("minSeconds", 60, "seconds missing before the first sample to report")])

  private let minSeconds: Double
  private let entry: ThresholdEntry
  private var firstBytes: [Double?] = []
  private var reported = false
  private var created: Double?
  private var firstPoll: Double?

  init(thresholds: ThresholdEntry) {
    entry = thresholds
    minSeconds = thresholds.number("minSeconds", or: 60)
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard !reported else { return }
    if firstPoll == nil, let time = poll.time {
      firstPoll = time
      if let created, (time - created) / 1000 >= minSeconds {
        report(missing: (time - created) / 1000, start: created, end: time, into: &sink)
        return
      }
    }
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      while firstBytes.count <= track.slot { firstBytes.append(nil) }
      if let bytes = track.bytesBeforeFirstSample { firstBytes[track.slot] = bytes }
      guard track.duration != nil, let before = firstBytes[track.slot], let bitrate = track.bitrate,
        bitrate > 0,
        let start = track.start
      else { continue }
      firstBytes[track.slot] = nil
      let missing = before * 8 / bitrate
      if missing >= minSeconds {
        report(missing: missing, start: start - missing * 1000, end: start, into: &sink)
        return
      }
    }
  }

  mutating func observe(event: StatsEvent, into sink: inout FindingSink) {
    guard event.kind == .create, created == nil else { return }
    created = event.time
  }

  private mutating func report(missing: Double, start: Double, end: Double, into sink: inout FindingSink) {
    reported = true
    sink.report(
      Diagnostic(
        Self.code, peerConnection: sink.peerConnection, start: start, end: end,
        evidence: ["missingSeconds": .rounded(missing, 0)], threshold: entry.evidence))
  }
}
