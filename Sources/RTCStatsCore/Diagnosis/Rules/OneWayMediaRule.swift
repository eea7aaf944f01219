/// Media flowing one way only on a connection that sends and receives the same kind: the
/// classic "they can hear me, I cannot hear them" (a firewall or NAT letting one direction
/// through, a remote that never started sending).
///
/// Per kind and poll 1 when the sent tracks of that kind carried bytes and the received ones
/// none (or the other way round), else 0; raised in 3 of 3 polls. A warning when the silent
/// direction had carried media earlier in the call (it broke); info when it never did, since
/// a remote that is muted from the start (an SFU forwarding no audio for a silent
/// participant) looks the same as packets that never get through.
struct OneWayMediaRule: ConnectionEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "oneWayMedia",
      template: "{kind} flows one way only ({flowing} only) for {seconds} s; the other way {history}",
      severity: .warning),
    summary: "media flowing in one direction only",
    formula: "per kind: Σ outbound ΔbytesSent > 0 and Σ inbound ΔbytesReceived = 0, or the reverse",
    inputs: ["outbound-rtp.bytesSent", "inbound-rtp.bytesReceived"],
    source: "Twilio StatsMonitor bytesReceived/bytesSent (raise 3 of 3)",
    guards: [
      "send-only and receive-only connections (one direction has no track) are never judged",
      "video that flowed and stopped is a paused camera, not one-way video: video counts only when one direction never flowed",
      "a direction that never carried media may be a remote muted from the start: info, not a warning",
    ],
    entry: .hysteresis(
      "oneWayMedia", alertOn: 1, alertOff: 1, unit: "1 = one way", minIntervals: 3, window: 3))

  var episodes: TrackEpisodes
  /// Per kind (audio, video): whether each direction ever carried bytes (sent, received).
  private var everFlowed = [(sent: false, received: false), (sent: false, received: false)]
  private var last: (kind: MediaKind, flowing: Direction)?

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard let interval = poll.interval else { return }
    for (slot, kind) in [MediaKind.audio, .video].enumerated() {
      var sent: Double?
      var received: Double?
      for index in poll.tracks.indices {
        let track = poll.tracks[index]
        guard track.kind == kind && track.duration != nil else { continue }
        guard let bytes = track.bytes else { continue }
        if track.direction == .outbound {
          sent = (sent ?? 0) + bytes
        } else {
          received = (received ?? 0) + bytes
        }
      }
      guard let sent, let received else { continue }
      let sending = sent > 0
      let receiving = received > 0
      if sending { everFlowed[slot].sent = true }
      if receiving { everFlowed[slot].received = true }
      var oneWay = sending != receiving
      if kind == .video && oneWay { oneWay = everFlowed[slot].sent != everFlowed[slot].received }
      if oneWay { last = (kind, sending ? .outbound : .inbound) }
      let change = episodes.feed(
        slot: slot, track: nil, value: oneWay ? 1 : 0, start: interval.start, end: interval.end)
      sink.note(change) { finding($0, isOpen: $1, peerConnection: poll.peerConnection) }
    }
  }

  func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? { nil }

  func evidence(for episode: Episode) -> Evidence {
    [
      "kind": .text(last?.kind.rawValue ?? "media"),
      "flowing": .text(last?.flowing == .outbound ? "sent" : "received"),
      "history": .text(
        silentEverFlowed ? "had carried media earlier" : "never carried any (muted, or blocked)"),
      "neverFlowed": .bool(!silentEverFlowed),
    ]
  }

  func severity(for episode: Episode) -> Severity { silentEverFlowed ? .warning : .info }

  /// Whether the silent direction of the last one-way kind carried media earlier.
  private var silentEverFlowed: Bool {
    guard let last else { return false }
    let flowed = everFlowed[last.kind == .audio ? 0 : 1]
    return last.flowing == .outbound ? flowed.received : flowed.sent
  }
}
