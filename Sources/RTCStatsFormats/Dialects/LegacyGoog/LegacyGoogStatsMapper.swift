import RTCStatsCore

/// Turns a legacy (callback `getStats`, Chrome < M117, libwebrtc `StatsCollector`) report
/// into W3C rows, so that the engine analyses old dumps like new ones.
///
/// Sources of the field meanings: libwebrtc `pc/legacy_stats_collector.cc` (earlier
/// `stats_collector.cc`: `ExtractStats` for `VoiceSenderInfo`, `VoiceReceiverInfo`,
/// `VideoSenderInfo`, `VideoReceiverInfo`, `BandwidthEstimationInfo`, candidate pairs) and
/// the legacy dumps in the corpus. Legacy values are strings; times are **ms**, levels
/// 0–32767, bitrates bps. Every mapping, per legacy object:
///
/// `ssrc` with `bytesSent` (or an id ending in `_send`) → `outbound-rtp` (same id):
/// - `ssrc`, `mediaType` → `kind`, `bytesSent`, `packetsSent` (legacy byte counts may include
///   RTP headers and padding, unless Chrome ran with standard byte stats),
/// - `googFrameWidthSent`/`googFrameHeightSent` → `frameWidth`/`frameHeight` (px),
///   `googFrameRateSent` → `framesPerSecond` (encoded fps), `framesEncoded`, `qpSum`,
///   `hugeFramesSent`,
/// - `googNacksReceived`/`googPlisReceived`/`googFirsReceived` → `nackCount`/`pliCount`/
///   `firCount`, `codecImplementationName` → `encoderImplementation`,
/// - `googBandwidthLimitedResolution`/`googCpuLimitedResolution` (`"true"`/`"false"`, the
///   encoder's adapt reason) → `qualityLimitationReason` `bandwidth`, else `cpu`, else
///   `none`; legacy stats have no durations, so `qualityLimitationDurations` (s) are rebuilt
///   by giving the time since the stream's previous poll to the reason of this poll;
///   `googAdaptationChanges` → `qualityLimitationResolutionChanges`,
/// - plus a `remote-inbound-rtp` (id `RI<id>`, `localId` = the outbound id) from the
///   receiver reports: `googRtt` (ms, > 0) → `roundTripTime` (s), `packetsLost` (lost as
///   reported by the remote) → `packetsLost`, `googJitterReceived` (ms, remote jitter) →
///   `jitter` (s);
/// - plus a `media-source` (id `MS<googTrackId>`, shared by simulcast layers of one track):
///   `googTrackId` → `trackIdentifier`, `audioInputLevel` (0–32767) → `audioLevel` (÷ 32767),
///   `totalAudioEnergy`, `totalSamplesDuration`, `googFrameWidthInput`/
///   `googFrameHeightInput` → `width`/`height`, `googFrameRateInput` → `framesPerSecond`.
///
/// `ssrc` with `bytesReceived` (or an id ending in `_recv`) → `inbound-rtp` (same id):
/// - `ssrc`, `mediaType` → `kind`, `googTrackId` → `trackIdentifier`, `bytesReceived`,
///   `packetsReceived`, `packetsLost`, `googJitterReceived` (ms, audio) → `jitter` (s),
/// - `googFrameWidthReceived`/`googFrameHeightReceived` → `frameWidth`/`frameHeight`,
///   `googFrameRateDecoded` → `framesPerSecond` (decoded fps, as W3C defines it; the
///   received and rendered rates `googFrameRateReceived`/`googFrameRateOutput` are used only
///   when it is absent), `framesDecoded` (when > 0), `qpSum`,
/// - `googNacksSent`/`googPlisSent`/`googFirsSent` → `nackCount`/`pliCount`/`firCount`,
///   `codecImplementationName` → `decoderImplementation`,
/// - `audioOutputLevel` (0–32767) → `audioLevel` (÷ 32767), `totalAudioEnergy`,
///   `totalSamplesDuration`,
/// - NetEq decode calls (one call = 10 ms of audio): `googDecodingCTN` (all calls) →
///   `totalSamplesReceived`, `googDecodingPLC` + `googDecodingPLCCNG` (calls that concealed
///   loss) → `concealedSamples`, both × 480 (10 ms at 48 kHz); only their ratio is used.
/// - Legacy stats have no freeze or pause counters (`googInterframeDelayMax` is a
///   per-second maximum, not a count), so legacy dumps report no freezes.
///
/// Both directions get a `codec` (id `C<kind>/<googCodecName>`, `mimeType`
/// `<mediaType>/<googCodecName>`) referenced by `codecId`.
///
/// `googCandidatePair` (Chrome 48: `candidatepair`) → `candidate-pair` (same id):
/// `localCandidateId`, `remoteCandidateId`, `googChannelId` → `transportId`, `bytesSent`,
/// `bytesReceived`, `packetsSent`, `responsesReceived`. The active pair
/// (`googActiveConnection: "true"`) is the selected one: `state` `succeeded`, `nominated`,
/// `selected`, `googRtt` (ms, > 0) → `currentRoundTripTime` (s), and the `VideoBwe`
/// (`bweforvideo`) estimate `googAvailableSendBandwidth` (bps) → `availableOutgoingBitrate`,
/// `googAvailableReceiveBandwidth` (bps, > 0) → `availableIncomingBitrate`. Inactive pairs
/// carry their counters only (their `googRtt` is a placeholder such as 3000).
///
/// `googComponent` (`Channel-audio-1`) → `transport` (same id) whose
/// `selectedCandidatePairId` is the active pair of that channel (else the component's own).
///
/// `localcandidate`/`remotecandidate` → `local-candidate`/`remote-candidate`:
/// `candidateType` `host`/`serverreflexive`/`peerreflexive`/`relayed` → `host`/`srflx`/
/// `prflx`/`relay`, `transport` → `protocol`, `ipAddress` → `address`, `portNumber` →
/// `port`, `networkType`.
///
/// Everything else (`googTrack`, `googLibjingleSession`, `googCertificate`, and the W3C-like
/// objects an old polyfill added next to the legacy ones) is left out.
///
/// One mapper serves one peer connection: it keeps the rebuilt limitation durations of its
/// streams between polls.
struct LegacyGoogStatsMapper {
  /// Seconds per quality limitation reason (none, cpu, bandwidth) and the time of the last
  /// poll, per outbound stream id.
  private var limitations: [String: LimitationState] = [:]

  private struct LimitationState {
    var lastTimestamp: Double
    var none = 0.0
    var cpu = 0.0
    var bandwidth = 0.0
  }

  /// Derived ids per legacy id, built once.
  private var derivedIDs: [String: DerivedIDs] = [:]
  private var extraIDs: [String: [String: String]] = [:]
  private var emittedExtras: [String] = []

  private struct DerivedIDs {
    var remoteInbound: String
  }

  /// NetEq decodes 10 ms per call; 480 samples at 48 kHz.
  static let samplesPerDecodeCall = 480.0
  /// Full scale of `audioInputLevel`/`audioOutputLevel`.
  static let levelFullScale = 32767.0

  init() {}

  /// Whether a report of legacy objects is worth mapping: it has at least one object of a
  /// type the mapper knows.
  static func isLegacyType(_ typeName: String) -> Bool {
    switch typeName {
    case "ssrc", "VideoBwe", "googCandidatePair", "googComponent": true
    default: false
    }
  }

  /// Appends the W3C rows for every object of `legacy` to `report`.
  mutating func map(_ legacy: LegacyGoogStatsReport, into report: inout StatsReport) {
    emittedExtras.removeAll(keepingCapacity: true)
    var sendBandwidth: Double?
    var receiveBandwidth: Double?
    var activePairs: [(channel: String?, id: String)] = []
    for row in 0..<legacy.count {
      let typeName = legacy.typeName(at: row)
      if typeName == "VideoBwe" || legacy.id(at: row) == "bweforvideo" {
        sendBandwidth = legacy.number(.googAvailableSendBandwidth, at: row)
        receiveBandwidth = legacy.number(.googAvailableReceiveBandwidth, at: row)
      } else if Self.isCandidatePair(typeName), legacy.number(.googActiveConnection, at: row) == 1 {
        activePairs.append((legacy.text(.googChannelId, at: row), legacy.id(at: row)))
      }
    }
    for row in 0..<legacy.count {
      let typeName = legacy.typeName(at: row)
      let timestamp = legacy.timestamp(at: row) ?? .nan
      switch typeName {
      case "ssrc":
        mapSSRC(legacy, row: row, timestamp: timestamp, into: &report)
      case "googComponent":
        let id = legacy.id(at: row)
        let target = report.append(
          id: id, type: .transport, typeName: "transport", timestamp: timestamp)
        let active =
          activePairs.first { $0.channel == id }?.id
          ?? (activePairs.count == 1 ? activePairs[0].id : nil)
        if let pair = active ?? legacy.text(.selectedCandidatePairId, at: row) {
          report.setText(pair, .selectedCandidatePairId, at: target)
        }
      case "localcandidate", "remotecandidate":
        mapCandidate(
          legacy, row: row, isLocal: typeName == "localcandidate", timestamp: timestamp,
          into: &report)
      default:
        if Self.isCandidatePair(typeName) {
          mapPair(
            legacy, row: row, timestamp: timestamp, sendBandwidth: sendBandwidth,
            receiveBandwidth: receiveBandwidth, into: &report)
        }
      }
    }
  }

  private static func isCandidatePair(_ typeName: String) -> Bool {
    typeName == "googCandidatePair" || typeName == "candidatepair"
  }

  // MARK: - RTP streams

  private enum Direction { case outbound, inbound }

  private func direction(of legacy: LegacyGoogStatsReport, row: Int) -> Direction? {
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

  private func kind(of legacy: LegacyGoogStatsReport, row: Int) -> String {
    if let mediaType = legacy.text(.mediaType, at: row), !mediaType.isEmpty { return mediaType }
    let videoFields: [LegacyGoogStatsField] = [
      .googFrameRateSent, .googFrameRateDecoded, .googFrameWidthReceived, .framesDecoded,
      .framesEncoded, .googFrameWidthSent,
    ]
    return videoFields.contains { legacy.number($0, at: row) != nil } ? "video" : "audio"
  }

  private mutating func mapSSRC(
    _ legacy: LegacyGoogStatsReport, row: Int, timestamp: Double, into report: inout StatsReport
  ) {
    guard let direction = direction(of: legacy, row: row) else { return }
    let id = legacy.id(at: row)
    let kind = kind(of: legacy, row: row)
    let isVideo = kind == "video"
    let codecId = codec(of: legacy, row: row, kind: kind, timestamp: timestamp, into: &report)
    let target: Int
    switch direction {
    case .outbound:
      target = report.append(
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
    case .inbound:
      target = report.append(
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
    }
    report.setNumber(legacy.number(.ssrc, at: row), .ssrc, at: target)
    report.setText(kind, .kind, at: target)
    if let codecId { report.setText(codecId, .codecId, at: target) }
    if let transport = legacy.text(.transportId, at: row) {
      report.setText(transport, .transportId, at: target)
    }
  }

  private func copy(
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

  // MARK: - ICE

  private func mapPair(
    _ legacy: LegacyGoogStatsReport, row: Int, timestamp: Double, sendBandwidth: Double?,
    receiveBandwidth: Double?, into report: inout StatsReport
  ) {
    let target = report.append(
      id: legacy.id(at: row), type: .candidatePair, typeName: "candidate-pair", timestamp: timestamp
    )
    for (from, to) in [
      (LegacyGoogStatsTextField.localCandidateId, TextField.localCandidateId),
      (.remoteCandidateId, .remoteCandidateId), (.googChannelId, .transportId),
    ] {
      if let value = legacy.text(from, at: row) { report.setText(value, to, at: target) }
    }
    copy(
      legacy, row,
      [
        (.bytesSent, .bytesSent), (.bytesReceived, .bytesReceived), (.packetsSent, .packetsSent),
        (.responsesReceived, .responsesReceived),
      ], to: &report, target)
    let isActive = legacy.number(.googActiveConnection, at: row) == 1
    report.setNumber(isActive ? 1 : 0, .selected, at: target)
    report.setNumber(isActive ? 1 : 0, .nominated, at: target)
    guard isActive else { return }
    report.setText("succeeded", .state, at: target)
    if let rtt = legacy.number(.googRtt, at: row), rtt > 0 {
      report.setNumber(rtt / 1000, .currentRoundTripTime, at: target)
    }
    if let sendBandwidth, sendBandwidth > 0 {
      report.setNumber(sendBandwidth, .availableOutgoingBitrate, at: target)
    }
    if let receiveBandwidth, receiveBandwidth > 0 {
      report.setNumber(receiveBandwidth, .availableIncomingBitrate, at: target)
    }
  }

  private func mapCandidate(
    _ legacy: LegacyGoogStatsReport, row: Int, isLocal: Bool, timestamp: Double,
    into report: inout StatsReport
  ) {
    let target = report.append(
      id: legacy.id(at: row), type: isLocal ? .localCandidate : .remoteCandidate,
      typeName: isLocal ? "local-candidate" : "remote-candidate", timestamp: timestamp)
    if let type = legacy.text(.candidateType, at: row) {
      report.setText(Self.candidateType(type), .candidateType, at: target)
    }
    if let value = legacy.text(.transport, at: row) { report.setText(value, .protocol, at: target) }
    if let value = legacy.text(.ipAddress, at: row) { report.setText(value, .address, at: target) }
    if let value = legacy.text(.networkType, at: row) {
      report.setText(value, .networkType, at: target)
    }
    report.setNumber(legacy.number(.portNumber, at: row), .port, at: target)
  }

  /// Legacy candidate types (libwebrtc `IceCandidateTypeToStatsType`) → W3C.
  static func candidateType(_ legacy: String) -> String {
    switch legacy {
    case "serverreflexive", "stun": "srflx"
    case "peerreflexive": "prflx"
    case "relayed": "relay"
    case "local": "host"
    default: legacy
    }
  }
}
