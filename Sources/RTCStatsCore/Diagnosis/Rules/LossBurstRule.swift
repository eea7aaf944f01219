/// Short bursts of heavy loss: the intervals where a track lost at least 10 % of its packets.
///
/// Per interval the same loss as ``HighPacketLossRule``; every interval at 10 % (LiveKit's
/// video packet score reaches 0) raises, and the burst lasts while the loss stays at 5 % or
/// more. Each burst is one finding, so bursts line up with the impairment windows. A burst
/// stands out from a clean background: it must follow `cleanBefore` intervals below
/// `alertOff` and last at most `maxSeconds`; heavy loss that goes on is highPacketLoss. Its
/// first interval may be a single one between `alertOff` and `alertOn`: a burst that began
/// late in a poll interval shows there as part of its loss (a 2 s burst at 20 % seen by
/// receiver reports as 8.6 %, then 19.9 %): the burst then starts with that interval, and
/// the clean intervals are counted before it.
struct LossBurstRule: TrackEpisodeRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "lossBurst", template: "burst of loss: {peakLossPercent}% of packets lost at worst over {seconds} s",
      severity: .warning),
    summary: "a short burst of heavy packet loss",
    formula:
      "per interval loss as highPacketLoss; each interval at alertOn raises; the burst lasts while loss ≥ alertOff",
    inputs: ["inbound-rtp.packetsLost", "inbound-rtp.packetsReceived", "remote-inbound-rtp.fractionLost"],
    source: "LiveKit connection quality: the video packet score (100 − 10·loss%) is 0 at 10 %",
    guards: [
      "intervals with fewer than minPackets packets are not judged (one lost packet of five is not a burst)",
      "heavy loss that goes on, or comes back before the loss cleared, is sustained loss (highPacketLoss), not a burst",
      "loss that rises over more than one interval below alertOn before it peaks is not a burst",
    ],
    entry: .hysteresis(
      "lossBurst", alertOn: 10, alertOff: 5, unit: "%", minIntervals: 1,
      extra: [
        ThresholdValue("minPackets", 20, "packets an interval needs to be judged (inbound)"),
        ThresholdValue("cleanBefore", 2, "intervals below alertOff needed before a burst"),
        ThresholdValue("maxSeconds", 5, "a burst lasts at most this (s)"),
      ]))

  var episodes: TrackEpisodes
  private let minPackets: Double
  private let cleanBefore: Int
  private let maxSeconds: Double
  /// `alertOff` and `alertOn`, read once.
  private let alertOff: Double
  private let alertOn: Double
  /// Per slot: clean intervals in a row before the current one, and that count when the open
  /// burst started.
  private var cleanRun: [Int] = []
  private var cleanAtStart: [Int] = []
  /// Per slot: intervals in a row between `alertOff` and `alertOn` with no burst open (the
  /// loss rising), the clean run before them, and when they began.
  private var rampRun: [Int] = []
  private var cleanBeforeRamp: [Int] = []
  private var rampStart: [Double] = []

  init(thresholds: ThresholdEntry) {
    episodes = TrackEpisodes(thresholds)
    minPackets = thresholds.number("minPackets", or: 20)
    cleanBefore = Int(thresholds.number("cleanBefore", or: 2))
    maxSeconds = thresholds.number("maxSeconds", or: 5)
    alertOff = thresholds.alertOff
    alertOn = thresholds.alertOn
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.duration != nil else { continue }
      let slot = track.slot
      while cleanRun.count <= slot {
        cleanRun.append(0)
        cleanAtStart.append(0)
        rampRun.append(0)
        cleanBeforeRamp.append(0)
        rampStart.append(0)
      }
      // An unknown value changes nothing (and ``cleanAtStart`` is set again before it is read).
      guard let value = self.value(of: track, in: poll) else { continue }
      let isIdle = episodes.open(slot) == nil
      if isIdle {
        // Clean intervals before the loss began: before the rising interval, if there is one.
        let ramp = rampRun[slot]
        cleanAtStart[slot] = ramp == 0 ? cleanRun[slot] : ramp == 1 ? cleanBeforeRamp[slot] : 0
      }
      let change: EpisodeChange
      if isIdle, rampRun[slot] == 1, value >= alertOn, let end = track.end {
        change = episodes.feed(
          slot: slot, track: poll.id(of: track), value: value, start: rampStart[slot], end: end)
      } else {
        change = episodes.feed(track, in: poll, value: value)
      }
      noteRun(value, start: track.start, slot: slot)
      guard cleanAtStart[slot] >= cleanBefore else { continue }
      switch change {
      case .started(let episode):
        sink.open(
          finding(episode, track: poll.id(of: track), isOpen: true, peerConnection: poll.peerConnection))
      case .ended(let episode) where episode.duration <= maxSeconds * 1000:
        sink.report(
          finding(episode, track: poll.id(of: track), isOpen: false, peerConnection: poll.peerConnection))
      default: break
      }
    }
  }

  /// Counts `value` (of the interval from `start`) into the clean run, or into the ramp when
  /// it is warm with no burst open.
  private mutating func noteRun(_ value: Double, start: Double?, slot: Int) {
    if value < alertOff {
      cleanRun[slot] += 1
      rampRun[slot] = 0
    } else if episodes.open(slot) == nil && value < alertOn {
      if rampRun[slot] == 0 {
        cleanBeforeRamp[slot] = cleanRun[slot]
        rampStart[slot] = start ?? 0
      }
      rampRun[slot] += 1
      cleanRun[slot] = 0
    } else {
      cleanRun[slot] = 0
      rampRun[slot] = 0
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    for (slot, track, episode) in episodes.finish()
    where slot < cleanAtStart.count && cleanAtStart[slot] >= cleanBefore
      && episode.duration <= maxSeconds * 1000
    {
      sink.report(finding(episode, track: track, isOpen: false, peerConnection: sink.peerConnection))
    }
  }

  func value(of track: TrackPoll, in poll: PollContext) -> Double? {
    let enough = track.direction == .outbound || (track.packets ?? 0) + (track.packetsLost ?? 0) >= minPackets
    return enough ? track.lossPercent : nil
  }

  func evidence(for episode: Episode, track: TrackID?) -> Evidence {
    ["peakLossPercent": .rounded(episode.peak, 2), "meanLossPercent": .rounded(episode.mean, 2)]
  }
}
