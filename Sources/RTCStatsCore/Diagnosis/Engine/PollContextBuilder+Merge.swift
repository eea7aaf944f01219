extension PollContextBuilder {
  /// The merged figures of one track's stream rows at one poll.
  ///
  /// Layers merge as ``TrackRow`` does: sums for counts and rates, the worst layer for loss,
  /// jitter, RTT and buffering, the largest layer (by frame height) for frame rate and size;
  /// only the rows that closed an interval count when any did.
  ///
  /// - `rows`: The poll's stream rows.
  /// - `members`: The track's rows in `rows`, in stream order (all of one slot).
  /// - `poll`: The track's poll, created empty (its slot, direction and kind) and filled in
  ///   place: a `TrackPoll` is some forty optional figures, too many to return by value.
  mutating func merge(
    _ rows: [StreamRow], _ members: ArraySlice<(slot: Int, stream: Int, position: Int)>,
    streams: [StreamInfo], into poll: inout TrackPoll,
    layers: inout [LayerPoll]
  ) {
    guard let head = members.first else { return }
    let slot = head.slot
    let (direction, kind) = (streams[head.stream].direction, streams[head.stream].kind)
    let anyTimed = members.contains { rows[$0.position].duration != nil }
    var largestHeight = -1.0
    var isFirst = true
    for member in members {
      // The row is read in place (a copy would retain its storage).
      let at = member.position
      let reader = RowReader(rows, at)
      if rows[at].status == .first, poll.bytesBeforeFirstSample == nil {
        poll.bytesBeforeFirstSample = reader[.bytes]
      }
      if rows[at].tookReceiverReport { poll.tookReceiverReport = true }
      guard !anyTimed || rows[at].duration != nil else { continue }
      if isFirst {
        poll.end = rows[at].time
        poll.duration = rows[at].duration
        poll.concealmentPercent = Self.concealment(reader, direction: direction, kind: kind)
        isFirst = false
      }
      Self.accumulate(reader, duration: rows[at].duration, into: &poll, direction: direction)
      let height = reader[.frameHeight]
      if (height ?? 0) > largestHeight {
        largestHeight = height ?? 0
        poll.frameRate = MetricDescriptor.frameRate.value(in: rows[at], direction: direction, kind: kind)
        poll.frames = reader.delta(.frames)
        poll.width = reader[.frameWidth]
        poll.height = height
      }
    }
    if let end = poll.end, let duration = poll.duration { poll.start = end - duration }
    noteImplementation(
      direction == .outbound
        ? streams[head.stream].encoderImplementation : streams[head.stream].decoderImplementation,
      slot: slot)
    if direction == .outbound {
      poll.isSourceDetached = members.contains { detachedSenders.contains(streams[$0.stream].statsID) }
      poll.reportedLossPercent = poll.lossPercent
      poll.reportedJitter = poll.jitter
      if !isRecentReport(slot: slot, took: poll.tookReceiverReport, time: poll.end) {
        poll.lossPercent = nil
        poll.jitter = nil
      }
      if kind == .video {
        describeSource(of: head.stream, members, rows: rows, streams: streams, into: &poll, layers: &layers)
      }
    }
  }

  /// Adds one row's figures: sums, the worst of the ratios, the encoder's reason.
  ///
  /// The per-interval figures are those of the metric registry (``MetricDescriptor/bitrate``,
  /// ``MetricDescriptor/packetLossPercent``, ``MetricDescriptor/jitter``,
  /// ``MetricDescriptor/roundTripTime``, ``MetricDescriptor/jitterBufferDelay``), computed
  /// with the same helpers at full precision from one ``RowReader``.
  private static func accumulate(
    _ reader: RowReader, duration: Double?, into poll: inout TrackPoll, direction: Direction
  ) {
    func add(_ total: inout Double?, _ value: Double?) {
      if let value { total = (total ?? 0) + value }
    }
    func worst(_ current: inout Double?, _ value: Double?) {
      if let value, value.isFinite { current = Swift.max(current ?? value, value) }
    }
    let bytes = reader.delta(.bytes)
    add(&poll.bytes, bytes)
    add(&poll.packets, reader.delta(.packets))
    add(&poll.packetsLost, reader.delta(.packetsLost))
    add(&poll.nacks, reader.delta(.nackCount))
    add(&poll.plis, reader.delta(.pliCount))
    add(&poll.firs, reader.delta(.firCount))
    add(&poll.keyFrames, reader.delta(.keyFrames))
    add(&poll.retransmittedBytes, reader.delta(.retransmittedBytes))
    add(&poll.freezes, reader.delta(.freezeCount).flatMap { $0 >= 0 ? $0 : nil })
    add(&poll.freezeDuration, reader.delta(.totalFreezesDuration).map { $0 * 1000 })
    add(&poll.pauses, reader.delta(.pauseCount).flatMap { $0 >= 0 ? $0 : nil })
    add(&poll.pauseDuration, reader.delta(.totalPausesDuration).map { $0 * 1000 })
    add(&poll.targetBitrate, reader[.targetBitrate])
    if let duration, let bytes { add(&poll.bitrate, Bitrate.payload(bytes: bytes, milliseconds: duration)) }
    switch direction {
    case .inbound:
      if let lost = reader.delta(.packetsLost), let received = reader.delta(.packets) {
        worst(&poll.lossPercent, PacketLoss.percent(lost: lost, received: received))
      }
      worst(&poll.jitter, reader[.jitter].map(Durations.milliseconds(fromSeconds:)))
      if let delay = reader.delta(.jitterBufferDelay), let emitted = reader.delta(.jitterBufferEmittedCount),
        emitted > 0, delay >= 0
      {
        worst(&poll.jitterBufferDelay, delay / emitted * 1000)
      }
    case .outbound:
      worst(&poll.lossPercent, reader[.remoteFractionLost].map { $0 * 100 })
      worst(&poll.jitter, reader[.remoteJitter].map(Durations.milliseconds(fromSeconds:)))
    }
    worst(&poll.roundTripTime, reader[.remoteRoundTripTime].map(Durations.milliseconds(fromSeconds:)))
    if poll.qualityLimitationReason == nil, let index = reader[.qualityLimitationReason] {
      let reasons = QualityLimitationReason.allCases
      if reasons.indices.contains(Int(index)) { poll.qualityLimitationReason = reasons[Int(index)] }
    }
  }

  /// ``MetricDescriptor/concealmentPercent`` of the row `reader` reads, at full precision.
  private static func concealment(_ reader: RowReader, direction: Direction, kind: MediaKind?) -> Double? {
    guard direction == .inbound, kind != .video else { return nil }
    guard let concealed = reader.delta(.concealedSamples), let total = reader.delta(.totalSamplesReceived)
    else {
      return nil
    }
    return AudioConcealment.percent(concealed: concealed, total: total)
  }

  /// The capture source's size and, for simulcast, the layers of an outbound video track.
  private mutating func describeSource(
    of stream: Int, _ members: ArraySlice<(slot: Int, stream: Int, position: Int)>, rows: [StreamRow],
    streams: [StreamInfo], into poll: inout TrackPoll, layers: inout [LayerPoll]
  ) {
    if let id = streams[stream].mediaSourceId {
      while sourceHints.count <= poll.slot { sourceHints.append(-1) }
      var hint = sourceHints[poll.slot]
      if let source = sourceSize(of: id, hint: &hint) {
        (poll.sourceWidth, poll.sourceHeight, poll.sourceFrameRate) = source
      }
      sourceHints[poll.slot] = hint
    }
    guard members.count > 1 else { return }
    poll.hasLayers = true
    for member in members {
      let row = rows[member.position]
      layers.append(
        LayerPoll(
          slot: poll.slot, stream: member.stream,
          name: streams[member.stream].rid ?? streams[member.stream].statsID,
          active: streams[member.stream].reportedActive,
          bytes: row.delta(.bytes), height: row[.frameHeight]))
    }
  }
}
