/// A rule of the common shape for a figure of the whole peer connection (round-trip time, the
/// bandwidth estimate, the transport's state): one ``EpisodeDetector``, one finding per episode.
protocol ConnectionEpisodeRule: DiagnosisRule {
  /// The detector (slot 0, no track).
  var episodes: TrackEpisodes { get set }
  /// The figure at this poll and its interval; `nil` when the poll is not judged.
  mutating func value(in poll: PollContext) -> (value: Double?, start: Double, end: Double)?
  /// The evidence of a finding over `episode`.
  func evidence(for episode: Episode) -> Evidence
  /// The severity of a finding over `episode` (default: the code's, critical past `critical`).
  func severity(for episode: Episode) -> Severity
}

extension ConnectionEpisodeRule {
  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    // Most polls change nothing (unknown, or idle and not on): decided by reading.
    guard let sample = value(in: poll), !episodes.ignores(sample.value, slot: 0) else { return }
    let change = episodes.feed(slot: 0, track: nil, value: sample.value, start: sample.start, end: sample.end)
    sink.note(change) { finding($0, isOpen: $1, peerConnection: poll.peerConnection) }
  }

  mutating func finish(into sink: inout FindingSink) {
    for (_, _, episode) in episodes.finish() {
      sink.report(finding(episode, isOpen: false, peerConnection: sink.peerConnection))
    }
  }

  func severity(for episode: Episode) -> Severity {
    episodes.severity(of: episode, base: Self.code.defaultSeverity)
  }

  /// The finding over `episode`.
  func finding(_ episode: Episode, isOpen: Bool, peerConnection: String?) -> Diagnostic {
    episode.finding(
      Self.code, severity: severity(for: episode),
      peerConnection: peerConnection, track: nil, evidence: evidence(for: episode), threshold: episodes.entry,
      isOpen: isOpen)
  }
}

extension PollContext {
  /// The interval since the previous poll, when both times are known.
  var interval: (start: Double, end: Double)? {
    guard let time else { return nil }
    return (previousTime ?? time, time)
  }
}
