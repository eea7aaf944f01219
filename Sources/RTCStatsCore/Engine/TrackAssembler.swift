/// Groups the RTP streams of a peer connection into tracks and layers and computes their
/// summaries.
///
/// - An inbound track is every `inbound-rtp` stream with the same `trackIdentifier` (a new
///   SSRC for the same receiver continues the track); without one, each stream is a track.
/// - An outbound track is every `outbound-rtp` stream of one media source (`mediaSourceId`,
///   else the transceiver `mid`, else the obsolete `trackId`, else — video only, for dumps
///   that keep none of these — the codec): one stream per simulcast encoding, each a layer.
enum TrackAssembler {
  static func tracks(from streams: [RTPStreamAccumulator]) -> [TrackAnalysis] {
    var groups: [String: [RTPStreamAccumulator]] = [:]
    var order: [String] = []
    for stream in streams {
      let key = groupKey(of: stream)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(stream)
    }
    var tracks: [(first: Int, track: TrackAnalysis)] = []
    for key in order {
      guard let members = groups[key], let track = track(of: members) else { continue }
      tracks.append((members.map(\.firstSequence).min() ?? 0, track))
    }
    return tracks.enumerated().sorted { lhs, rhs in
      let (l, r) = (lhs.element.track, rhs.element.track)
      if l.direction != r.direction { return l.direction == .outbound }
      if l.kind != r.kind { return l.kind < r.kind }
      return lhs.offset < rhs.offset
    }.map(\.element.track)
  }

  private static func groupKey(of stream: RTPStreamAccumulator) -> String {
    let kind = stream.kind?.rawValue ?? "?"
    switch stream.direction {
    case .inbound:
      let name = stream.trackIdentifier.map { "track:" + $0 } ?? "id:" + stream.id
      return "in|" + kind + "|" + name
    case .outbound:
      // Without any of these (Firefox as logged by Jitsi), the simulcast encodings of one
      // sender are recognisable only by their shared codec: group video by codec.
      let name =
        stream.mediaSourceId.map { "source:" + $0 } ?? stream.mid.map { "mid:" + $0 }
        ?? stream.trackId.map { "track:" + $0 }
        ?? (stream.kind == .video ? stream.codec.map { "codec:" + $0 } : nil) ?? "id:" + stream.id
      return "out|" + kind + "|" + name
    }
  }

  // MARK: - Track

  private static func track(of streams: [RTPStreamAccumulator]) -> TrackAnalysis? {
    guard let first = streams.first else { return nil }
    let kind = streams.lazy.compactMap(\.kind).first ?? inferKind(streams)
    var track = TrackAnalysis(direction: first.direction, kind: kind)
    track.trackIdentifier = streams.lazy.compactMap(\.trackIdentifier).first
    track.mid = streams.lazy.compactMap(\.mid).first
    track.codec = streams.reversed().lazy.compactMap(\.codec).first
    track.encoderImplementation = streams.reversed().lazy.compactMap(\.encoderImplementation).first
    track.decoderImplementation = streams.reversed().lazy.compactMap(\.decoderImplementation).first
    for ssrc in streams.flatMap(\.ssrcs) where !track.ssrcs.contains(ssrc) {
      track.ssrcs.append(ssrc)
    }
    if track.direction == .inbound || streams.count == 1 { track.ssrc = track.ssrcs.first }

    track.intervals = mergedIntervals(streams)
    let durations = track.intervals.map(\.duration)
    track.bitrate = Distribution(values: track.intervals.map { $0.bitrate ?? .nan }, weights: durations)
    track.totalBitrate = Distribution(
      values: track.intervals.map { $0.totalBitrate ?? .nan }, weights: durations)
    track.frameRate =
      kind == .video
      ? Distribution(values: track.intervals.map { $0.frameRate ?? .nan }, weights: durations)
        ?? Distribution(values: streams.flatMap(\.frameRateGauge))
      : nil

    let ends = streams.flatMap(\.segmentEnds)
    track.packets = total(ends.map(\.packets))
    addLoss(to: &track, streams: streams, ends: ends)
    if kind == .video {
      let resolution = longestHeld(streams)
      track.width = resolution.flatMap { Int(roundingTowardZero: $0.width) }
      track.height = resolution.flatMap { Int(roundingTowardZero: $0.height) }
    }
    if kind == .video && track.direction == .inbound {
      track.freezeCount = total(ends.map(\.freezeCount))
      track.totalFreezesDuration = sum(ends.map(\.totalFreezesDuration)).map(
        Durations.milliseconds(fromSeconds:))
      track.pauseCount = total(ends.map(\.pauseCount))
      track.totalPausesDuration = sum(ends.map(\.totalPausesDuration)).map(
        Durations.milliseconds(fromSeconds:))
    }
    if kind == .audio && track.direction == .inbound {
      if let concealed = sum(ends.map(\.concealedSamples)),
        let samples = sum(ends.map(\.totalSamplesReceived))
      {
        track.concealmentPercent = AudioConcealment.percent(concealed: concealed, total: samples)
      }
    }
    if kind == .audio {
      track.audioLevel = Distribution(values: streams.flatMap(\.audioLevelSamples))
    }
    if track.direction == .outbound && kind == .video {
      track.qualityLimitation = qualityLimitation(streams)
      track.layers = layers(of: streams)
    }
    return track
  }

  private static func inferKind(_ streams: [RTPStreamAccumulator]) -> MediaKind {
    streams.contains { $0.lastResolution != nil || !$0.frameRateGauge.isEmpty } ? .video : .audio
  }

  private static func addLoss(
    to track: inout TrackAnalysis, streams: [RTPStreamAccumulator], ends: [CounterSample]
  ) {
    switch track.direction {
    case .inbound:
      track.packetsLost = total(ends.map(\.packetsLost))
      track.jitter = Distribution(values: streams.flatMap(\.jitterSamples))
      if let lost = sum(ends.map(\.packetsLost)), let received = sum(ends.map(\.packets)) {
        track.packetLossPercent = PacketLoss.percent(lost: lost, received: received)
      }
    case .outbound:
      let remotes = streams.flatMap(\.remoteEnds)
      track.packetsLost = total(remotes.map(\.packetsLost))
      track.jitter = Distribution(values: streams.flatMap(\.remoteJitters))
      track.roundTripTime = Distribution(values: streams.flatMap(\.remoteRoundTripTimes))
      guard let lost = sum(remotes.map(\.packetsLost)) else { return }
      if let received = sum(remotes.map(\.packetsReceived)),
        !remotes.contains(where: { $0.packetsReceived.isNaN })
      {
        track.packetLossPercent = PacketLoss.percent(lost: lost, received: received)
      } else if !remotes.contains(where: { $0.mediaPacketsSentAtArrival.isNaN }),
        let sent = sum(remotes.map(\.mediaPacketsSentAtArrival))
      {
        track.packetLossPercent = PacketLoss.percent(lost: lost, received: sent - lost)
      } else if let sent = sum(ends.map(\.packets)) {
        let retransmitted = sum(ends.map(\.retransmittedPackets)) ?? 0
        track.packetLossPercent = PacketLoss.percent(
          lost: lost, received: sent - retransmitted - lost)
      }
    }
  }

  // MARK: - Layers

  private static func layers(of streams: [RTPStreamAccumulator]) -> [LayerAnalysis] {
    let ordered = streams.enumerated().sorted { lhs, rhs in
      let (l, r) = (lhs.element, rhs.element)
      if let a = l.encodingIndex, let b = r.encodingIndex, a != b { return a < b }
      let (hl, hr) = (longestHeld([l])?.height ?? 0, longestHeld([r])?.height ?? 0)
      if hl != hr { return hl < hr }
      return lhs.offset < rhs.offset
    }.map(\.element)
    return ordered.map { stream in
      var layer = LayerAnalysis()
      layer.rid = stream.rid
      layer.encodingIndex = stream.encodingIndex
      layer.ssrc = stream.ssrcs.last
      let resolution = longestHeld([stream])
      layer.width = resolution.flatMap { Int(roundingTowardZero: $0.width) }
      layer.height = resolution.flatMap { Int(roundingTowardZero: $0.height) }
      layer.intervals = stream.intervals
      let durations = stream.intervals.map(\.duration)
      layer.bitrate = Distribution(
        values: stream.intervals.map { $0.bitrate ?? .nan }, weights: durations)
      layer.totalBitrate = Distribution(
        values: stream.intervals.map { $0.totalBitrate ?? .nan }, weights: durations)
      layer.encodedFrameRate =
        Distribution(values: stream.intervals.map { $0.frameRate ?? .nan }, weights: durations)
        ?? Distribution(values: stream.frameRateGauge)
      layer.scalabilityMode = stream.scalabilityMode
      layer.qualityLimitationReason =
        qualityLimitation([stream])?.reason ?? stream.lastQualityLimitationReason
      layer.codec = stream.codec
      layer.active = stream.isActive
      return layer
    }
  }

  private static func qualityLimitation(_ streams: [RTPStreamAccumulator]) -> QualityLimitation? {
    // Chrome copies the encoder's limitation onto every layer: take the longest record.
    let best = streams.max { lhs, rhs in
      (lhs.qualityLimitationDurations?.total ?? -1) < (rhs.qualityLimitationDurations?.total ?? -1)
    }
    guard let best, let durations = best.qualityLimitationDurations?.byReason else { return nil }
    let totalTime = durations.values.reduce(0, +)
    var percentages: [QualityLimitationReason: Double] = [:]
    for reason in QualityLimitationReason.allCases {
      percentages[reason] = totalTime > 0 ? (durations[reason] ?? 0) / totalTime * 100 : 0
    }
    let reason =
      totalTime > 0
      ? QualityLimitationReason.allCases.max { (durations[$0] ?? 0) < (durations[$1] ?? 0) }
        ?? .none
      : best.lastQualityLimitationReason ?? .none
    return QualityLimitation(
      reason: reason, percentages: percentages, durations: durations,
      resolutionChanges: best.qualityLimitationResolutionChanges.flatMap { Int(roundingTowardZero: $0) })
  }

  // MARK: - Helpers

  /// Interval rows of several streams merged per report: rates and losses add up, the frame
  /// rate and resolution are those of the largest layer.
  private static func mergedIntervals(_ streams: [RTPStreamAccumulator]) -> [IntervalSample] {
    if streams.count == 1 { return streams[0].intervals }
    var bySequence: [Int32: IntervalSample] = [:]
    var heights: [Int32: Double] = [:]
    for stream in streams {
      for (offset, row) in stream.intervals.enumerated() {
        let sequence = stream.intervalSequences[offset]
        guard var merged = bySequence[sequence] else {
          bySequence[sequence] = row
          heights[sequence] = row.height ?? 0
          continue
        }
        merged.bitrate = add(merged.bitrate, row.bitrate)
        merged.totalBitrate = add(merged.totalBitrate, row.totalBitrate)
        merged.packetsLost = add(merged.packetsLost, row.packetsLost)
        merged.freezeCount = add(merged.freezeCount, row.freezeCount)
        merged.pauseCount = add(merged.pauseCount, row.pauseCount)
        if (row.height ?? 0) > (heights[sequence] ?? 0) {
          heights[sequence] = row.height ?? 0
          merged.width = row.width
          merged.height = row.height
          merged.frameRate = row.frameRate ?? merged.frameRate
        } else if merged.frameRate == nil {
          merged.frameRate = row.frameRate
        }
        merged.packetLossPercent = maxOptional(merged.packetLossPercent, row.packetLossPercent)
        merged.jitter = maxOptional(merged.jitter, row.jitter)
        merged.roundTripTime = maxOptional(merged.roundTripTime, row.roundTripTime)
        bySequence[sequence] = merged
      }
    }
    return bySequence.keys.sorted().compactMap { bySequence[$0] }
  }

  private static func longestHeld(_ streams: [RTPStreamAccumulator]) -> Resolution? {
    var time: [Resolution: Double] = [:]
    for stream in streams {
      for (resolution, duration) in stream.resolutionTime { time[resolution, default: 0] += duration }
    }
    let best = time.max { lhs, rhs in
      lhs.value != rhs.value ? lhs.value < rhs.value : lhs.key.height < rhs.key.height
    }
    return best?.key ?? streams.reversed().lazy.compactMap(\.lastResolution).first
  }

  private static func sum(_ values: [Double]) -> Double? {
    let known = values.filter { !$0.isNaN }
    return known.isEmpty ? nil : known.reduce(0, +)
  }

  private static func total(_ values: [Double]) -> Int? {
    sum(values).flatMap { Int(roundingTowardZero: $0.rounded()) }
  }

  private static func add(_ a: Double?, _ b: Double?) -> Double? {
    guard let a else { return b }
    guard let b else { return a }
    return a + b
  }

  private static func maxOptional(_ a: Double?, _ b: Double?) -> Double? {
    guard let a else { return b }
    guard let b else { return a }
    return max(a, b)
  }
}
