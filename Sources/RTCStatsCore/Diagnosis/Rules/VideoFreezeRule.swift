/// Received video freezing: W3C `freezeCount` (a frame shown late by more than max(3·the mean
/// frame duration, frame duration + 150 ms)) and `totalFreezesDuration`.
///
/// Per interval the freezes that ended in it; an episode is raised by one interval with a
/// freeze and ends after 3 intervals without one, so freezes a few seconds apart are one
/// finding. The finding says how many, how long in total, what share of the episode and the
/// longest (per interval: frozen time / freezes, the best the counters allow). The interval of
/// a freeze starts `totalFreezesDuration`'s increment before its end when that is longer.
/// Critical when 20 % of an episode of at least 5 s was frozen.
struct VideoFreezeRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "videoFreezes",
      template:
        "video frozen {frozenSeconds} s in {freezeCount} freeze(s) ({frozenPercent}% of {seconds} s), the longest about {longestSeconds} s",
      severity: .warning),
    summary: "received video froze",
    formula: "ΔfreezeCount and ΔtotalFreezesDuration per interval; share = frozen time / episode time · 100",
    inputs: ["inbound-rtp.freezeCount", "inbound-rtp.totalFreezesDuration"],
    source: "W3C webrtc-stats freezeCount definition; client-monitor-js FreezedVideoTrackDetector",
    guards: [
      "pauses (no frame for 5 s: replaceTrack(null), encodings.active = false) are counted by pauseCount, not here",
      "freezes a few seconds apart make one finding (clearIntervals), not dozens",
    ],
    entry: .hysteresis(
      "videoFreezes", alertOn: 1, alertOff: 1, unit: "freezes in the interval", minIntervals: 1,
      clearIntervals: 3,
      extra: [
        ThresholdValue("criticalPercent", 20, "critical when this % of the episode was frozen"),
        ThresholdValue("criticalMinSeconds", 5, "and the episode lasted at least this (s)"),
      ]))

  private var episodes: TrackEpisodes
  private let criticalPercent: Double
  private let criticalMinSeconds: Double
  private var frozen: [Double] = []
  private var longest: [Double] = []

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds)
    criticalPercent = thresholds.number("criticalPercent", or: 20)
    criticalMinSeconds = thresholds.number("criticalMinSeconds", or: 5)
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.isInboundVideo && track.duration != nil else { continue }
      guard var start = track.start, let end = track.end, let count = track.freezes else { continue }
      let slot = track.slot
      while frozen.count <= slot {
        frozen.append(0)
        longest.append(0)
      }
      if episodes.open(slot) == nil {
        frozen[slot] = 0
        longest[slot] = 0
      }
      let duration = track.freezeDuration ?? 0
      if count >= 1 {
        frozen[slot] += duration
        longest[slot] = Swift.max(longest[slot], duration / count)
        start = Swift.min(start, end - duration)
      }
      let change = episodes.feed(slot: slot, track: poll.id(of: track), value: count, start: start, end: end)
      sink.note(change) {
        finding($0, slot: slot, track: poll.id(of: track), isOpen: $1, sink: poll.peerConnection)
      }
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for (slot, track, episode) in episodes.finish() {
      sink.report(finding(episode, slot: slot, track: track, isOpen: false, sink: sink.peerConnection))
    }
  }

  private func finding(_ episode: Episode, slot: Int, track: TrackID?, isOpen: Bool, sink: String?)
    -> Diagnostic
  {
    let frozenTime = slot < frozen.count ? frozen[slot] : 0
    let share = episode.duration > 0 ? Swift.min(100, frozenTime / episode.duration * 100) : 100
    return episode.finding(
      Self.code,
      severity: share >= criticalPercent && episode.duration >= criticalMinSeconds * 1000
        ? .critical : .warning, peerConnection: sink, track: track,
      evidence: [
        "freezeCount": .integer(Int(episode.sum)), "frozenSeconds": .seconds(frozenTime),
        "frozenPercent": .rounded(share, 0),
        "longestSeconds": .seconds(slot < longest.count ? longest[slot] : 0),
      ], threshold: episodes.entry, isOpen: isOpen)
  }
}
