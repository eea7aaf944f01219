/// A rule about a connection state seen two ways: in the transport at each poll (the episode
/// starts at the poll before the first bad one) and in the state-change events, merged into
/// one episode per bad state by ``ConnectionStateEpisodes``.
///
/// ``IceDisconnectedRule`` and ``DTLSFailureRule`` are its cases; each names its bad states
/// and writes its finding.
protocol ConnectionStateRule: DiagnosisRule {
  /// The episodes of bad states, from both sources.
  var states: ConnectionStateEpisodes { get set }
  /// The end of the last poll seen, where an episode still open at the end stops.
  var lastTime: Double? { get set }
  /// The bad state `transport` is in (its name), or `nil` when it is fine.
  func badState(of transport: TransportPoll) -> String?
  /// `nil` when `event` is not about this state (or names a set-up state); else the bad state
  /// it enters, or `.some(nil)` when it enters a good one.
  func badState(of event: StatsEvent) -> String??
  /// The finding over one episode.
  func finding(_ episode: (start: Double, end: Double, state: String), _ sink: FindingSink) -> Diagnostic
}

extension ConnectionStateRule {
  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard let transport = poll.transport, let start = transport.start ?? poll.previousTime else { return }
    lastTime = transport.end
    if let episode = states.poll(badState(of: transport), start: start, end: transport.end) {
      sink.report(finding(episode, sink))
    }
  }

  mutating func observe(event: StatsEvent, into sink: inout FindingSink) {
    guard let time = event.time, let bad = badState(of: event) else { return }
    if let episode = states.event(bad, time: time) { sink.report(finding(episode, sink)) }
  }

  mutating func finish(into sink: inout FindingSink) {
    for episode in states.finish(end: lastTime) { sink.report(finding(episode, sink)) }
  }
}
