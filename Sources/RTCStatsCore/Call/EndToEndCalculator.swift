/// Computes a link's ``EndToEndFigures`` over the time both ends cover.
///
/// - Sent bitrate: Δ(media bytes) · 8 / Δt summed over the sender's layers; forwarded bitrate
///   the same over the layer the receiver got, interval by interval.
/// - Frame rate and resolution: the largest layer's `framesEncoded` rate (÷ the spatial layers
///   of its `scalabilityMode`) and the size it held longest; received: `framesDecoded` rate and
///   the size held longest.
/// - Loss: uplink from the sender's receiver reports (``NetworkConditionSource``), received
///   from the receiver's `packetsLost`; the downlink adds the received loss beyond the uplink's.
/// - Round-trip times: the sender's receiver reports (uplink), the subscriber connection's
///   candidate pair over the call (downlink).
/// - One-way delay: an estimate from the round-trip times, half of each leg's (the sender's
///   and the subscriber's, or the one path of a link matched by SSRC). A measured one-way
///   delay needs the same packet timestamped on both ends on one clock, which getStats does not
///   give (counters polled once a second cannot resolve it, and dumps of different machines
///   have different clocks), so none is claimed.
public struct EndToEndCalculator: Sendable {
  /// The call's dumps.
  public var dumps: [CallDump]
  /// Where path conditions come from.
  public var conditions: any NetworkConditionSource

  /// Creates a calculator.
  public init(dumps: [CallDump], conditions: any NetworkConditionSource) {
    self.dumps = dumps
    self.conditions = conditions
  }

  /// The figures of the link in `context`.
  public func figures(of context: LinkContext) -> EndToEndFigures {
    var figures = EndToEndFigures()
    let intervals = context.aligned.intervals
    guard let first = intervals.first, let last = intervals.last, last.end > first.start else {
      return figures
    }
    let offset = context.link.offset ?? 0
    let (start, end) = (first.start, last.end)
    let seconds = (end - start) / 1000
    figures.start = start
    figures.end = end
    figures.sent = sentSide(context.sender, from: start - offset, to: end - offset, seconds: seconds)
    if context.sender.layers.count > 1 {
      figures.sent.forwardedBitrate = intervals.reduce(0) { $0 + $1.sent } * 8 / seconds
      figures.forwardedLayers = forwardedLayers(context)
    }
    figures.received = receivedSide(context.receiver, from: start, to: end, seconds: seconds)
    let uplink = conditions.uplink(of: context.sender, from: start - offset, to: end - offset)
    figures.sent.lossPercent = uplink.lossPercent
    figures.uplinkLossPercent = uplink.lossPercent
    figures.uplinkRoundTripTime = uplink.roundTripTime
    if let received = figures.received.lossPercent {
      figures.downlinkLossPercent = max(received - (uplink.lossPercent ?? 0), 0)
    }
    let reference = context.receiver.reference
    figures.downlinkRoundTripTime =
      dumps[reference.dump].analysis.peerConnections
      .first { $0.id == reference.peerConnection }?.transport.roundTripTime?.mean
    if context.link.method == .ssrc {
      figures.oneWayDelay = figures.uplinkRoundTripTime.map { $0 / 2 }
    } else if let up = figures.uplinkRoundTripTime, let down = figures.downlinkRoundTripTime {
      figures.oneWayDelay = (up + down) / 2
    }
    return figures
  }

  private func sentSide(_ sender: LinkEndpoint, from: Double, to: Double, seconds: Double)
    -> EndToEndFigures.Side
  {
    var side = EndToEndFigures.Side()
    var bytes = 0.0
    var lost = 0.0
    var largest: (index: Int, height: Double)?
    for (index, layer) in sender.layers.enumerated() {
      let series = layer.series
      if let start = series.cumulative(\.bytes, at: from), let end = series.cumulative(\.bytes, at: to) {
        bytes += end - start
      }
      if let start = series.sample(at: from) ?? series.samples.first, let end = series.sample(at: to) {
        lost += max(end.packetsLost - start.packetsLost, 0)
      }
      let height = series.samples.compactMap(\.height).max() ?? 0
      if largest.map({ height > $0.height }) ?? true { largest = (index, height) }
    }
    side.bitrate = bytes * 8 / seconds
    side.packetsLost = lost
    guard let largest, sender.kind == .video else { return side }
    let series = sender.layers[largest.index].series
    if let start = series.cumulative(\.frames, at: from), let end = series.cumulative(\.frames, at: to) {
      side.frameRate = (end - start) / seconds / (series.sample(at: to)?.spatialLayers ?? 1)
    }
    (side.width, side.height) = Self.heldLongest(series.samples.filter { $0.time > from && $0.time <= to })
    return side
  }

  private func receivedSide(_ receiver: LinkEndpoint, from: Double, to: Double, seconds: Double)
    -> EndToEndFigures.Side
  {
    var side = EndToEndFigures.Side()
    let series = receiver.series
    guard let start = series.sample(at: from), let end = series.sample(at: to) else { return side }
    side.bitrate = (end.bytes - start.bytes) * 8 / seconds
    let lost = max(end.packetsLost - start.packetsLost, 0)
    let received = end.packets - start.packets
    side.packetsLost = lost
    side.lossPercent = received + lost > 0 ? lost / (received + lost) * 100 : nil
    if receiver.kind == .video {
      side.frameRate = (end.frames - start.frames) / seconds
      side.freezeCount = Int(max(end.freezes - start.freezes, 0))
      side.freezesDuration = max(end.freezeDuration - start.freezeDuration, 0) * 1000
      (side.width, side.height) = Self.heldLongest(series.samples.filter { $0.time > from && $0.time <= to })
    } else {
      let total = end.totalSamples - start.totalSamples
      if total > 0 {
        side.concealmentPercent = max(end.concealedSamples - start.concealedSamples, 0) / total * 100
      }
    }
    return side
  }

  /// The size held for the longest time over consecutive samples.
  static func heldLongest(_ samples: [MediaSample]) -> (Int?, Int?) {
    var held: [String: (width: Double, height: Double, time: Double)] = [:]
    for (previous, sample) in zip(samples, samples.dropFirst()) {
      guard let width = previous.width, let height = previous.height else { continue }
      held["\(width)x\(height)", default: (width, height, 0)].time += sample.time - previous.time
    }
    guard let best = held.values.max(by: { $0.time != $1.time ? $0.time < $1.time : $0.height > $1.height })
    else {
      let last = samples.last
      return (last?.width.map { Int($0) }, last?.height.map { Int($0) })
    }
    return (Int(best.width), Int(best.height))
  }

  /// Runs of the forwarded layer, with the size the layer was sent at.
  private func forwardedLayers(_ context: LinkContext) -> [EndToEndFigures.ForwardedLayer] {
    var result: [EndToEndFigures.ForwardedLayer] = []
    let offset = context.link.offset ?? 0
    for interval in context.aligned.intervals {
      if var last = result.last, last.layer == interval.layer {
        last.end = interval.end
        result[result.count - 1] = last
        continue
      }
      let layer = context.sender.layers[interval.layer]
      let sample = layer.series.sample(at: interval.end - offset)
      result.append(
        EndToEndFigures.ForwardedLayer(
          layer: interval.layer, rid: layer.rid, width: sample?.width.map { Int($0) },
          height: sample?.height.map { Int($0) }, start: interval.start, end: interval.end))
    }
    return result
  }
}
