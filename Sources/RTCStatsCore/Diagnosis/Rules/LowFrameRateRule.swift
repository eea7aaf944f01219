/// Video frame rate well below what the track normally runs at.
///
/// Per interval: the decoded (inbound) or encoded (outbound) frame rate as a share of the
/// track's reference — the capture source's `framesPerSecond` for sent video, else the best
/// median of 3 consecutive intervals so far. Raised when the share is at or below 50 % and the
/// rate below 20 fps in 2 of 3 intervals, cleared above 75 %.
struct LowFrameRateRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "lowFrameRate",
      template:
        "video at {lowestFrameRate} fps at worst, {lowestPercent}% of its usual {referenceFrameRate} fps, for {seconds} s",
      severity: .warning),
    summary: "video frame rate dropped",
    formula:
      "frameRate / reference · 100; reference = media-source.framesPerSecond (sent) else the best 3-interval median",
    inputs: ["inbound-rtp.framesDecoded", "outbound-rtp.framesPerSecond", "media-source.framesPerSecond"],
    source: "rtcstats (relative to the track's own rate); LiveKit scores layers against the expected ones",
    guards: [
      "screen share and other low-rate sources: the reference is the track's own rate, and rates at or above maxFrameRate are never low",
      "intervals without bytes (paused, dry) are not judged: videoPause and noMediaFlowing cover them",
    ],
    entry: .hysteresis(
      "lowFrameRate", alertOn: 50, alertOff: 75, unit: "% of the reference", minIntervals: 2, window: 3,
      lowerIsWorse: true, extra: [ThresholdValue("maxFrameRate", 20, "fps from which a rate is never low")]))

  private var episodes: TrackEpisodes
  private let maxFrameRate: Double
  private var recent: [[Double]] = []
  private var reference: [Double] = []
  private var lowest: [Double] = []

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds, lowerIsWorse: true)
    maxFrameRate = thresholds.number("maxFrameRate", or: 20)
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.kind == .video && track.duration != nil else { continue }
      let slot = track.slot
      while recent.count <= slot {
        recent.append([])
        reference.append(0)
        lowest.append(.infinity)
      }
      guard let rate = track.frameRate, (track.bytes ?? 0) > 0 else { continue }
      recent[slot].append(rate)
      if recent[slot].count > 3 { recent[slot].removeFirst() }
      if recent[slot].count == 3 {
        let (a, b, c) = (recent[slot][0], recent[slot][1], recent[slot][2])
        reference[slot] = Swift.max(
          reference[slot], Swift.max(Swift.min(a, b), Swift.min(Swift.max(a, b), c)))
      }
      let base = track.sourceFrameRate.flatMap { $0 > 0 ? $0 : nil } ?? reference[slot]
      guard base > 0 else { continue }
      let share = rate >= maxFrameRate ? 100 : rate / base * 100
      if episodes.open(slot) == nil { lowest[slot] = .infinity }
      lowest[slot] = Swift.min(lowest[slot], rate)
      let change = episodes.feed(track, in: poll, value: share)
      sink.note(change) {
        finding(
          $0, slot: slot, track: poll.id(of: track), base: base, isOpen: $1,
          peerConnection: poll.peerConnection)
      }
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for (slot, track, episode) in episodes.finish() {
      let base = slot < reference.count ? reference[slot] : 0
      sink.report(
        finding(
          episode, slot: slot, track: track, base: base, isOpen: false, peerConnection: sink.peerConnection))
    }
  }

  private func finding(
    _ episode: Episode, slot: Int, track: TrackID?, base: Double, isOpen: Bool, peerConnection: String?
  ) -> Diagnostic {
    episode.finding(
      Self.code, peerConnection: peerConnection, track: track,
      evidence: [
        "lowestFrameRate": .rounded(slot < lowest.count && lowest[slot].isFinite ? lowest[slot] : 0, 1),
        "lowestPercent": .rounded(episode.peak, 0), "referenceFrameRate": .rounded(base, 1),
      ], threshold: episodes.entry, isOpen: isOpen)
  }
}
