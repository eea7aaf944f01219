/// A rule of the common shape: one figure per track and interval, run through a per-track
/// ``EpisodeDetector``; each episode is one finding.
///
/// A conforming rule declares only its figure (``value(of:in:)``) and its evidence; observing,
/// finishing and the severity (`critical` in the thresholds escalates) come from here.
protocol TrackEpisodeRule: DiagnosisRule {
  /// The per-track detectors.
  var episodes: TrackEpisodes { get set }
  /// The figure of `track` at this poll; `nil` when the interval is not judged.
  func value(of track: TrackPoll, in poll: PollContext) -> Double?
  /// The evidence of a finding over `episode` (the rule adds nothing else).
  func evidence(for episode: Episode, track: TrackID?) -> Evidence
}

extension TrackEpisodeRule {
  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    // By index: each track is read in place rather than copied out of the array (a
    // `TrackPoll` is some forty optional figures, and every rule reads every track).
    for index in poll.tracks.indices where poll.tracks[index].duration != nil {
      let value = value(of: poll.tracks[index], in: poll)
      // Most intervals change nothing (unknown, or idle and not on): decided by reading.
      if episodes.ignores(value, slot: poll.tracks[index].slot) { continue }
      let change = episodes.feed(poll.tracks[index], in: poll, value: value)
      sink.note(change) {
        finding($0, track: poll.id(of: poll.tracks[index]), isOpen: $1, peerConnection: poll.peerConnection)
      }
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for (_, track, episode) in episodes.finish() {
      sink.report(finding(episode, track: track, isOpen: false, peerConnection: sink.peerConnection))
    }
  }

  /// The finding over `episode`.
  func finding(_ episode: Episode, track: TrackID?, isOpen: Bool, peerConnection: String?) -> Diagnostic {
    episode.finding(
      Self.code, severity: episodes.severity(of: episode, base: Self.code.defaultSeverity),
      peerConnection: peerConnection, track: track, evidence: evidence(for: episode, track: track),
      threshold: episodes.entry, isOpen: isOpen)
  }
}
