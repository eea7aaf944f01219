import RTCStatsCore

extension LegacyGoogStatsMapper {
  // MARK: - RTP streams

  enum Direction { case outbound, inbound }

  func direction(of legacy: LegacyGoogStatsReport, row: Int) -> Direction? {
    if legacy.number(.bytesSent, at: row) != nil || legacy.number(.packetsSent, at: row) != nil {
      return .outbound
    }
    if legacy.number(.bytesReceived, at: row) != nil
      || legacy.number(.packetsReceived, at: row) != nil
    {
      return .inbound
    }
    let id = legacy.id(at: row)
    if id.hasSuffix("_send") { return .outbound }
    if id.hasSuffix("_recv") { return .inbound }
    return nil
  }

  func kind(of legacy: LegacyGoogStatsReport, row: Int) -> String {
    if let mediaType = legacy.text(.mediaType, at: row), !mediaType.isEmpty { return mediaType }
    let videoFields: [LegacyGoogStatsField] = [
      .googFrameRateSent, .googFrameRateDecoded, .googFrameWidthReceived, .framesDecoded,
      .framesEncoded, .googFrameWidthSent,
    ]
    return videoFields.contains { legacy.number($0, at: row) != nil } ? "video" : "audio"
  }

  mutating func mapSSRC(
    _ legacy: LegacyGoogStatsReport, row: Int, timestamp: Double, into report: inout StatsReport
  ) {
    guard let direction = direction(of: legacy, row: row) else { return }
    let id = legacy.id(at: row)
    let kind = kind(of: legacy, row: row)
    let codecId = codec(of: legacy, row: row, kind: kind, timestamp: timestamp, into: &report)
    let target =
      direction == .outbound
      ? mapOutbound(
        legacy, row: row, id: id, kind: kind, codecId: codecId, timestamp: timestamp, into: &report)
      : mapInbound(legacy, row: row, id: id, kind: kind, timestamp: timestamp, into: &report)
    report.setNumber(legacy.number(.ssrc, at: row), .ssrc, at: target)
    report.setText(kind, .kind, at: target)
    if let codecId { report.setText(codecId, .codecId, at: target) }
    if let transport = legacy.text(.transportId, at: row) {
      report.setText(transport, .transportId, at: target)
    }
  }

  /// An `outbound-rtp` row, and the receiver-report and media-source rows it points at.
  private mutating func mapOutbound(
    _ legacy: LegacyGoogStatsReport, row: Int, id: String, kind: String, codecId: String?,
    timestamp: Double, into report: inout StatsReport
  ) -> Int {
    let isVideo = kind == "video"
    let target = report.append(
      id: id, type: .outboundRTP, typeName: "outbound-rtp", timestamp: timestamp)
    copy(
      legacy, row,
      [
        (.bytesSent, .bytesSent), (.packetsSent, .packetsSent),
        (.googFrameWidthSent, .frameWidth), (.googFrameHeightSent, .frameHeight),
        (.googFrameRateSent, .framesPerSecond), (.framesEncoded, .framesEncoded),
        (.qpSum, .qpSum), (.hugeFramesSent, .hugeFramesSent),
        (.googNacksReceived, .nackCount), (.googPlisReceived, .pliCount),
        (.googFirsReceived, .firCount),
        (.googAdaptationChanges, .qualityLimitationResolutionChanges),
      ], to: &report, target)
    if let name = legacy.text(.codecImplementationName, at: row) {
      report.setText(name, .encoderImplementation, at: target)
    }
    if isVideo, let reason = qualityLimitationReason(legacy, row: row) {
      report.setText(reason, .qualityLimitationReason, at: target)
      addLimitation(reason, id: id, timestamp: timestamp, into: &report, at: target)
    }
    if let remote = mapRemoteInbound(
      legacy, row: row, outboundID: id, kind: kind, codecId: codecId, timestamp: timestamp,
      into: &report)
    {
      report.setText(remote, .remoteId, at: target)
    }
    if let source = mapMediaSource(
      legacy, row: row, kind: kind, timestamp: timestamp, into: &report)
    {
      report.setText(source, .mediaSourceId, at: target)
    }
    return target
  }

  /// An `inbound-rtp` row.
  private mutating func mapInbound(
    _ legacy: LegacyGoogStatsReport, row: Int, id: String, kind: String, timestamp: Double,
    into report: inout StatsReport
  ) -> Int {
    let isVideo = kind == "video"
    let target = report.append(
      id: id, type: .inboundRTP, typeName: "inbound-rtp", timestamp: timestamp)
    copy(
      legacy, row,
      [
        (.bytesReceived, .bytesReceived), (.packetsReceived, .packetsReceived),
        (.packetsLost, .packetsLost),
        (.googFrameWidthReceived, .frameWidth), (.googFrameHeightReceived, .frameHeight),
        (.qpSum, .qpSum), (.googNacksSent, .nackCount), (.googPlisSent, .pliCount),
        (.googFirsSent, .firCount),
        (.totalAudioEnergy, .totalAudioEnergy), (.totalSamplesDuration, .totalSamplesDuration),
      ], to: &report, target)
    if let jitter = legacy.number(.googJitterReceived, at: row), jitter >= 0 {
      report.setNumber(jitter / 1000, .jitter, at: target)
    }
    if isVideo {
      // A polyfill of the Chrome 48 era wrote a constant `framesDecoded: 0` next to the
      // legacy members; a zero count says nothing, the decoded frame rate does.
      if let frames = legacy.number(.framesDecoded, at: row), frames > 0 {
        report.setNumber(frames, .framesDecoded, at: target)
      }
      let fps =
        legacy.number(.googFrameRateDecoded, at: row) ?? legacy.number(
          .googFrameRateOutput, at: row)
        ?? legacy.number(.googFrameRateReceived, at: row)
      report.setNumber(fps, .framesPerSecond, at: target)
    }
    if let level = legacy.number(.audioOutputLevel, at: row) {
      report.setNumber(level / Self.levelFullScale, .audioLevel, at: target)
    }
    if let calls = legacy.number(.googDecodingCTN, at: row) {
      report.setNumber(calls * Self.samplesPerDecodeCall, .totalSamplesReceived, at: target)
      let concealed =
        (legacy.number(.googDecodingPLC, at: row) ?? 0)
        + (legacy.number(.googDecodingPLCCNG, at: row) ?? 0)
      report.setNumber(concealed * Self.samplesPerDecodeCall, .concealedSamples, at: target)
    }
    if let name = legacy.text(.codecImplementationName, at: row) {
      report.setText(name, .decoderImplementation, at: target)
    }
    if let track = legacy.text(.googTrackId, at: row) {
      report.setText(track, .trackIdentifier, at: target)
    }
    return target
  }

  func copy(
    _ legacy: LegacyGoogStatsReport, _ row: Int, _ pairs: [(LegacyGoogStatsField, NumericField)],
    to report: inout StatsReport, _ target: Int
  ) {
    for (from, to) in pairs {
      if let value = legacy.number(from, at: row) { report.setNumber(value, to, at: target) }
    }
  }

  /// Gives the time since the previous poll of stream `id` to `reason` and writes the
  /// durations so far.
  private mutating func addLimitation(
    _ reason: String, id: String, timestamp: Double, into report: inout StatsReport, at target: Int
  ) {
    guard !timestamp.isNaN else { return }
    var state = limitations[id] ?? LimitationState(lastTimestamp: timestamp)
    let seconds = max(timestamp - state.lastTimestamp, 0) / 1000
    switch reason {
    case "bandwidth": state.bandwidth += seconds
    case "cpu": state.cpu += seconds
    default: state.none += seconds
    }
    state.lastTimestamp = max(state.lastTimestamp, timestamp)
    limitations[id] = state
    report.setNumber(state.none, .qualityLimitationDurationsNone, at: target)
    report.setNumber(state.cpu, .qualityLimitationDurationsCpu, at: target)
    report.setNumber(state.bandwidth, .qualityLimitationDurationsBandwidth, at: target)
    report.setNumber(0, .qualityLimitationDurationsOther, at: target)
  }

  private func qualityLimitationReason(_ legacy: LegacyGoogStatsReport, row: Int) -> String? {
    let bandwidth = legacy.number(.googBandwidthLimitedResolution, at: row)
    let cpu = legacy.number(.googCpuLimitedResolution, at: row)
    if bandwidth == 1 { return "bandwidth" }
    if cpu == 1 { return "cpu" }
    return bandwidth != nil || cpu != nil ? "none" : nil
  }

  /// The receiver-report view of an outbound stream; returns its id.
  private mutating func mapRemoteInbound(
    _ legacy: LegacyGoogStatsReport, row: Int, outboundID: String, kind: String,
    codecId: String?, timestamp: Double, into report: inout StatsReport
  ) -> String? {
    let rtt = legacy.number(.googRtt, at: row)
    let lost = legacy.number(.packetsLost, at: row)
    let jitter = legacy.number(.googJitterReceived, at: row)
    guard rtt != nil || lost != nil || jitter != nil else { return nil }
    let id = derivedIDs[outboundID]?.remoteInbound ?? makeDerivedIDs(outboundID).remoteInbound
    let target = report.append(
      id: id, type: .remoteInboundRTP, typeName: "remote-inbound-rtp", timestamp: timestamp)
    report.setText(outboundID, .localId, at: target)
    report.setText(kind, .kind, at: target)
    report.setNumber(legacy.number(.ssrc, at: row), .ssrc, at: target)
    if let rtt, rtt > 0 { report.setNumber(rtt / 1000, .roundTripTime, at: target) }
    report.setNumber(lost, .packetsLost, at: target)
    if let jitter, jitter >= 0 { report.setNumber(jitter / 1000, .jitter, at: target) }
    if let codecId { report.setText(codecId, .codecId, at: target) }
    return id
  }

  private mutating func makeDerivedIDs(_ id: String) -> DerivedIDs {
    let ids = DerivedIDs(remoteInbound: "RI" + id)
    derivedIDs[id] = ids
    return ids
  }

  /// The capture side of an outbound stream, once per track and poll; returns its id.
  private mutating func mapMediaSource(
    _ legacy: LegacyGoogStatsReport, row: Int, kind: String, timestamp: Double,
    into report: inout StatsReport
  ) -> String? {
    guard let track = legacy.text(.googTrackId, at: row) else { return nil }
    let id = cachedID("MS", track)
    if emittedExtras.contains(id) { return id }
    emittedExtras.append(id)
    let target = report.append(
      id: id, type: .mediaSource, typeName: "media-source", timestamp: timestamp)
    report.setText(track, .trackIdentifier, at: target)
    report.setText(kind, .kind, at: target)
    if let level = legacy.number(.audioInputLevel, at: row) {
      report.setNumber(level / Self.levelFullScale, .audioLevel, at: target)
    }
    copy(
      legacy, row,
      [
        (.totalAudioEnergy, .totalAudioEnergy), (.totalSamplesDuration, .totalSamplesDuration),
        (.googFrameWidthInput, .width), (.googFrameHeightInput, .height),
        (.googFrameRateInput, .framesPerSecond),
      ], to: &report, target)
    return id
  }

  /// The codec of a stream, once per codec and poll; returns its id.
  private mutating func codec(
    of legacy: LegacyGoogStatsReport, row: Int, kind: String, timestamp: Double,
    into report: inout StatsReport
  ) -> String? {
    guard let name = legacy.text(.googCodecName, at: row), !name.isEmpty else { return nil }
    let id = cachedID(
      kind == "video" ? "Cvideo/" : kind == "audio" ? "Caudio/" : "C" + kind + "/", name)
    if emittedExtras.contains(id) { return id }
    emittedExtras.append(id)
    let target = report.append(id: id, type: .codec, typeName: "codec", timestamp: timestamp)
    report.setText(kind + "/" + name, .mimeType, at: target)
    return id
  }

  /// `prefix + name`, built once per pair.
  private mutating func cachedID(_ prefix: String, _ name: String) -> String {
    if let id = extraIDs[prefix]?[name] { return id }
    let id = prefix + name
    extraIDs[prefix, default: [:]][name] = id
    return id
  }
}
