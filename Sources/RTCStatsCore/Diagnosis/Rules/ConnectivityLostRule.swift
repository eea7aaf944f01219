/// ICE connectivity (consent) checks going unanswered while nothing is received on the
/// selected pair: the path is broken, before or while ICE reports `disconnected`.
///
/// Per poll 1 when the pair sent STUN requests (`requestsSent` + `consentRequestsSent` grew)
/// but `responsesReceived` and `bytesReceived` did not, else 0; raised in 2 of 3 polls.
/// Critical.
///
/// A poll in which nothing arrived and no check was sent is not judged: consent checks go out
/// every 4–6 s (RFC 7675 §5.1), so such a second neither shows the path broken nor working,
/// and it must not end an episode either. The episode starts when something last arrived,
/// when that was at most ``silenceBefore`` before its first unanswered poll: nothing arrived
/// from then on (a cut at 12 s, the last bytes in the poll ending at 12.96 s, a poll without
/// checks, then unanswered checks from 14.97 s: the loss starts at 12.96 s, not 13.96 s).
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
      "a poll with no check sent and nothing received is not judged (checks are seconds apart)",
    ],
    entry: .hysteresis(
      "connectivityLost", alertOn: 1, alertOff: 1, unit: "1 = unanswered", minIntervals: 2, window: 3))

  /// The longest silence an episode's start reaches back over: one consent interval at
  /// its longest (RFC 7675: 4–6 s), ms.
  static let silenceBefore = 6_000.0

  var episodes: TrackEpisodes
  private var requests = 0.0
  /// The end of the last poll in which something arrived (bytes or a response).
  private var lastArrival: Double?
  /// Whether the last judged poll was unanswered.
  private var wasLost = false

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  mutating func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? {
    guard let transport = poll.transport, let start = transport.start else { return nil }
    guard let evidence = transport.connectivity else { return nil }
    if evidence == .arrived { lastArrival = transport.end }
    guard evidence != .silent else { return (nil, start, transport.end) }
    let lost = evidence == .unanswered
    defer { wasLost = lost }
    if episodes.open(0) == nil && !lost { requests = 0 }
    guard lost else { return (0, start, transport.end) }
    requests += transport.requestsSent ?? 0
    // The first unanswered poll after something arrived: the silence before it belongs to it.
    if !wasLost, let lastArrival, lastArrival < start, start - lastArrival <= Self.silenceBefore {
      return (1, lastArrival, transport.end)
    }
    return (1, start, transport.end)
  }

  func evidence(for episode: Episode) -> Evidence { ["requests": .integer(Int(requests))] }
}
