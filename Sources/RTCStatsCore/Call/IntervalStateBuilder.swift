/// Fills an ``IntervalState`` for one aligned interval of a link from the series and the
/// path conditions.
struct IntervalStateBuilder: Sendable {
  var context: LinkContext
  var thresholds: CallThresholds
  var conditions: any NetworkConditionSource

  /// The receiver's clock minus the sender's.
  private var offset: Double { context.link.offset ?? 0 }

  func state(_ interval: AlignedIntervals.Interval) -> IntervalState {
    var state = IntervalState(start: interval.start, end: interval.end)
    let samples = context.receiver.series.samples
    let before = samples[interval.sample - 1]
    let after = samples[interval.sample]
    let seconds = (after.time - before.time) / 1000
    state.freezes = max(after.freezes - before.freezes, 0)
    let total = after.totalSamples - before.totalSamples
    if context.receiver.kind == .audio && total > 0 {
      state.concealmentPercent = max(after.concealedSamples - before.concealedSamples, 0) / total * 100
    }
    let downlink = conditions.downlink(of: context.receiver, from: before.time, to: after.time)
    state.receivedLossPercent = downlink.lossPercent
    state.downlinkVerdict = downlink.verdict
    state.receivedBytes = after.bytes - before.bytes
    state.sentBytes = interval.sent
    state.layer = interval.layer
    if context.receiver.kind == .video && seconds > 0 {
      state.receivedFrameRate = (after.frames - before.frames) / seconds
      let layer = context.sender.layers[interval.layer].series
      if let start = layer.cumulative(\.frames, at: before.time - offset),
        let end = layer.cumulative(\.frames, at: after.time - offset)
      {
        let layers = layer.sample(at: after.time - offset)?.spatialLayers ?? 1
        state.sentFrameRate = (end - start) / seconds / layers
      }
    }
    state.topLayer = topLayer(from: before.time - offset, to: after.time - offset) ?? interval.layer
    let uplink = conditions.uplink(of: context.sender, from: before.time - offset, to: after.time - offset)
    state.uplinkLossPercent = uplink.lossPercent
    state.bandwidthCollapsed = uplink.bandwidthCollapsed
    state.uplinkVerdict = uplink.verdict
    state.reportsStale = uplink.reportsStale
    state.excessLossPercent = downlink.lossPercent.map { max($0 - (uplink.lossPercent ?? 0), 0) }
    countOtherStreams(into: &state, from: before.time, to: after.time)
    return state
  }

  /// The largest layer (by height, then bytes) that sent media over (`from`, `to`] (sender's clock).
  private func topLayer(from: Double, to: Double) -> Int? {
    var best: (index: Int, height: Double, bytes: Double)?
    for (index, layer) in context.sender.layers.enumerated() {
      guard let start = layer.series.cumulative(\.bytes, at: from),
        let end = layer.series.cumulative(\.bytes, at: to),
        end - start > 0
      else { continue }
      let height = layer.series.sample(at: to)?.height ?? 0
      if best.map({ height > $0.height || (height == $0.height && end - start > $0.bytes) }) ?? true {
        best = (index, height, end - start)
      }
    }
    return best?.index
  }

  /// Counts the subscriber's other received streams (same dump) and those that lost packets
  /// beyond their own uplink's loss over (`from`, `to`] (subscriber's clock).
  private func countOtherStreams(into state: inout IntervalState, from: Double, to: Double) {
    let me = context.receiver.reference
    for other in context.receivers where other.reference.dump == me.dump && other.reference != me {
      guard let last = other.series.end, let first = other.series.start, first < to, last > from else {
        continue
      }
      state.otherStreams += 1
      guard let loss = conditions.downlink(of: other, from: from, to: to).lossPercent else { continue }
      var uplinkLoss = 0.0
      if let link = context.links.first(where: { $0.subscriber == other.reference }),
        let sender = context.index[link.publisher]
      {
        let shift = link.offset ?? 0
        uplinkLoss = conditions.uplink(of: sender, from: from - shift, to: to - shift).lossPercent ?? 0
      }
      if loss - uplinkLoss >= thresholds.lossPercent { state.otherStreamsLosing += 1 }
    }
  }
}
