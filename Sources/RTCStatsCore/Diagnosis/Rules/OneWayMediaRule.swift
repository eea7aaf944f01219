/// Media flowing one way only on a connection that sends and receives the same kind: the
/// classic "they can hear me, I cannot hear them" (a firewall or NAT letting one direction
/// through, a remote that never started sending).
///
/// Per kind and poll 1 when the sent tracks of that kind carried bytes and the received ones
/// none (or the other way round), else 0; raised in 3 of 3 polls.
struct OneWayMediaRule: ConnectionEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "oneWayMedia", template: "{kind} flows one way only ({flowing} only) for {seconds} s",
      severity: .warning),
    summary: "media flowing in one direction only",
    formula: "per kind: Σ outbound ΔbytesSent > 0 and Σ inbound ΔbytesReceived = 0, or the reverse",
    inputs: ["outbound-rtp.bytesSent", "inbound-rtp.bytesReceived"],
    source: "Twilio StatsMonitor bytesReceived/bytesSent (raise 3 of 3)",
    guards: [
      "send-only and receive-only connections (one direction has no track) are never judged",
      "video that flowed and stopped is a paused camera, not one-way video: video counts only when one direction never flowed",
    ],
    entry: .hysteresis(
      "oneWayMedia", alertOn: 1, alertOff: 1, unit: "1 = one way", minIntervals: 3, window: 3))

  var episodes: TrackEpisodes
  private var everFlowed: [MediaKind: Set<Direction>] = [:]
  private var last: (kind: MediaKind, flowing: Direction)?

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard let interval = poll.interval else { return }
    for (slot, kind) in [MediaKind.audio, .video].enumerated() {
      let tracks = poll.tracks.filter { $0.kind == kind && $0.duration != nil }
      let sent = tracks.filter { $0.direction == .outbound }.compactMap(\.bytes)
      let received = tracks.filter { $0.direction == .inbound }.compactMap(\.bytes)
      guard !sent.isEmpty, !received.isEmpty else { continue }
      let sending = sent.reduce(0, +) > 0
      let receiving = received.reduce(0, +) > 0
      if sending { everFlowed[kind, default: []].insert(.outbound) }
      if receiving { everFlowed[kind, default: []].insert(.inbound) }
      var oneWay = sending != receiving
      if kind == .video && oneWay { oneWay = everFlowed[kind]?.count == 1 }
      if oneWay { last = (kind, sending ? .outbound : .inbound) }
      let rule = self
      episodes.feed(
        slot: slot, track: nil, value: oneWay ? 1 : 0, start: interval.start, end: interval.end, into: &sink
      ) {
        episode, _, _, isOpen in rule.finding(episode, isOpen: isOpen, peerConnection: poll.peerConnection)
      }
    }
  }

  func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? { nil }

  func evidence(for episode: Episode) -> Evidence {
    [
      "kind": .text(last?.kind.rawValue ?? "media"),
      "flowing": .text(last?.flowing == .outbound ? "sent" : "received"),
    ]
  }
}
