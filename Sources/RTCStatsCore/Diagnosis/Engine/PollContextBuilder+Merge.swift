extension PollContextBuilder {
  /// The merged figures of one track's stream rows at one poll (rows in stream order).
  mutating func merge(_ all: [StreamRow], slot: Int, streams: [StreamInfo]) -> TrackPoll {
    let info = streams[all[0].stream]
    let track = info.trackID
    let (direction, kind) = (track.direction, track.kind)
    let timed = all.filter { $0.duration != nil }
    let rows = timed.isEmpty ? all : timed
    var poll = TrackPoll(slot: slot, track: track)
    poll.end = rows[0].time
    poll.duration = rows[0].duration
    if let end = poll.end, let duration = poll.duration { poll.start = end - duration }
    func sum(_ field: RowField, scale: Double = 1) -> Double? {
      rows.reduce(nil) { total, row in row.delta(field).map { (total ?? 0) + $0 * scale } ?? total }
    }
    func worst(_ metric: MetricDescriptor) -> Double? {
      rows.reduce(nil) { best, row in
        metric.value(in: row, direction: direction, kind: kind).map { Swift.max(best ?? $0, $0) } ?? best
      }
    }
    poll.bytes = sum(.bytes)
    if let first = all.first(where: { $0.status == .first }) { poll.bytesBeforeFirstSample = first[.bytes] }
    poll.packets = sum(.packets)
    poll.packetsLost = sum(.packetsLost)
    poll.nacks = sum(.nackCount)
    poll.plis = sum(.pliCount)
    poll.firs = sum(.firCount)
    poll.keyFrames = sum(.keyFrames)
    poll.retransmittedBytes = sum(.retransmittedBytes)
    poll.freezes = sum(.freezeCount)
    poll.freezeDuration = sum(.totalFreezesDuration, scale: 1000)
    poll.pauses = sum(.pauseCount)
    poll.pauseDuration = sum(.totalPausesDuration, scale: 1000)
    poll.bitrate = rows.reduce(nil) { total, row in
      MetricDescriptor.bitrate.value(in: row, direction: direction, kind: kind).map { (total ?? 0) + $0 }
        ?? total
    }
    poll.lossPercent = worst(.packetLossPercent)
    poll.jitter = worst(.jitter)
    poll.tookReceiverReport = all.contains(where: \.tookReceiverReport)
    if direction == .outbound {
      poll.reportedLossPercent = poll.lossPercent
      poll.reportedJitter = poll.jitter
      if !isRecentReport(slot: slot, took: poll.tookReceiverReport, time: poll.end) {
        poll.lossPercent = nil
        poll.jitter = nil
      }
    }
    poll.roundTripTime = worst(.roundTripTime)
    poll.jitterBufferDelay = worst(.jitterBufferDelay)
    poll.concealmentPercent = MetricDescriptor.concealmentPercent.value(
      in: rows[0], direction: direction, kind: kind)
    poll.targetBitrate = rows.reduce(nil) { total, row in
      row[.targetBitrate].map { (total ?? 0) + $0 } ?? total
    }
    let reasons = QualityLimitationReason.allCases
    if let index = rows.lazy.compactMap({ $0[.qualityLimitationReason] }).first,
      reasons.indices.contains(Int(index))
    {
      poll.qualityLimitationReason = reasons[Int(index)]
    }
    let largest = rows.max { ($0[.frameHeight] ?? 0) < ($1[.frameHeight] ?? 0) } ?? rows[0]
    poll.frameRate = MetricDescriptor.frameRate.value(in: largest, direction: direction, kind: kind)
    poll.frames = largest.delta(.frames)
    poll.width = largest[.frameWidth]
    poll.height = largest[.frameHeight]
    poll.implementation = direction == .outbound ? info.encoderImplementation : info.decoderImplementation
    if direction == .outbound {
      poll.isSourceDetached = all.contains { detachedSenders.contains(streams[$0.stream].statsID) }
    }
    if direction == .outbound && kind == .video {
      if let source = info.mediaSourceId.flatMap({ sourceSize(of: $0) }) {
        (poll.sourceWidth, poll.sourceHeight, poll.sourceFrameRate) = source
      }
      if all.count > 1 {
        poll.layers = all.map { row in
          let layer = streams[row.stream]
          return LayerPoll(
            stream: row.stream, name: layer.rid ?? layer.statsID, active: layer.reportedActive,
            bytes: row.delta(.bytes), height: row[.frameHeight])
        }
      }
    }
    return poll
  }
}
