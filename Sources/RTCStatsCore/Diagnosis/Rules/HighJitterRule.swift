/// High interarrival jitter on a track.
///
/// Per poll: inbound `jitter`, outbound the receiver's `remote-inbound-rtp.jitter`, in ms.
/// Audio: raised at 30 ms (Twilio's high-jitter warning) in 2 of 3 polls, cleared below 20 ms;
/// video: at 60 ms, cleared below 40 ms (a frame's packets leave together, and with SVC all
/// its spatial layers: video jitter runs higher). Critical at 200 ms (webrtc-issue-detector's
/// high jitter).
struct HighJitterRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "highJitter", template: "jitter {meanJitter} ms on average, {peakJitter} ms at worst, for {seconds} s",
      severity: .warning),
    summary: "high jitter on a track",
    formula: "per poll inbound-rtp.jitter·1000, outbound remote-inbound-rtp.jitter·1000",
    inputs: ["inbound-rtp.jitter", "remote-inbound-rtp.jitter"],
    source:
      "Twilio StatsMonitor jitter max 30 ms; webrtc-issue-detector InboundNetworkIssueDetector (≥ 200 ms)",
    guards: [
      "one spike is not high jitter: 2 of 3 polls are needed",
      "video jitter includes the spread of one frame's packets (all SVC layers of a frame share its timestamp): video has its own, higher bounds",
    ],
    entry: .hysteresis(
      "highJitter", alertOn: 30, alertOff: 20, unit: "ms, audio", minIntervals: 2, window: 3,
      extra: [
        ThresholdValue("videoAlertOn", 60, "raise for video at or above this (ms)"),
        ThresholdValue("videoAlertOff", 40, "clear for video below this (ms)"),
        ThresholdValue("critical", 200, "critical when a poll reaches this (ms)"),
      ]))

  var episodes: TrackEpisodes
  private var video: TrackEpisodes

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds)
    var videoEntry = thresholds
    for (index, value) in videoEntry.values.enumerated() {
      if value.name == "alertOn" {
        videoEntry.values[index].value = thresholds.number("videoAlertOn", or: 60)
      }
      if value.name == "alertOff" {
        videoEntry.values[index].value = thresholds.number("videoAlertOff", or: 40)
      }
    }
    video = TrackEpisodes(videoEntry)
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.duration != nil else { continue }
      let change =
        track.kind == .video
        ? video.feed(track, in: poll, value: track.jitter)
        : episodes.feed(track, in: poll, value: track.jitter)
      sink.note(change) {
        finding($0, track: poll.id(of: track), isOpen: $1, peerConnection: poll.peerConnection)
      }
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for (_, track, episode) in episodes.finish() + video.finish() {
      sink.report(finding(episode, track: track, isOpen: false, peerConnection: sink.peerConnection))
    }
  }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? { track.jitter }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["meanJitter": .rounded(episode.mean, 1), "peakJitter": .rounded(episode.peak, 1)]
  }
}
