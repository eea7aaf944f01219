/// Receiver reports stopped coming while this side kept sending: the remote receives nothing
/// (or its RTCP cannot get back).
///
/// Seen by a sender during a network cut even when the
/// transport's counters say nothing (Firefox has no STUN counters).
///
/// Per poll of a sending connection: the time since the last receiver report for any sent
/// track. An episode is raised when it reaches `videoSeconds` (reports come about every second
/// for video) or `audioSeconds` when only audio is sent (every ~5 s); it starts at the last
/// report and ends at the poll before the next one. Critical.
struct FeedbackStoppedRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "feedbackStopped",
      template: "no receiver report for {seconds} s while sending: the remote side received nothing",
      severity: .critical),
    summary: "receiver reports (RTCP) stopped while sending",
    formula: "time since the last poll with a new remote-inbound-rtp report, while outbound bytes flow",
    inputs: ["remote-inbound-rtp (a new report)", "outbound-rtp.bytesSent"],
    source:
      "RFC 3550 §6.2 (RTCP interval); libwebrtc sends reports about every second for video, 5 s for audio",
    guards: [
      "audio-only senders get a report every ~5 s: their bound is audioSeconds",
      "a connection that sends nothing expects no reports and is not judged",
    ],
    thresholds: [
      ThresholdValue("videoSeconds", 5, "seconds without a report while sending video"),
      ThresholdValue("audioSeconds", 10, "seconds without a report while sending audio only"),
    ])

  private let entry: ThresholdEntry
  private var openSince: Double?
  private var lastSilentPoll: Double?

  /// The gaps that raise, ms, while video is sent and while only audio is.
  private let videoBound: Double
  private let audioBound: Double

  init(thresholds: ThresholdEntry) {
    entry = thresholds
    videoBound = thresholds.number("videoSeconds", or: 5) * 1000
    audioBound = thresholds.number("audioSeconds", or: 10) * 1000
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard let time = poll.time else { return }
    let bound = poll.sendsVideo ? videoBound : audioBound
    if let gap = poll.timeWithoutFeedback, gap > 0 {
      if openSince == nil, gap >= bound, let last = poll.lastFeedbackTime {
        openSince = last
        sink.open(finding(start: last, end: time, sink, isOpen: true))
      }
      lastSilentPoll = time
    } else if let start = openSince {
      sink.report(finding(start: start, end: lastSilentPoll ?? time, sink, isOpen: false))
      openSince = nil
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    if let start = openSince, let end = lastSilentPoll {
      sink.report(finding(start: start, end: end, sink, isOpen: false))
    }
    openSince = nil
  }

  private func finding(start: Double, end: Double, _ sink: FindingSink, isOpen: Bool) -> Diagnostic {
    var evidence: Evidence = ["seconds": .seconds(end - start)]
    if isOpen { evidence.set("open", .bool(true)) }
    return Diagnostic(
      Self.code, peerConnection: sink.peerConnection, start: start, end: end, evidence: evidence,
      threshold: entry.evidence)
  }
}
