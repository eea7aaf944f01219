/// A track that had media stops receiving (or sending) bytes while the connection lives:
/// no media flowing.
///
/// Per interval the track's payload bytes, once it has flowed; raised when all of the last 3
/// intervals carried none (Twilio's bytesReceived/bytesSent warning: 3 of 3 samples), cleared
/// by the first interval with bytes.
struct DryTrackRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "noMediaFlowing", template: "no media on this track for {seconds} s while the connection stayed up",
      severity: .warning),
    summary: "no media flowing on a track (dry track)",
    formula:
      "ΔbytesReceived (or ΔbytesSent) = 0 in minIntervals of the last window intervals, after the track has flowed",
    inputs: [
      "inbound-rtp.bytesReceived", "outbound-rtp.bytesSent", "outbound-rtp.mediaSourceId",
      "inbound-rtp.pauseCount",
    ],
    source:
      "Twilio StatsMonitor bytesReceived/bytesSent (min 1, raise 3 of 3); client-monitor-js DryInboundTrackDetector",
    guards: [
      "a received video that resumes with a new pauseCount was paused by the sender (videoPause)",
      "a sender whose track was replaced by null (its mediaSourceId names no media-source) stopped on purpose",
      "intervals in which every received track stopped are mediaStopped (the connection, not the track)",
      "a track that never carried media is not dry (oneWayMedia covers a direction that never flowed)",
    ],
    entry: .hysteresis(
      "noMediaFlowing", alertOn: 0, alertOff: 0, unit: "bytes", minIntervals: 3, window: 3, lowerIsWorse: true
    ))

  private var episodes: TrackEpisodes
  private var flowed: [Bool] = []
  /// A received video's dry episode that ended, held one poll to see whether it was a pause.
  private var held: [(finding: Diagnostic, age: Int)?] = []
  private var holding = 0

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds, lowerIsWorse: true) }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    let allStopped = poll.everyInboundStopped
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.duration != nil else { continue }
      while flowed.count <= track.slot {
        flowed.append(false)
        held.append(nil)
      }
      if holding > 0, let (finding, age) = held[track.slot] {
        if (track.pauses ?? 0) > 0 {
          release(track.slot)
        } else if age >= 1 {
          sink.report(finding)
          release(track.slot)
        } else {
          held[track.slot] = (finding, age + 1)
        }
      }
      if !flowed[track.slot], (track.bytes ?? 0) > 0 { flowed[track.slot] = true }
      let judged =
        flowed[track.slot] && !track.isSourceDetached && !(allStopped && track.direction == .inbound)
      switch episodes.feed(track, in: poll, value: judged ? track.bytes : nil) {
      case .started(let episode): sink.open(finding(episode, poll.id(of: track), true, poll.peerConnection))
      case .ended(let episode) where (track.pauses ?? 0) == 0:
        let finding = finding(episode, poll.id(of: track), false, poll.peerConnection)
        if track.isInboundVideo {
          held[track.slot] = (finding, 0)
          holding += 1
        } else {
          sink.report(finding)
        }
      default: break
      }
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for case (let finding, _)? in held { sink.report(finding) }
    held = held.map { _ in nil }
    holding = 0
    for (_, track, episode) in episodes.finish() {
      sink.report(finding(episode, track, false, sink.peerConnection))
    }
  }

  private mutating func release(_ slot: Int) {
    held[slot] = nil
    holding -= 1
  }

  /// A finding with no evidence of its own beyond the episode's length.
  private func finding(_ episode: Episode, _ track: TrackID?, _ isOpen: Bool, _ peerConnection: String?)
    -> Diagnostic
  {
    episode.finding(
      Self.code, peerConnection: peerConnection, track: track, evidence: Evidence(),
      threshold: episodes.entry,
      isOpen: isOpen)
  }
}
