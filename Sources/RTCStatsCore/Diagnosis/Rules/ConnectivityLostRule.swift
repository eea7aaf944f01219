/// ICE connectivity (consent) checks going unanswered while nothing is received on the
/// selected pair: the path is broken, before or while ICE reports `disconnected`.
///
/// Per poll 1 when the pair sent STUN requests (`requestsSent` + `consentRequestsSent` grew)
/// but `responsesReceived` and `bytesReceived` did not, else 0; raised in 2 of 3 polls.
/// Critical.
struct ConnectivityLostRule: ConnectionEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "connectivityLost",
      template:
        "{requests} connectivity checks went unanswered and nothing arrived for {seconds} s: the path is broken",
      severity: .critical),
    summary: "ICE consent checks unanswered, nothing received",
    formula:
      "candidate-pair Δ(requestsSent + consentRequestsSent) > 0, ΔresponsesReceived = 0, ΔbytesReceived = 0",
    inputs: [
      "candidate-pair.requestsSent", "candidate-pair.consentRequestsSent", "candidate-pair.responsesReceived",
      "candidate-pair.bytesReceived",
    ],
    source:
      "RFC 7675 (STUN consent freshness: 30 s without a response ends consent); client-monitor-js BlockedStunRequestsDetector",
    guards: [
      "a response arriving just after the poll: RTCP and media still grow bytesReceived, and 2 of 3 polls are needed",
      "a switch to another pair resets the counters: such polls are not judged",
    ],
    entry: .hysteresis(
      "connectivityLost", alertOn: 1, alertOff: 1, unit: "1 = unanswered", minIntervals: 2, window: 3))

  var episodes: TrackEpisodes
  private var requests = 0.0

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  mutating func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? {
    guard let transport = poll.transport, let start = transport.start else { return nil }
    guard let sent = transport.requestsSent, let answered = transport.responsesReceived else { return nil }
    let lost = sent > 0 && answered == 0 && (transport.bytesReceived ?? 0) == 0
    if episodes.open(0) == nil && !lost { requests = 0 }
    if lost { requests += sent }
    return (lost ? 1 : 0, start, transport.end)
  }

  func evidence(for episode: Episode) -> Evidence { ["requests": .integer(Int(requests))] }
}
