/// Per-track (or, with slot 0 and no track, per-connection) ``EpisodeDetector``s of one rule,
/// indexed by track slot, turning episodes into
/// findings: the shape of most rules ("figure X of a track past its threshold for N of the
/// last M intervals").
struct TrackEpisodes: Sendable {
  let entry: ThresholdEntry
  let lowerIsWorse: Bool
  private var detectors: [EpisodeDetector?] = []
  private var tracks: [TrackID?] = []
  private var seen: [Bool] = []

  init(_ entry: ThresholdEntry, lowerIsWorse: Bool = false) {
    self.entry = entry
    self.lowerIsWorse = lowerIsWorse
  }

  /// Feeds `value` for the interval of `poll`; a finding is made by `finding` from the episode
  /// when it starts (reported as open) and when it ends (reported complete).
  mutating func feed(
    _ poll: TrackPoll, value: Double?, into sink: inout FindingSink,
    finding: (Episode, _ slot: Int, TrackID?, _ isOpen: Bool) -> Diagnostic
  ) {
    guard let start = poll.start, let end = poll.end else { return }
    feed(
      slot: poll.slot, track: poll.track, value: value, start: start, end: end, into: &sink, finding: finding)
  }

  /// Feeds `value` for `start…end` of the track in `slot`.
  mutating func feed(
    slot: Int, track: TrackID?, value: Double?, start: Double, end: Double, into sink: inout FindingSink,
    finding: (Episode, _ slot: Int, TrackID?, _ isOpen: Bool) -> Diagnostic
  ) {
    while detectors.count <= slot {
      detectors.append(nil)
      tracks.append(nil)
      seen.append(false)
    }
    seen[slot] = true
    if detectors[slot] == nil { detectors[slot] = EpisodeDetector(entry, lowerIsWorse: lowerIsWorse) }
    tracks[slot] = track
    switch detectors[slot]?.add(value, start: start, end: end) {
    case .started(let episode): sink.open(finding(episode, slot, track, true))
    case .ended(let episode): sink.report(finding(episode, slot, track, false))
    default: break
    }
  }

  /// The open episode of `slot`, if any.
  func open(_ slot: Int) -> Episode? { slot < detectors.count ? detectors[slot]?.open : nil }

  /// Reports every open episode.
  mutating func finish(
    into sink: inout FindingSink, finding: (Episode, _ slot: Int, TrackID?, _ isOpen: Bool) -> Diagnostic
  ) {
    for slot in detectors.indices {
      if let episode = detectors[slot]?.finish(), seen[slot] {
        sink.report(finding(episode, slot, tracks[slot], false))
      }
    }
  }

  /// The severity for an episode whose peak is past `critical` (when the entry has one).
  func severity(of episode: Episode, base: Severity) -> Severity {
    guard let critical = entry["critical"] else { return base }
    let past = lowerIsWorse ? episode.peak <= critical : episode.peak >= critical
    return past ? .critical : base
  }
}
