/// Every received track stopped at once while the selected candidate pair received nothing
/// either: the connection carries no media (a network cut, a dead path).
///
/// Per poll 1 when every received track that had flowed carried no bytes and the pair's
/// `bytesReceived` did not grow, else 0; raised in 2 of 2 polls. Critical.
struct MediaStoppedRule: ConnectionEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "mediaStopped",
      template:
        "media stopped on all {tracks} received tracks for {seconds} s: nothing arrived on the connection",
      severity: .critical),
    summary: "all received media stopped (connection carries nothing)",
    formula: "every inbound track: ΔbytesReceived = 0, and candidate-pair ΔbytesReceived = 0",
    inputs: ["inbound-rtp.bytesReceived", "candidate-pair.bytesReceived"],
    source:
      "Twilio StatsMonitor bytesReceived; LiveKit connection quality (LOST when no packets and no RTCP)",
    guards: [
      "a sender pausing one video leaves audio and RTCP flowing on the pair: not stopped",
      "tracks that never flowed are not counted",
    ],
    entry: .hysteresis(
      "mediaStopped", alertOn: 1, alertOff: 1, unit: "1 = stopped", minIntervals: 2, window: 2))

  var episodes: TrackEpisodes
  private var flowed: [Bool] = []
  private var trackCount = 0

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  mutating func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? {
    guard let interval = poll.interval else { return nil }
    var judged = 0
    var silent = 0
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.direction == .inbound && track.duration != nil else { continue }
      while flowed.count <= track.slot { flowed.append(false) }
      if (track.bytes ?? 0) > 0 { flowed[track.slot] = true }
      guard flowed[track.slot] else { continue }
      judged += 1
      if track.bytes == 0 { silent += 1 }
    }
    guard judged > 0 else { return nil }
    let stopped = silent == judged && (poll.transport?.bytesReceived ?? 0) == 0
    if stopped { trackCount = judged }
    return (stopped ? 1 : 0, interval.start, interval.end)
  }

  func evidence(for episode: Episode) -> Evidence { ["tracks": .integer(trackCount)] }
}
