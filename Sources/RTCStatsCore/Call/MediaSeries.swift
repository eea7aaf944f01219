/// The samples of one endpoint of a possible link — an outbound layer or an inbound track —
/// in time order, with counters made cumulative.
///
/// ``Timeline`` rows hold counter *increments*; summing them row by row over the endpoint's
/// streams gives counters that never go backwards, also across a counter reset or a new SSRC
/// (a received track whose SSRC changed has one stream per SSRC). A row without a time is
/// added to the next timed one; a repeated or out-of-order sample adds nothing.
public struct MediaSeries: Sendable, Equatable {
  /// The samples, oldest first, with strictly increasing times.
  public private(set) var samples: [MediaSample]

  /// Creates a series from samples in time order (later samples not newer are dropped).
  public init(samples: [MediaSample]) {
    var kept: [MediaSample] = []
    for sample in samples where kept.last.map({ sample.time > $0.time }) ?? true { kept.append(sample) }
    self.samples = kept
  }

  /// The series of the streams `members` (indices in ``Timeline/streams``) of `timeline`.
  ///
  /// - Complexity: O(*r*) in the timeline's stream rows.
  public init(timeline: Timeline, members: Set<Int>) {
    var accumulated = MediaSample(time: 0)
    var result: [MediaSample] = []
    for row in timeline {
      var time: Double?
      var touched = false
      for streamRow in row.streams where members.contains(streamRow.stream) && streamRow.status.isCounted {
        touched = true
        Self.accumulate(streamRow, into: &accumulated)
        if let rowTime = streamRow.time { time = max(time ?? rowTime, rowTime) }
      }
      guard touched, let time else { continue }
      accumulated.time = time
      if let last = result.last, time <= last.time { continue }
      result.append(accumulated)
    }
    samples = result
  }

  private static func accumulate(_ row: StreamRow, into sample: inout MediaSample) {
    func add(_ field: RowField, _ keyPath: WritableKeyPath<MediaSample, Double>) {
      if let value = row[field] { sample[keyPath: keyPath] += value }
    }
    sample.bytes += (row[.bytes] ?? 0) - (row[.retransmittedBytes] ?? 0)
    add(.packets, \.packets)
    add(.packetsLost, \.packetsLost)
    add(.remotePacketsLost, \.packetsLost)
    add(.remoteMediaPacketsSent, \.reportedPackets)
    add(.frames, \.frames)
    add(.framesTransferred, \.framesTransferred)
    add(.freezeCount, \.freezes)
    add(.totalFreezesDuration, \.freezeDuration)
    add(.pauseCount, \.pauses)
    add(.concealedSamples, \.concealedSamples)
    add(.totalSamplesReceived, \.totalSamples)
    if let width = row[.frameWidth], let height = row[.frameHeight] {
      sample.width = width
      sample.height = height
    }
    sample.fractionLost = row[.remoteFractionLost] ?? sample.fractionLost
    sample.roundTripTime = row[.remoteRoundTripTime] ?? sample.roundTripTime
    if let active = row[.active] { sample.active = active != 0 }
    if let layers = row[.spatialLayers], layers >= 1 { sample.spatialLayers = layers }
    if row.tookReceiverReport { sample.receiverReports += 1 }
  }

  /// The time of the first sample.
  public var start: Double? { samples.first?.time }
  /// The time of the last sample.
  public var end: Double? { samples.last?.time }

  /// The value of the cumulative counter `keyPath` at `time`, interpolated linearly between
  /// the samples around it; `nil` outside the series.
  ///
  /// - Complexity: O(log *n*).
  public func cumulative(_ keyPath: KeyPath<MediaSample, Double>, at time: Double) -> Double? {
    guard let index = upperIndex(of: time) else { return nil }
    let after = samples[index]
    if after.time == time || index == 0 { return after.time == time ? after[keyPath: keyPath] : nil }
    let before = samples[index - 1]
    let fraction = (time - before.time) / (after.time - before.time)
    return before[keyPath: keyPath] + (after[keyPath: keyPath] - before[keyPath: keyPath]) * fraction
  }

  /// The sample in effect at `time`: the last one at or before it, or `nil`.
  public func sample(at time: Double) -> MediaSample? {
    guard let first = samples.first, time >= first.time else { return nil }
    guard let index = upperIndex(of: time) else { return samples.last }
    return samples[index].time == time ? samples[index] : samples[index - 1]
  }

  /// The distance from `time` to the nearest sample, ms (infinity for an empty series).
  public func distanceToNearestSample(_ time: Double) -> Double {
    let index = upperIndex(of: time) ?? samples.count
    var best = Double.infinity
    if index < samples.count { best = samples[index].time - time }
    if index > 0 { best = min(best, time - samples[index - 1].time) }
    return best
  }

  /// The index of the first sample at or after `time`, or `nil` past the end.
  private func upperIndex(of time: Double) -> Int? {
    var low = 0
    var high = samples.count
    while low < high {
      let middle = (low + high) / 2
      if samples[middle].time < time { low = middle + 1 } else { high = middle }
    }
    return low < samples.count ? low : nil
  }
}
