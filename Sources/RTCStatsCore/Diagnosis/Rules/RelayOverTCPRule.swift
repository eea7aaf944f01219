/// Media over TCP: relayed to the TURN server over TCP or TLS (`relayProtocol`), or an ICE-TCP
/// pair.
///
/// Real-time media then waits for retransmissions of lost segments (head-of-line
/// blocking): under loss it arrives late in bursts.
struct RelayOverTCPRule: ConnectionEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "relayOverTCP",
      template: "media carried over {transportProtocol} for {seconds} s ({path}): loss turns into delay",
      severity: .warning),
    summary: "media over TCP/TLS (TURN over TCP or TLS, ICE-TCP)",
    formula: "selected pair's local relayProtocol ∈ {tcp, tls}, or its protocol = tcp",
    inputs: ["local-candidate.relayProtocol", "local-candidate.protocol"],
    source: "RFC 6544 (ICE-TCP); RFC 8656 (TURN over TCP/TLS)",
    guards: ["UDP relays are turnRelay (info)"],
    entry: .hysteresis("relayOverTCP", alertOn: 1, alertOff: 1, unit: "1 = over TCP", minIntervals: 1))

  var episodes: TrackEpisodes
  private var pair: CandidatePairInfo?

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  mutating func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? {
    guard let transport = poll.transport, poll.path.isDescribed else { return nil }
    // The path's flags come with the pair's description; the pair is copied only when over TCP.
    let overTCP = poll.path.isOverTCP
    if overTCP { pair = poll.pair }
    return (overTCP ? 1 : 0, transport.start ?? transport.end, transport.end)
  }

  func evidence(for episode: Episode) -> Evidence {
    [
      "transportProtocol": .text(pair?.relayProtocol.map { "TURN/" + $0.uppercased() } ?? "ICE-TCP"),
      "path": .text(CandidatePairChangeRule.describe(pair)),
    ]
  }
}
