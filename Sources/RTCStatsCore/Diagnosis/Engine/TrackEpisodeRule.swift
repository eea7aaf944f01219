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
    let rule = self
    for track in poll.tracks where track.duration != nil {
      episodes.feed(track, value: rule.value(of: track, in: poll), into: &sink) { episode, _, id, isOpen in
        rule.finding(episode, track: id, isOpen: isOpen, peerConnection: poll.peerConnection)
      }
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    let rule = self
    let peerConnection = sink.peerConnection
    episodes.finish(into: &sink) { episode, _, id, isOpen in
      rule.finding(episode, track: id, isOpen: isOpen, peerConnection: peerConnection)
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
