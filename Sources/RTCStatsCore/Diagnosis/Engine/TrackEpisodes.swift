/// Per-track (or, with slot 0 and no track, per-connection) ``EpisodeDetector``s of one rule,
/// indexed by track slot: the shape of most rules ("figure X of a track past its threshold for
/// N of the last M intervals").
///
/// Feeding returns the ``EpisodeChange``; the rule turns a started or ended episode into a
/// finding with ``FindingSink/note(_:_:)``, so that no copy of the rule is made per interval.
struct TrackEpisodes: Sendable {
  let entry: ThresholdEntry
  let lowerIsWorse: Bool
  private var detectors: [EpisodeDetector?] = []
  private var tracks: [TrackID?] = []
  private var seen: [Bool] = []

  /// A detector with the entry's values and no interval yet: what a new slot starts from.
  private let idle: EpisodeDetector

  init(_ entry: ThresholdEntry, lowerIsWorse: Bool = false) {
    self.entry = entry
    self.lowerIsWorse = lowerIsWorse
    idle = EpisodeDetector(entry, lowerIsWorse: lowerIsWorse)
  }

  /// Whether feeding `value` to `slot` would change nothing (``EpisodeDetector/ignores(_:)``).
  ///
  /// Decided without writing; a slot not seen yet counts as idle. Only for slots whose track
  /// never changes (a track's slot, or a slot of the connection with no track): such a slot
  /// can as well get its detector at the first value that counts.
  @inline(__always)
  func ignores(_ value: Double?, slot: Int) -> Bool {
    guard slot < detectors.count, seen[slot] else { return idle.ignores(value) }
    return detectors[slot]?.ignores(value) ?? true
  }

  /// Feeds `value` for the interval of `track` at `poll`.
  ///
  /// Inlined: the track is read in place rather than copied into a call (a `TrackPoll` is
  /// some forty optional figures, and every rule feeds every track of every poll).
  @inline(__always)
  mutating func feed(_ track: TrackPoll, in poll: PollContext, value: Double?) -> EpisodeChange {
    guard let start = track.start, let end = track.end else { return .none }
    // The track's id in its slot never changes: an idle slot can wait for its detector.
    guard !ignores(value, slot: track.slot) else { return .none }
    let slot = track.slot
    if slot < detectors.count, seen[slot] {
      return detectors[slot]?.add(value, start: start, end: end) ?? .none
    }
    return feed(slot: slot, track: poll.trackIDs[slot], value: value, start: start, end: end)
  }

  /// Feeds `value` for `start…end` of the track in `slot`.
  mutating func feed(slot: Int, track: TrackID?, value: Double?, start: Double, end: Double) -> EpisodeChange
  {
    if slot < detectors.count, seen[slot], detectors[slot]?.ignores(value) ?? true { return .none }
    while detectors.count <= slot {
      detectors.append(nil)
      tracks.append(nil)
      seen.append(false)
    }
    if !seen[slot] {
      seen[slot] = true
      tracks[slot] = track
      detectors[slot] = idle
    }
    return detectors[slot]?.add(value, start: start, end: end) ?? .none
  }

  /// The open episode of `slot`, if any.
  func open(_ slot: Int) -> Episode? { slot < detectors.count ? detectors[slot]?.open : nil }

  /// Closes every open episode and returns them.
  mutating func finish() -> [(slot: Int, track: TrackID?, episode: Episode)] {
    var result: [(Int, TrackID?, Episode)] = []
    for slot in detectors.indices {
      if let episode = detectors[slot]?.finish(), seen[slot] { result.append((slot, tracks[slot], episode)) }
    }
    return result
  }

  /// The severity for an episode whose peak is past `critical` (when the entry has one).
  func severity(of episode: Episode, base: Severity) -> Severity {
    guard let critical = entry["critical"] else { return base }
    let past = lowerIsWorse ? episode.peak <= critical : episode.peak >= critical
    return past ? .critical : base
  }
}

extension FindingSink {
  /// Turns a started episode into an open finding and an ended one into a reported finding.
  mutating func note(_ change: EpisodeChange, _ finding: (Episode, _ isOpen: Bool) -> Diagnostic) {
    switch change {
    case .started(let episode): open(finding(episode, true))
    case .ended(let episode): report(finding(episode, false))
    case .none, .continued: break
    }
  }
}
