/// Places a link's quality loss on a segment of the media path, interval by interval.
///
/// An interval of the receiver is **degraded** when the subscriber shows a symptom: a freeze
/// (`freezeCount` rose), concealment above ``CallThresholds/concealmentPercent``, its own loss
/// at or above ``CallThresholds/lossPercent``, a frame rate below
/// ``CallThresholds/frameRateDrop`` of the forwarded layer's, bytes below
/// ``CallThresholds/bitrateDrop`` of the forwarded layer's, or a lower simulcast layer than the
/// largest one being sent. A degraded interval is placed, in this order:
///
/// 1. `publisher-uplink` — the publisher's uplink (``NetworkConditionSource/uplink(of:from:to:)``)
///    lost ``CallThresholds/lossPercent``, its bandwidth estimate collapsed or its receiver
///    reports stopped, in this interval or within ``CallThresholds/uplinkReach`` intervals
///    (receiver reports arrive late);
/// 2. `subscriber-downlink` — the subscriber lost at least ``CallThresholds/lossPercent`` beyond
///    the uplink's loss, and so did one of its other received streams at the same time (or it
///    has no other stream);
/// 3. `sfu` — neither, but the subscriber got a lower layer, fewer frames or fewer bytes than
///    were sent;
/// 4. `unclear` — otherwise (for example loss on this stream alone).
///
/// A link matched by SSRC is taken as direct (P2P): it has no middle, so what would be `sfu`
/// is `unclear`, and loss the sender's receiver reports show is its uplink's (one path).
///
/// Consecutive intervals of one segment form a range; ranges of one segment separated by at
/// most ``CallThresholds/mergeGap`` clean intervals are merged. Times are on the subscriber's
/// clock.
public struct SegmentAttributor: Sendable {
  /// The thresholds.
  public var thresholds: CallThresholds
  /// Where the path conditions come from.
  public var conditions: any NetworkConditionSource
  /// Whether the link is direct (matched by SSRC: P2P), so that there is no middle to blame.
  var isDirect = false

  /// Creates an attributor.
  public init(thresholds: CallThresholds = CallThresholds(), conditions: any NetworkConditionSource) {
    self.thresholds = thresholds
    self.conditions = conditions
  }

  /// The degradation of the link in `context`, or `nil` when no interval was degraded.
  public func degradation(of context: LinkContext) -> Degradation? {
    var attributor = self
    attributor.isDirect = context.link.method == .ssrc
    return attributor.placeRanges(of: context)
  }

  private func placeRanges(of context: LinkContext) -> Degradation? {
    let states = states(of: context)
    var segments = states.map(segment)
    bridgeGaps(&segments)
    var ranges: [DegradationRange] = []
    var index = 0
    while index < states.count {
      guard let segment = segments[index] else {
        index += 1
        continue
      }
      var last = index
      while last + 1 < states.count && segments[last + 1] == segment { last += 1 }
      let slice = Array(states[index...last])
      ranges.append(
        DegradationRange(
          segment: segment, start: slice[0].start, end: slice[slice.count - 1].end,
          evidence: RangeEvidence.evidence(of: slice, segment: segment, sender: context.sender)))
      index = last + 1
    }
    return Degradation(ranges: ranges)
  }

  // MARK: - Per interval

  /// Whether the interval shows a symptom at the subscriber.
  func isDegraded(_ state: IntervalState) -> Bool {
    if state.freezes > 0 { return true }
    if let value = state.concealmentPercent, value >= thresholds.concealmentPercent { return true }
    if let value = state.receivedLossPercent, value >= thresholds.lossPercent { return true }
    return isShortOfSent(state)
  }

  /// Whether the subscriber got less than was sent: a lower layer, fewer frames, fewer bytes.
  func isShortOfSent(_ state: IntervalState) -> Bool {
    if state.layer != state.topLayer { return true }
    if let received = state.receivedFrameRate, let sent = state.sentFrameRate, sent >= 5,
      received < thresholds.frameRateDrop * sent
    {
      return true
    }
    return state.sentBytes > 1000 && state.receivedBytes < thresholds.bitrateDrop * state.sentBytes
  }

  /// The segment of a degraded interval, `nil` for a clean one.
  func segment(_ state: IntervalState) -> NetworkSegment? {
    guard isDegraded(state) else { return nil }
    if state.uplinkDegraded { return .publisherUplink }
    let excess = state.downlinkVerdict ?? ((state.excessLossPercent ?? 0) >= thresholds.lossPercent)
    if excess && (state.otherStreams == 0 || state.otherStreamsLosing > 0) { return .subscriberDownlink }
    if isShortOfSent(state) && !excess && !isDirect { return .sfu }
    return .unclear
  }

  /// Turns clean gaps of at most ``CallThresholds/mergeGap`` intervals between two ranges of
  /// one segment into that segment.
  private func bridgeGaps(_ segments: inout [NetworkSegment?]) {
    var index = 0
    while index < segments.count {
      guard segments[index] == nil, index > 0, let before = segments[index - 1] else {
        index += 1
        continue
      }
      var end = index
      while end < segments.count && segments[end] == nil { end += 1 }
      if end < segments.count, end - index <= thresholds.mergeGap, segments[end] == before {
        for gap in index..<end { segments[gap] = before }
      }
      index = end
    }
  }

  /// One state per aligned interval of the link.
  func states(of context: LinkContext) -> [IntervalState] {
    let builder = IntervalStateBuilder(context: context, thresholds: thresholds, conditions: conditions)
    var states = context.aligned.intervals.map(builder.state)
    let uplink = states.map { state in
      state.uplinkVerdict
        ?? ((state.uplinkLossPercent ?? 0) >= thresholds.lossPercent || state.bandwidthCollapsed
          || state.reportsStale)
    }
    for index in states.indices {
      let low = max(0, index - thresholds.uplinkReach)
      let high = min(states.count - 1, index + thresholds.uplinkReach)
      states[index].uplinkDegraded = (low...high).contains { uplink[$0] }
    }
    return states
  }
}
