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
  private var held: [Int: (Diagnostic, age: Int)] = [:]

  init(thresholds: ThresholdEntry) { episodes = TrackEpisodes(thresholds, lowerIsWorse: true) }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    let allStopped = poll.everyInboundStopped
    for track in poll.tracks where track.duration != nil {
      if let (finding, age) = held[track.slot] {
        if (track.pauses ?? 0) > 0 {
          held[track.slot] = nil
        } else if age >= 1 {
          sink.report(finding)
          held[track.slot] = nil
        } else {
          held[track.slot] = (finding, age + 1)
        }
      }
      while flowed.count <= track.slot { flowed.append(false) }
      if (track.bytes ?? 0) > 0 { flowed[track.slot] = true }
      let judged =
        flowed[track.slot] && !track.isSourceDetached && !(allStopped && track.direction == .inbound)
      let change = episodes.feed(track, in: poll, value: judged ? track.bytes : nil)
      var local = FindingSink(peerConnection: poll.peerConnection)
      local.note(change) { finding($0, poll.id(of: track), $1, poll.peerConnection) }
      sink.started.append(contentsOf: local.started)
      for finding in local.reported {
        if track.isInboundVideo && (track.pauses ?? 0) == 0 {
          held[track.slot] = (finding, 0)
        } else if (track.pauses ?? 0) == 0 {
          sink.report(finding)
        }
      }
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for (finding, _) in held.values { sink.report(finding) }
    held.removeAll()
    for (_, track, episode) in episodes.finish() {
      sink.report(finding(episode, track, false, sink.peerConnection))
    }
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
