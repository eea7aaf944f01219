/// A large share of a track's bytes spent on retransmissions (NACK storms): the loss is being
/// repaired, at the cost of bandwidth and delay.
///
/// Per interval ΔretransmittedBytes / Δbytes · 100 (sent, or received when the receiver
/// reports it), only in intervals with NACKs. Raised at 10 % in 3 of 5 intervals, cleared
/// below 5 %.
struct HeavyRetransmissionRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "heavyRetransmission",
      template:
        "{meanPercent}% of the bytes were retransmissions on average, {peakPercent}% at worst, for {seconds} s",
      severity: .warning),
    summary: "heavy retransmission (NACK storm)",
    formula: "ΔretransmittedBytes / Δbytes · 100 in intervals with ΔnackCount > 0",
    inputs: [
      "outbound-rtp.retransmittedBytesSent", "outbound-rtp.bytesSent", "outbound-rtp.nackCount",
      "inbound-rtp.retransmittedBytesReceived", "inbound-rtp.nackCount",
    ],
    source: "RFC 4585 generic NACK; webrtc-issue-detector (retransmissions as a loss symptom)",
    guards: [
      "bandwidth probing sends padding on the RTX stream without any NACK: an interval without NACKs counts as 0 %"
    ],
    entry: .hysteresis("heavyRetransmission", alertOn: 10, alertOff: 5, unit: "%", minIntervals: 3, window: 5)
  )

  var episodes: TrackEpisodes

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? {
    guard let retransmitted = track.retransmittedBytes, let bytes = track.bytes, bytes > 0 else { return nil }
    return (track.nacks ?? 0) > 0 ? retransmitted / bytes * 100 : 0
  }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["meanPercent": .rounded(episode.mean, 1), "peakPercent": .rounded(episode.peak, 1)]
  }
}
