/// Grades one poll of a peer connection per direction, before hysteresis.
///
/// **Receive** (this side's downlink), per received track: interval loss (audio and video
/// ladders, only with at least `minPackets` packets), jitter, and — only when the interval
/// shows a network symptom (loss ≥ the good bound, NACKs, jitter or RTT at fair) — the share
/// of time frozen and the received video bitrate against what its resolution needs (a sender
/// cap or a source that stops is not the network). Media that stops on every received track
/// while the selected pair receives nothing either is critical.
/// **Send** (this side's uplink), per sent track: the receiver report's `fractionLost` and
/// jitter; for the connection, the estimate (`availableOutgoingBitrate`) against what the sent
/// media needs (Vonage's excellent rate for the capture source's resolution, 30 kbps per audio
/// track), connectivity checks left unanswered with nothing received (critical; so is a poll
/// with no check sent and nothing at all received while the last checks are unanswered: consent
/// checks are seconds apart, and a cut that begins between two of them shows first as such a
/// poll), and receiver reports that stopped coming (fair from 3 s without one, critical from
/// 5 s; doubled for audio only).
/// **Both**: round-trip time, ICE `disconnected`/`failed` (critical) and a switched candidate
/// pair (good, reason networkConditionChange).
///
/// A direction without media in the interval is unknown.
struct ConditionGrader: Sendable {
  private let videoLoss: ConditionLadder
  private let audioLoss: ConditionLadder
  private let roundTripTime: ConditionLadder
  private let jitter: ConditionLadder
  private let videoJitter: ConditionLadder
  private let freezeShare: ConditionLadder
  private let bandwidth: ConditionLadder
  private let receivedBitrate: ConditionLadder
  private let feedbackGap: ConditionLadder
  private let minPackets: Double
  private let symptomNacks: Double
  private var flowed: [Bool] = []
  private var sendingPolls = 0
  /// Whether the last connectivity checks sent went unanswered (kept over polls that sent
  /// none and received nothing).
  private var checksUnanswered = false

  init(_ table: ThresholdTable) {
    videoLoss = ConditionLadder(table.entry("condition.videoLoss"))
    audioLoss = ConditionLadder(table.entry("condition.audioLoss"))
    roundTripTime = ConditionLadder(table.entry("condition.roundTripTime"))
    jitter = ConditionLadder(table.entry("condition.jitter"))
    videoJitter = ConditionLadder(table.entry("condition.videoJitter"))
    freezeShare = ConditionLadder(table.entry("condition.freezeShare"))
    bandwidth = ConditionLadder(table.entry("condition.availableBandwidth"))
    receivedBitrate = ConditionLadder(table.entry("condition.receivedVideoBitrate"))
    feedbackGap = ConditionLadder(table.entry("condition.feedbackGap"))
    let general = table.entry("condition")
    minPackets = general.number("minPackets", or: 10)
    symptomNacks = general.number("symptomNacksPerSecond", or: 2)
  }

  /// Writes the send and receive samples of `poll` in place (a sample is some twenty figures).
  ///
  /// `trackLevels` receives the badness of each received track (by its position in
  /// `poll.tracks`). Returns `false`, writing nothing, when the poll has no time.
  mutating func grade(
    _ poll: PollContext, trackLevels: inout [(Int, Int?)], send: inout ConditionSample,
    receive: inout ConditionSample
  ) -> Bool {
    guard let end = poll.time else { return false }
    let start = poll.previousTime ?? end
    send = ConditionSample(start: start, end: end)
    receive = ConditionSample(start: start, end: end)
    trackLevels.removeAll(keepingCapacity: true)
    var inbound = 0
    var stopped = 0
    var outbound = 0
    for position in poll.tracks.indices {
      let track = poll.tracks[position]
      guard track.duration != nil else { continue }
      if track.direction == .inbound {
        inbound += 1
        let level = gradeReceived(poll, position, into: &receive)
        trackLevels.append((position, level))
        while flowed.count <= track.slot { flowed.append(false) }
        if (track.bytes ?? 0) > 0 {
          if !flowed[track.slot] { flowed[track.slot] = true }
        } else if track.bytes != nil, flowed[track.slot] {
          stopped += 1
        }
      } else {
        outbound += 1
        gradeSent(poll, position, into: &send)
      }
    }
    if outbound > 0 {
      gradeEstimate(poll, into: &send)
      if let gap = poll.timeWithoutFeedback {
        let badness = feedbackGap.badness(gap / 1000 / (poll.sendsVideo ? 1 : 2))
        send.raise(.networkConditionChange, (badness ?? 0) >= 2 ? badness : nil)
        if (badness ?? 0) >= 4 { send.figures.mediaStopped = true }
      }
    }
    if let transport = poll.transport {
      if inbound > 0 { gradeTransport(transport, into: &receive, sending: false) }
      if outbound > 0 {
        gradeTransport(transport, into: &send, sending: true)
        gradeSilence(transport, into: &send)
      }
      noteChecks(transport)
      if inbound > 0, stopped == inbound, (transport.bytesReceived ?? 0) == 0 {
        receive.raise(.networkConditionChange, 4)
        receive.figures.mediaStopped = true
      }
    }
    if inbound == 0 { receive = ConditionSample(start: start, end: end) }
    if outbound == 0 { send = ConditionSample(start: start, end: end) }
    return true
  }

  /// The grade of the received track at `position` (the poll is passed, not the track: the
  /// track is read in place rather than copied into the call).
  private func gradeReceived(_ poll: PollContext, _ position: Int, into sample: inout ConditionSample)
    -> Int?
  {
    let track = poll.tracks[position]
    var level: Int?
    func note(_ reason: ConditionReason, _ badness: Int?) {
      guard let badness else { return }
      sample.raise(reason, badness)
      level = Swift.max(level ?? 0, badness)
    }
    let ladder = track.kind == .audio ? audioLoss : videoLoss
    if let loss = track.lossPercent, (track.packets ?? 0) + (track.packetsLost ?? 0) >= minPackets {
      note(.packetLoss, ladder.badness(loss))
      sample.figures.lossPercent = Swift.max(sample.figures.lossPercent ?? 0, loss)
    }
    let jitterLadder = track.kind == .video ? videoJitter : jitter
    if let value = track.jitter {
      note(.bandwidth, jitterLadder.badness(value))
      sample.figures.jitter = Swift.max(sample.figures.jitter ?? 0, value)
    }
    guard track.kind == .video, let duration = track.duration, duration > 0 else { return level }
    let nackRate = (track.nacks ?? 0) / duration * 1000
    let symptom =
      (track.lossPercent ?? 0) >= videoLoss.good || nackRate >= symptomNacks
      || (jitterLadder.badness(track.jitter) ?? 0) >= 2
      || (roundTripTime.badness(poll.transport?.roundTripTime) ?? 0) >= 2
    guard symptom else { return level }
    if let frozen = track.freezeDuration, frozen > 0 {
      let share = Swift.min(100, frozen / duration * 100)
      let repaired = (track.lossPercent ?? 0) > 0 || (track.nacks ?? 0) > 0
      note(repaired ? .packetLoss : .bandwidth, freezeShare.badness(share))
      sample.figures.freezeShare = Swift.max(sample.figures.freezeShare ?? 0, share)
    }
    if let bitrate = track.bitrate, let width = track.width, let height = track.height {
      let need = VonageBandwidthTable.excellentVideoBitrate(width: width, height: height)
      note(.bandwidth, receivedBitrate.badness(bitrate / need * 100))
      sample.figures.receivedBitrate = bitrate
      sample.figures.receivedNeed = need
    }
    return level
  }

  /// The grade of the sent track at `position`.
  private func gradeSent(_ poll: PollContext, _ position: Int, into sample: inout ConditionSample) {
    let track = poll.tracks[position]
    let ladder = track.kind == .audio ? audioLoss : videoLoss
    if let loss = track.lossPercent {
      sample.raise(.packetLoss, ladder.badness(loss))
      sample.figures.lossPercent = Swift.max(sample.figures.lossPercent ?? 0, loss)
    }
    if let value = track.jitter {
      sample.raise(.bandwidth, (track.kind == .video ? videoJitter : jitter).badness(value))
      sample.figures.jitter = Swift.max(sample.figures.jitter ?? 0, value)
    }
  }

  private mutating func gradeEstimate(_ poll: PollContext, into sample: inout ConditionSample) {
    guard poll.isSending else { return }
    sendingPolls += 1
    // The first estimate is libwebrtc's start value (300 kbps), not a measurement.
    guard sendingPolls > 1, let estimate = poll.transport?.availableOutgoingBitrate else { return }
    let need = BandwidthNeed.of(poll)
    guard need > 0 else { return }
    sample.raise(.bandwidth, bandwidth.badness(estimate / need * 100))
    sample.figures.availableBitrate = estimate
    sample.figures.neededBitrate = need
  }

  /// A sending poll in which nothing arrived and no check went out, after unanswered checks.
  private func gradeSilence(_ transport: TransportPoll, into sample: inout ConditionSample) {
    guard checksUnanswered, transport.connectivity == .silent else { return }
    sample.raise(.networkConditionChange, 4)
    sample.figures.mediaStopped = true
  }

  /// Remembers whether this poll's checks went unanswered (sent, no response, whatever other
  /// bytes came: the last packets before a cut); a silent poll keeps the last verdict.
  private mutating func noteChecks(_ transport: TransportPoll) {
    switch transport.connectivity {
    case .silent: break
    case nil: checksUnanswered = false
    case .arrived, .unanswered:
      checksUnanswered = (transport.requestsSent ?? 0) > 0 && transport.responsesReceived == 0
    }
  }

  private func gradeTransport(_ transport: TransportPoll, into sample: inout ConditionSample, sending: Bool) {
    if let rtt = transport.roundTripTime {
      sample.raise(.bandwidth, roundTripTime.badness(rtt))
      sample.figures.roundTripTime = rtt
    }
    if transport.isIceDisconnected {
      sample.raise(.networkConditionChange, 4)
      sample.figures.iceDisconnected = true
      if transport.isIceFailed { sample.figures.iceFailed = true }
    }
    if transport.pairChanged {
      sample.raise(.networkConditionChange, 1)
      sample.figures.pairChanged = true
    }
    if sending, (transport.requestsSent ?? 0) > 0, transport.responsesReceived == 0,
      (transport.bytesReceived ?? 0) == 0
    {
      sample.raise(.networkConditionChange, 4)
      sample.figures.mediaStopped = true
    }
  }
}
