/// A high round-trip time on the connection.
///
/// Per poll: the larger of the selected pair's `currentRoundTripTime` and the receiver
/// reports' `roundTripTime` measured at that poll (the pair's value comes from the last STUN
/// check and lags behind a queue). Raised at 400 ms (Twilio's high-rtt warning) in 2 of 3
/// polls, cleared below 300 ms (ITU-T G.114: 150 ms one way); critical at 1000 ms, where
/// Twilio's E-model gives R = 0.
struct HighRoundTripTimeRule: ConnectionEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "highRoundTripTime",
      template:
        "round-trip time {meanRoundTripTime} ms on average, {peakRoundTripTime} ms at worst, for {seconds} s",
      severity: .warning),
    summary: "high round-trip time",
    formula:
      "per poll max(candidate-pair.currentRoundTripTime, mean of new remote-inbound-rtp.roundTripTime)·1000",
    inputs: ["candidate-pair.currentRoundTripTime", "remote-inbound-rtp.roundTripTime"],
    source: "Twilio StatsMonitor rtt max 400 ms; ITU-T G.114 (150 ms one way); Twilio MOS (R = 0 at 1000 ms)",
    guards: [
      "a currentRoundTripTime of 0 means not measured (Firefox) and is skipped",
      "one slow STUN answer is not a high RTT: 2 of 3 polls are needed",
    ],
    entry: .hysteresis(
      "highRoundTripTime", alertOn: 400, alertOff: 300, unit: "ms", minIntervals: 2, window: 3,
      extra: [ThresholdValue("critical", 1000, "critical when a poll reaches this (ms)")]))

  var episodes: TrackEpisodes

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)? {
    guard let interval = poll.interval else { return nil }
    return (poll.transport?.measuredRoundTripTime, interval.start, interval.end)
  }

  func evidence(for episode: Episode) -> Evidence {
    ["meanRoundTripTime": .rounded(episode.mean, 0), "peakRoundTripTime": .rounded(episode.peak, 0)]
  }
}
