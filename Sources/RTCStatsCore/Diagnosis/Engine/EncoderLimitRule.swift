/// A rule that follows one kind of ``EncoderLimit`` on every outbound video track: per
/// interval 1 when ``EncoderLimit/judge(_:in:_:)`` names ``limit``, else 0, with the figures
/// of the last limited interval (``EncoderContext``) as the evidence.
///
/// ``BandwidthLimitedEncoderRule`` (the network) and ``ApplicationLimitedEncoderRule`` (a
/// sender cap) are its two cases; they differ in their descriptor and thresholds only.
protocol EncoderLimitRule: TrackEpisodeRule {
  /// The limit this rule reports.
  static var limit: EncoderLimit { get }
  /// The judgement's thresholds.
  var parameters: EncoderLimit.Parameters { get }
  /// The figures of the current episode's last limited interval.
  var context: EncoderContext { get set }
}

extension EncoderLimitRule {
  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.direction == .outbound && track.kind == .video else { continue }
      let limited = EncoderLimit.judge(track, in: poll, parameters) == Self.limit
      if episodes.open(track.slot) == nil && !limited { context = EncoderContext() }
      if limited { context.note(track, poll) }
      if episodes.ignores(limited ? 1 : 0, slot: track.slot) { continue }
      let change = episodes.feed(track, in: poll, value: limited ? 1 : 0)
      sink.note(change) {
        finding($0, track: poll.id(of: track), isOpen: $1, peerConnection: poll.peerConnection)
      }
    }
  }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? { nil }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence { context.evidence }
}
