/// The send-side bandwidth estimate too low for what the connection sends.
///
/// Per poll of a connection that sends: `availableOutgoingBitrate` as a share of what the sent
/// media needs for excellent quality (Vonage's rate for each video's capture resolution, 30
/// kbps per audio track; see ``VonageBandwidthTable``). Raised at 40 % (about Vonage's
/// acceptable bound: 350 of 1000 kbps at 720p, 250 of 600 at 480p) in 3 of 5 polls, cleared
/// above 70 %.
struct LowAvailableBandwidthRule: ConnectionEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "lowAvailableBandwidth",
      template:
        "bandwidth estimate down to {lowestEstimate} bps, {lowestSharePercent}% of the {need} bps the sent media needs, for {seconds} s",
      severity: .warning),
    summary: "low send-side bandwidth estimate",
    formula: "availableOutgoingBitrate / Σ(Vonage excellent bitrate of each sent track) · 100",
    inputs: [
      "candidate-pair.availableOutgoingBitrate", "media-source.width", "media-source.height",
      "outbound-rtp.bytesSent",
    ],
    source:
      "Vonage bandwidth requirements (720p excellent > 1000 kbps, acceptable > 350 kbps; audio > 30 kbps)",
    guards: [
      "receive-only connections are not judged (their estimate is the 300 kbps default)",
      "the first poll that sends is skipped: its estimate is libwebrtc's start value",
      "connections that send nothing in the interval are not judged",
    ],
    entry: .hysteresis(
      "lowAvailableBandwidth", alertOn: 40, alertOff: 70, unit: "% of the need", minIntervals: 3, window: 5,
      lowerIsWorse: true))

  var episodes: TrackEpisodes
  private var sendingPolls = 0
  private var need = 0.0
  private var lowest: Double?

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds, lowerIsWorse: true) }

  mutating func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? {
    guard let interval = poll.interval, poll.isSending else { return nil }
    sendingPolls += 1
    let need = BandwidthNeed.of(poll)
    guard sendingPolls > 1, need > 0, let estimate = poll.transport?.availableOutgoingBitrate else {
      return nil
    }
    let share = estimate / need * 100
    if episodes.open(0) == nil || share <= (episodes.open(0)?.peak ?? .infinity) {
      self.need = need
      lowest = estimate
    }
    return (share, interval.start, interval.end)
  }

  func evidence(for episode: Episode) -> Evidence {
    [
      "lowestEstimate": .rounded(lowest ?? 0, 0), "lowestSharePercent": .rounded(episode.peak, 0),
      "need": .rounded(need, 0), "meanSharePercent": .rounded(episode.mean, 0),
    ]
  }
}
