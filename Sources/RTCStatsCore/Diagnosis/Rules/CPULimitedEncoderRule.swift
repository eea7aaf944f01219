/// The video encoder held back by the CPU: `qualityLimitationReason` is `cpu`.
///
/// Per interval 1 when the encoder reports `cpu`, else 0; raised in 3 of 5 intervals.
struct CPULimitedEncoderRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "cpuLimitedEncoder",
      template: "the encoder is limited by the CPU for {seconds} s: sending {resolution} at {frameRate} fps",
      severity: .warning),
    summary: "video encoder limited by the CPU",
    formula: "qualityLimitationReason = cpu",
    inputs: [
      "outbound-rtp.qualityLimitationReason", "outbound-rtp.framesPerSecond", "outbound-rtp.frameHeight",
    ],
    source: "W3C webrtc-stats qualityLimitationReason; webrtc-issue-detector QualityLimitationsIssueDetector",
    guards: ["the encoder's start-up adaptation is not a limitation: 3 of 5 intervals are needed"],
    entry: .hysteresis(
      "cpuLimitedEncoder", alertOn: 1, alertOff: 1, unit: "1 = cpu", minIntervals: 3, window: 5))

  var episodes: TrackEpisodes
  private var lastFrameRate: Double?
  private var lastSize: String = "?"

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds) }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? {
    guard track.direction == .outbound, track.kind == .video, let reason = track.qualityLimitationReason
    else {
      return nil
    }
    return reason == .cpu ? 1 : 0
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.qualityLimitationReason == .cpu else { continue }
      lastFrameRate = track.frameRate
      lastSize = EncoderContext.size(track.width, track.height)
    }
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.duration != nil else { continue }
      let change = episodes.feed(track, in: poll, value: value(of: track, in: poll))
      sink.note(change) {
        finding($0, track: poll.id(of: track), isOpen: $1, peerConnection: poll.peerConnection)
      }
    }
  }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["resolution": .text(lastSize), "frameRate": .rounded(lastFrameRate ?? 0, 1)]
  }
}
