/// Short bursts of heavy loss: the intervals where a track lost at least 10 % of its packets.
///
/// Per interval the same loss as ``HighPacketLossRule``; every interval at 10 % (LiveKit's
/// video packet score reaches 0) raises, and the burst lasts while the loss stays at 5 % or
/// more. Each burst is one finding, so bursts line up with the impairment windows. A burst
/// stands out from a clean background: it must follow `cleanBefore` intervals below
/// `alertOff`, be followed by as many (the interval that ends it is the first), and last at
/// most `maxSeconds`; heavy loss that goes on, or comes back before it cleared, is
/// highPacketLoss (10 % random loss for 14 s dips below 5 % now and then: that is not a
/// burst). So a burst is reported `cleanBefore` − 1 polls after its last interval. Its first
/// interval may be a single one between `alertOff` and `alertOn`: a burst that began late in
/// a poll interval shows there as part of its loss (a 2 s burst at 20 % seen by receiver
/// reports as 8.6 %, then 19.9 %): the burst then starts with that interval, and the clean
/// intervals are counted before it.
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
        ThresholdValue("cleanBefore", 2, "intervals below alertOff needed before a burst, and after it"),
        ThresholdValue("maxSeconds", 5, "a burst lasts at most this (s)"),
      ]))

  /// What one track's slot remembers between intervals.
  private struct SlotState {
    /// Clean intervals in a row before the current one, and that count when the open burst
    /// started.
    var cleanRun = 0
    var cleanAtStart = 0
    /// Intervals in a row between `alertOff` and `alertOn` with no burst open (the loss
    /// rising), the clean run before them, and when they began.
    var rampRun = 0
    var cleanBeforeRamp = 0
    var rampStart = 0.0
    /// A burst that ended, waiting for `cleanBefore` clean intervals after it (counted by
    /// `cleanRun`, which the interval that ended it starts).
    var ended: Diagnostic?
  }

  var episodes: TrackEpisodes
  private let minPackets: Double
  private let cleanBefore: Int
  private let maxSeconds: Double
  /// `alertOff` and `alertOn`, read once.
  private let alertOff: Double
  private let alertOn: Double
  private var slots: [SlotState] = []

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
      while slots.count <= slot { slots.append(SlotState()) }
      // An unknown value changes nothing (and `cleanAtStart` is set again before it is read).
      guard let value = self.value(of: track, in: poll) else { continue }
      let isIdle = episodes.open(slot) == nil
      if isIdle {
        // Clean intervals before the loss began: before the rising interval, if there is one.
        let ramp = slots[slot].rampRun
        slots[slot].cleanAtStart =
          ramp == 0 ? slots[slot].cleanRun : ramp == 1 ? slots[slot].cleanBeforeRamp : 0
      }
      let change: EpisodeChange
      if isIdle, slots[slot].rampRun == 1, value >= alertOn, let end = track.end {
        change = episodes.feed(
          slot: slot, track: poll.id(of: track), value: value, start: slots[slot].rampStart, end: end)
      } else {
        change = episodes.feed(track, in: poll, value: value)
      }
      noteRun(value, start: track.start, slot: slot)
      settleEnded(slot: slot, value: value, into: &sink)
      guard slots[slot].cleanAtStart >= cleanBefore else { continue }
      switch change {
      case .started(let episode):
        sink.open(
          finding(episode, track: poll.id(of: track), isOpen: true, peerConnection: poll.peerConnection))
      case .ended(let episode) where episode.duration <= maxSeconds * 1000:
        // The interval that ended it is the first clean one after it.
        slots[slot].ended = finding(
          episode, track: poll.id(of: track), isOpen: false, peerConnection: poll.peerConnection)
        settleEnded(slot: slot, value: value, into: &sink)
      default: break
      }
    }
  }

  /// Settles a burst that ended, once this interval is counted: reported after `cleanBefore`
  /// clean intervals, dropped when the loss comes back first.
  private mutating func settleEnded(slot: Int, value: Double, into sink: inout FindingSink) {
    guard let ended = slots[slot].ended else { return }
    if value >= alertOff {
      slots[slot].ended = nil
    } else if slots[slot].cleanRun >= cleanBefore {
      sink.report(ended)
      slots[slot].ended = nil
    }
  }

  /// Counts `value` (of the interval from `start`) into the clean run, or into the ramp when
  /// it is warm with no burst open.
  private mutating func noteRun(_ value: Double, start: Double?, slot: Int) {
    if value < alertOff {
      slots[slot].cleanRun += 1
      slots[slot].rampRun = 0
    } else if episodes.open(slot) == nil && value < alertOn {
      if slots[slot].rampRun == 0 {
        slots[slot].cleanBeforeRamp = slots[slot].cleanRun
        slots[slot].rampStart = start ?? 0
      }
      slots[slot].rampRun += 1
      slots[slot].cleanRun = 0
    } else {
      slots[slot].cleanRun = 0
      slots[slot].rampRun = 0
    }
  }

  mutating func finish(into sink: inout FindingSink) {
    // A burst the call ended after: the loss did not come back.
    for slot in slots.indices {
      if let ended = slots[slot].ended { sink.report(ended) }
      slots[slot].ended = nil
    }
    for (slot, track, episode) in episodes.finish()
    where slot < slots.count && slots[slot].cleanAtStart >= cleanBefore
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
