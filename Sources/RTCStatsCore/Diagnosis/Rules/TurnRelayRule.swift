/// Media relayed through a TURN server: the selected pair has a `relay` candidate.
///
/// Not a
/// fault — often the only way through a firewall — but it adds a hop (latency) and a server
/// whose capacity matters.
struct TurnRelayRule: ConnectionEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "turnRelay", template: "media relayed through TURN ({relayProtocol}) for {seconds} s: {path}",
      severity: .info),
    summary: "media relayed through a TURN server",
    formula: "selected candidate pair's local or remote candidateType = relay",
    inputs: [
      "local-candidate.candidateType", "remote-candidate.candidateType", "local-candidate.relayProtocol",
    ],
    source: "RFC 8656 (TURN); W3C webrtc-stats RTCIceCandidateStats.relayProtocol",
    guards: ["relay over TCP or TLS is reported as relayOverTCP (a warning), not here"],
    entry: .hysteresis("turnRelay", alertOn: 1, alertOff: 1, unit: "1 = relay", minIntervals: 1))

  var episodes: TrackEpisodes
  private var pair: CandidatePairInfo?

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  mutating func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? {
    guard let transport = poll.transport, poll.path.isDescribed else { return nil }
    // The path's flags come with the pair's description; the pair is copied only when relayed.
    let relayed = poll.path.isRelayed
    if relayed { pair = poll.pair }
    return (relayed && !poll.path.isRelayedOverTCP ? 1 : 0, transport.start ?? transport.end, transport.end)
  }

  func evidence(for episode: Episode) -> Evidence {
    [
      "relayProtocol": .text(pair?.relayProtocol ?? "udp"),
      "path": .text(CandidatePairChangeRule.describe(pair)),
    ]
  }
}
