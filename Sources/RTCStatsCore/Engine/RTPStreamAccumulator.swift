/// Turns the samples of one `inbound-rtp` or `outbound-rtp` object into interval figures
/// and totals.
///
/// ## Segments
/// Counters are cumulative since the stream started. When one goes backwards, or the SSRC
/// behind the same stats id changes, the stream was reset: the accumulator closes the
/// current *segment* and starts a new one from the new values, so no interval spans a reset
/// and no rate is negative. Totals (packets, losses, freezes) add the last sample of every
/// segment:
///
///     bytesSent: 100 → 300 → 50 → 150      segments: [100, 300] [50, 150]
///     intervals:      +200   reset  +100   total packets = last(seg1) + last(seg2)
///
/// A sample whose timestamp is not after the previous one (a duplicate snapshot, or an
/// out-of-order line) updates nothing and is counted in ``skippedSamples``.
struct RTPStreamAccumulator {
  let id: String
  let direction: Direction
  var kind: MediaKind?
  var ssrcs: [UInt32] = []
  var rid: String?
  var mid: String?
  var trackIdentifier: String?
  var mediaSourceId: String?
  var trackId: String?
  var encodingIndex: Int?
  var codec: String?
  var scalabilityMode: String?
  var encoderImplementation: String?
  var decoderImplementation: String?
  var reportedActive: Bool?
  var sawMediaFlow = false
  /// Sequence number of the report the stream first appeared in, for ordering.
  let firstSequence: Int

  private(set) var intervals: [IntervalSample] = []
  private(set) var intervalSequences: [Int32] = []
  private(set) var closedSegments: [CounterSample] = []
  private(set) var last: CounterSample?
  private(set) var skippedSamples = 0
  private(set) var resets = 0

  /// Per-sample gauges (ms or 0–1), for distributions.
  private(set) var jitterSamples: [Double] = []
  private(set) var audioLevelSamples: [Double] = []
  /// Frame rate samples taken from `framesPerSecond` when no counter gives a rate.
  private(set) var frameRateGauge: [Double] = []
  /// Time (ms) spent at each resolution.
  private(set) var resolutionTime: [Resolution: Double] = [:]
  private(set) var lastResolution: Resolution?

  private(set) var qualityLimitationDurations: QualityLimitationDurations?
  private(set) var qualityLimitationResolutionChanges: Double?
  private(set) var lastQualityLimitationReason: QualityLimitationReason?

  /// Outbound: receiver reports seen for this stream.
  private(set) var remoteRoundTripTimes: [Double] = []
  private(set) var remoteJitters: [Double] = []
  private(set) var remote: RemoteInboundState?
  /// Final remote `packetsLost` of closed segments.
  private(set) var closedRemoteLost: [RemoteInboundState] = []

  init(id: String, direction: Direction, firstSequence: Int) {
    self.id = id
    self.direction = direction
    self.firstSequence = firstSequence
  }

  // MARK: - Adding samples

  /// Adds row `index` of `report`, taken at report number `sequence`.
  mutating func add(
    report: StatsReport, index: Int, timestamp: Double, sequence: Int, context: StreamContext
  ) {
    updateIdentity(report: report, index: index, context: context)
    var sample = CounterSample(
      report: report, index: index, timestamp: timestamp, direction: direction)
    if let legacy = context.legacyTrack { sample.fillFreezes(from: legacy) }
    let resolution = Resolution(
      width: report.number(.frameWidth, at: index) ?? context.legacyTrack?.frameWidth,
      height: report.number(.frameHeight, at: index) ?? context.legacyTrack?.frameHeight)
    if let resolution { lastResolution = resolution }
    addGauges(report: report, index: index, context: context)
    updateQualityLimitation(report: report, index: index)
    updateRemote(context.remoteInbound, sample: sample)

    guard let previous = last else {
      last = sample
      noteSSRC(sample.ssrc)
      return
    }
    if !timestamp.isNaN, !previous.timestamp.isNaN, timestamp <= previous.timestamp {
      // A repeated poll (equal time) or an out-of-order line (older): nothing new.
      if timestamp < previous.timestamp { skippedSamples += 1 }
      return
    }
    if sample.isReset(after: previous) {
      closeSegment()
      last = sample
      noteSSRC(sample.ssrc)
      return
    }
    guard !timestamp.isNaN, !previous.timestamp.isNaN else {
      last = sample
      return
    }
    var interval = IntervalSample(end: timestamp, duration: timestamp - previous.timestamp)
    fill(&interval, from: previous, to: sample, report: report, index: index)
    if let resolution {
      interval.width = resolution.width
      interval.height = resolution.height
      resolutionTime[resolution, default: 0] += interval.duration
    }
    interval.roundTripTime = remote.map { $0.roundTripTime * 1000 }
    if direction == .outbound, let remote, !remote.fractionLost.isNaN {
      interval.packetLossPercent = remote.fractionLost * 100
    }
    if direction == .inbound {
      interval.jitter = report.number(.jitter, at: index).map(Durations.milliseconds(fromSeconds:))
      interval.audioLevel = report.number(.audioLevel, at: index)
    } else {
      interval.jitter = remote.flatMap { $0.jitter.isNaN ? nil : $0.jitter * 1000 }
      interval.audioLevel = context.sourceAudioLevel
    }
    interval.qualityLimitationReason = lastQualityLimitationReason
    if (interval.bitrate ?? 0) > 0 { sawMediaFlow = true }
    intervals.append(interval)
    intervalSequences.append(Int32(truncatingIfNeeded: sequence))
    last = sample
  }

  private mutating func fill(
    _ interval: inout IntervalSample, from previous: CounterSample, to sample: CounterSample,
    report: StatsReport, index: Int
  ) {
    let milliseconds = interval.duration
    let bytes = delta(previous.bytes, sample.bytes)
    interval.bitrate = Bitrate.payload(bytes: bytes, milliseconds: milliseconds)
    interval.totalBitrate = Bitrate.total(
      bytes: bytes, headerBytes: delta(previous.headerBytes, sample.headerBytes),
      milliseconds: milliseconds)
    if direction == .inbound {
      let lost = delta(previous.packetsLost, sample.packetsLost)
      let received = delta(previous.packets, sample.packets)
      interval.packetsLost = lost
      interval.packetLossPercent = PacketLoss.percent(lost: lost, received: received)
      if kind == .video {
        interval.frameRate =
          FrameRate.perSecond(
            frames: delta(previous.frames, sample.frames), milliseconds: milliseconds)
          ?? report.number(.framesPerSecond, at: index)
      } else {
        interval.concealmentPercent = AudioConcealment.percent(
          concealed: delta(previous.concealedSamples, sample.concealedSamples),
          total: delta(previous.totalSamplesReceived, sample.totalSamplesReceived))
      }
    } else if kind == .video {
      if let encoderRate = report.number(.framesPerSecond, at: index) {
        interval.frameRate = encoderRate
      } else if let rate = FrameRate.perSecond(
        frames: delta(previous.frames, sample.frames), milliseconds: milliseconds)
      {
        let layers = scalabilityMode.flatMap(FrameRate.spatialLayers(scalabilityMode:)) ?? 1
        interval.frameRate = rate / Double(layers)
      }
    }
    if kind == .video {
      interval.freezeCount = nonNegative(delta(previous.freezeCount, sample.freezeCount))
      interval.pauseCount = nonNegative(delta(previous.pauseCount, sample.pauseCount))
    }
  }

  private func nonNegative(_ value: Double) -> Double? {
    value.isNaN || value < 0 ? nil : value
  }

  private mutating func closeSegment() {
    if let last { closedSegments.append(last) }
    if let remote { closedRemoteLost.append(remote) }
    remote = nil
    resets += 1
  }

  private mutating func noteSSRC(_ value: Double) {
    guard value >= 0, value <= Double(UInt32.max) else { return }
    let ssrc = UInt32(value)
    if ssrcs.last != ssrc { ssrcs.append(ssrc) }
  }

  private mutating func updateIdentity(report: StatsReport, index: Int, context: StreamContext) {
    if kind == nil, let text = report.text(.kind, at: index) { kind = MediaKind(rawValue: text) }
    if let info = context.codec {
      codec = info.name
      if kind == nil { kind = info.kind }
    }
    if let value = report.text(.rid, at: index) { rid = value }
    if let value = report.text(.mid, at: index) { mid = value }
    if let value = report.text(.trackIdentifier, at: index) ?? context.trackIdentifier {
      trackIdentifier = value
    }
    if mediaSourceId == nil { mediaSourceId = report.text(.mediaSourceId, at: index) }
    if trackId == nil { trackId = report.text(.trackId, at: index) }
    if let value = report.number(.encodingIndex, at: index) {
      encodingIndex = Int(roundingTowardZero: value)
    }
    if let value = report.text(.scalabilityMode, at: index) { scalabilityMode = value }
    if let value = report.text(.encoderImplementation, at: index) { encoderImplementation = value }
    if let value = report.text(.decoderImplementation, at: index) { decoderImplementation = value }
    if let value = report.number(.active, at: index) { reportedActive = value != 0 }
  }

  private mutating func addGauges(report: StatsReport, index: Int, context: StreamContext) {
    if direction == .inbound {
      if let jitter = report.number(.jitter, at: index) {
        jitterSamples.append(Durations.milliseconds(fromSeconds: jitter))
      }
      if let level = report.number(.audioLevel, at: index) { audioLevelSamples.append(level) }
    } else if let level = context.sourceAudioLevel {
      audioLevelSamples.append(level)
    }
    if let fps = report.number(.framesPerSecond, at: index) { frameRateGauge.append(fps) }
  }

  private mutating func updateQualityLimitation(report: StatsReport, index: Int) {
    if let text = report.text(.qualityLimitationReason, at: index) {
      lastQualityLimitationReason = QualityLimitationReason(rawValue: text)
    }
    let none = report.number(.qualityLimitationDurationsNone, at: index)
    let cpu = report.number(.qualityLimitationDurationsCpu, at: index)
    let bandwidth = report.number(.qualityLimitationDurationsBandwidth, at: index)
    let other = report.number(.qualityLimitationDurationsOther, at: index)
    if none != nil || cpu != nil || bandwidth != nil || other != nil {
      qualityLimitationDurations = QualityLimitationDurations(
        none: none, cpu: cpu, bandwidth: bandwidth, other: other)
    }
    if let changes = report.number(.qualityLimitationResolutionChanges, at: index) {
      qualityLimitationResolutionChanges = changes
    }
  }

  private mutating func updateRemote(_ state: RemoteInboundState?, sample: CounterSample) {
    guard var state else { return }
    if let remote, !state.isNewer(than: remote) { return }
    // A receiver report counts the losses up to its arrival: remember what had been sent
    // by then, the loss ratio's denominator.
    state.mediaPacketsSentAtArrival =
      sample.packets - (sample.retransmittedPackets.isNaN ? 0 : sample.retransmittedPackets)
    if !state.roundTripTime.isNaN, state.roundTripTime > 0 {
      remoteRoundTripTimes.append(state.roundTripTime * 1000)
    }
    if !state.jitter.isNaN { remoteJitters.append(state.jitter * 1000) }
    remote = state
  }

  // MARK: - Totals

  /// The last sample of every segment, the current one included.
  var segmentEnds: [CounterSample] { closedSegments + (last.map { [$0] } ?? []) }

  /// The last receiver report of every segment, the current one included.
  var remoteEnds: [RemoteInboundState] { closedRemoteLost + (remote.map { [$0] } ?? []) }

  /// Whether the encoding was sending.
  var isActive: Bool? { reportedActive ?? (intervals.isEmpty ? nil : sawMediaFlow) }
}

extension CounterSample {
  /// Takes freeze and pause counters from an obsolete `track` object when the RTP stream
  /// has none (Chrome ≤ M100 kept them there).
  mutating func fillFreezes(from legacy: LegacyTrackCounters) {
    if freezeCount.isNaN { freezeCount = legacy.freezeCount }
    if totalFreezesDuration.isNaN { totalFreezesDuration = legacy.totalFreezesDuration }
    if pauseCount.isNaN { pauseCount = legacy.pauseCount }
    if totalPausesDuration.isNaN { totalPausesDuration = legacy.totalPausesDuration }
  }
}

/// A frame size in pixels.
struct Resolution: Hashable {
  var width: Double
  var height: Double

  init?(width: Double?, height: Double?) {
    guard let width, let height, width > 0, height > 0 else { return nil }
    self.width = width
    self.height = height
  }
}

/// The latest `qualityLimitationDurations` of a stream, seconds per reason.
struct QualityLimitationDurations {
  var none: Double?
  var cpu: Double?
  var bandwidth: Double?
  var other: Double?

  var byReason: [QualityLimitationReason: Double] {
    var result: [QualityLimitationReason: Double] = [:]
    result[.none] = none
    result[.cpu] = cpu
    result[.bandwidth] = bandwidth
    result[.other] = other
    return result
  }

  var total: Double { (none ?? 0) + (cpu ?? 0) + (bandwidth ?? 0) + (other ?? 0) }
}
