extension StreamSampler {
  /// Whether the stream was reset between `previous` and `current`: the SSRC changed, or the
  /// bytes, header bytes, packets or frames went backwards (new SSRC, renegotiation, a new
  /// sender behind the same id).
  static func isReset(_ current: [Double], after previous: [Double], ssrc: Double, previousSSRC: Double)
    -> Bool
  {
    if !ssrc.isNaN && !previousSSRC.isNaN && ssrc != previousSSRC { return true }
    return resetCounters.contains { field in value(field, current) < value(field, previous) }
  }

  /// The counters whose fall means a reset.
  private static let resetCounters: [RowField] = [.bytes, .headerBytes, .packets, .frames]

  /// 100 Gbit/s: beyond any WebRTC stream.
  static let implausibleBitsPerSecond = 1e11

  /// 2⁵³: beyond it a counter is not a count (and a `Double` no longer holds every integer).
  static let largestCount = 9_007_199_254_740_992.0

  /// The position of counter `field` in a sample array.
  static func offset(of field: RowField) -> Int? {
    let offset = offsets[field.rawValue]
    return offset >= 0 ? offset : nil
  }

  private static let offsets: [Int] = {
    var offsets = [Int](repeating: -1, count: RowField.allCases.count)
    for (offset, field) in counters.enumerated() { offsets[field.rawValue] = offset }
    return offsets
  }()

  /// The value of counter `field` in a sample array.
  static func value(_ field: RowField, _ sample: [Double]) -> Double {
    let offset = offsets[field.rawValue]
    return offset >= 0 ? sample[offset] : .nan
  }

  /// Records the members that identify the stream; returns whether one that groups streams
  /// into tracks (kind, codec, `mid`, `trackIdentifier`, `mediaSourceId`, `trackId`) changed.
  @discardableResult
  static func updateIdentity(
    _ info: inout StreamInfo, report: StatsReport, row: Int, context: StreamContext
  ) -> Bool {
    var regrouped = false
    func update(_ member: inout String?, _ value: String?, groups: Bool = false) {
      guard let value, member != value else { return }
      member = value
      if groups { regrouped = true }
    }
    if info.kind == nil, let text = report.text(.kind, at: row) {
      info.kind = MediaKind(rawValue: text)
      regrouped = regrouped || info.kind != nil
    }
    if let codec = context.codec {
      update(&info.codec, codec.name, groups: true)
      if info.kind == nil, let kind = codec.kind {
        info.kind = kind
        regrouped = true
      }
    }
    update(&info.rid, report.text(.rid, at: row))
    update(&info.mid, report.text(.mid, at: row), groups: true)
    update(
      &info.trackIdentifier, report.text(.trackIdentifier, at: row) ?? context.trackIdentifier, groups: true)
    if info.mediaSourceId == nil {
      update(&info.mediaSourceId, report.text(.mediaSourceId, at: row), groups: true)
    }
    if info.senderTrackID == nil { update(&info.senderTrackID, report.text(.trackId, at: row), groups: true) }
    if let value = report.number(.encodingIndex, at: row) {
      info.encodingIndex = Int(roundingTowardZero: value)
    }
    update(&info.scalabilityMode, report.text(.scalabilityMode, at: row))
    update(&info.encoderImplementation, report.text(.encoderImplementation, at: row))
    update(&info.decoderImplementation, report.text(.decoderImplementation, at: row))
    if let value = report.number(.active, at: row) { info.reportedActive = value != 0 }
    return regrouped
  }

  /// Adds the SSRC of a new segment to the stream's list.
  static func noteSSRC(_ value: Double, in info: inout StreamInfo) {
    guard value >= 0, value <= Double(UInt32.max) else { return }
    let ssrc = UInt32(value)
    if info.ssrcs.last != ssrc { info.ssrcs.append(ssrc) }
  }

  private static let copiedGauges: [RowField] = [.ssrc, .framesPerSecond, .targetBitrate, .active]
  private static let qualityGauges: [RowField] = [
    .qualityLimitationDurationNone, .qualityLimitationDurationCPU, .qualityLimitationDurationBandwidth,
    .qualityLimitationDurationOther, .qualityLimitationResolutionChanges,
  ]

  /// Stores the gauges of the sample: as read, or (audio level of a sender) from the media
  /// source, and the quality limitation reason seen last.
  mutating func setGauges(
    _ result: inout StreamRow, report: StatsReport, row: Int, context: StreamContext, info: StreamInfo,
    hasMedia: Bool
  ) {
    func copy(_ field: RowField) {
      if let source = field.source(for: direction), let value = report.number(source, at: row) {
        result.set(field, value)
      }
    }
    for field in Self.copiedGauges { copy(field) }
    if direction == .inbound {
      copy(.jitter)
      copy(.audioLevel)
    } else if let level = context.sourceAudioLevel {
      result.set(.audioLevel, level)
    }
    // A stream that never carried media has no resolution (an idle simulcast layer can inherit
    // its sender's frame size from an obsolete `track` object).
    if hasMedia, let width = report.number(.frameWidth, at: row),
      let height = report.number(.frameHeight, at: row), width > 0, height > 0
    {
      result.set(.frameWidth, width)
      result.set(.frameHeight, height)
    }
    if let text = report.text(.qualityLimitationReason, at: row) {
      lastReason = QualityLimitationReason(rawValue: text)
    }
    if let lastReason, let index = QualityLimitationReason.ordered.firstIndex(of: lastReason) {
      result.set(.qualityLimitationReason, Double(index))
    }
    for field in Self.qualityGauges { copy(field) }
    if layersOfMode.mode != info.scalabilityMode {
      let layers = info.scalabilityMode.flatMap(FrameRate.spatialLayers(scalabilityMode:)) ?? 1
      layersOfMode = (info.scalabilityMode, layers)
    }
    result.set(.spatialLayers, Double(layersOfMode.layers))
  }

  /// Takes `state` as the stream's receiver report when it is newer than the one held, and
  /// stores the remote counters' increments; returns the report taken.
  mutating func takeReceiverReport(
    _ state: RemoteInboundState?, current: [Double], into result: inout StreamRow
  ) -> RemoteInboundState? {
    guard var state else { return nil }
    if let remote, !state.isNewer(than: remote) { return nil }
    // A receiver report counts the losses up to its arrival: remember what had been sent
    // by then, the loss ratio's denominator.
    let retransmitted = Self.value(.retransmittedPackets, current)
    state.mediaPacketsSentAtArrival =
      Self.value(.packets, current) - (retransmitted.isNaN ? 0 : retransmitted)
    if remote == nil { for offset in remoteKnown.indices { remoteKnown[offset] = 0 } }
    // Each counter by its own history: one that falls restarted (the loss count may fall
    // a little without restarting: duplicates).
    func store(_ value: Double, _ field: RowField, offset: Int) {
      guard !value.isNaN else { return }
      let last = remoteKnown[offset]
      let restarts = value < last && field != .remotePacketsLost
      result.set(field, restarts ? value : value - last)
      remoteKnown[offset] = value
    }
    store(state.packetsLost, .remotePacketsLost, offset: 0)
    store(state.packetsReceived, .remotePacketsReceived, offset: 1)
    store(state.mediaPacketsSentAtArrival, .remoteMediaPacketsSent, offset: 2)
    result.tookReceiverReport = true
    remote = state
    return state
  }
}
