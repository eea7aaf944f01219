/// Audio quality low by the E-model: the interval MOS of an audio track (``AudioMOS``) below
/// 3.5 in 3 of 5 intervals (Twilio's 3-of-5 sampling), cleared above 3.8; critical below 3.0
/// (Twilio's low-mos warning).
struct LowAudioMOSRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "lowAudioMOS", template: "audio MOS {meanMOS} on average, {lowestMOS} at worst, for {seconds} s",
      severity: .warning),
    summary: "low audio MOS (E-model)",
    formula: "AudioMOS(RTT, jitter, loss) per interval: Twilio's form of the ITU-T G.107 E-model",
    inputs: [
      "remote-inbound-rtp.roundTripTime", "candidate-pair.currentRoundTripTime", "jitter", "packetsLost",
    ],
    source: "ITU-T G.107 (E-model); Twilio StatsMonitor mos min 3 and its MOS calculation",
    guards: [
      "intervals whose RTT is unknown have no MOS (never the 4.4 of an RTT read as 0) and are not judged"
    ],
    entry: .hysteresis(
      "lowAudioMOS", alertOn: 3.5, alertOff: 3.8, unit: "MOS", minIntervals: 3, window: 5, lowerIsWorse: true,
      extra: [ThresholdValue("critical", 3.0, "critical when an interval is at or below this")]))

  var episodes: TrackEpisodes

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds, lowerIsWorse: true) }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? {
    guard track.kind == .audio else { return nil }
    let (rtt, jitter, loss) = MOSAccumulator.inputs(track, transport: poll.transport)
    return AudioMOS.score(roundTripTime: rtt, jitter: jitter, lossPercent: loss)
  }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["meanMOS": .rounded(episode.mean, 2), "lowestMOS": .rounded(episode.peak, 2)]
  }
}
