/// The objects of a peer connection that RTP streams and the transport refer to, as last
/// reported: codecs, media sources, receiver reports, transports, candidate pairs, candidates.
///
/// A referenced object keeps its latest value across reports: a `remote-inbound-rtp` that is
/// not in this poll still describes its stream.
struct ReferencedObjects {
  var codecs = IDTable<CodecInfo>()
  var mediaSources = IDTable<MediaSourceState>()
  var remoteInbound = IDTable<RemoteInboundState>()
  var remoteInboundBySSRC: [Double: String] = [:]
  /// The transports, with their `selectedCandidatePairId`.
  var transports = IDTable<TransportState>()
  var candidatePairs = IDTable<CandidatePairState>()
  var candidates = IDTable<CandidateState>()
  var candidatesChanged = false
  /// The largest `selectedCandidatePairChanges` any transport reported.
  var reportedPairChanges: Double?
  /// Per report position, the slot of the object recorded there last time (in its type's
  /// table), and the slots a stream object's references resolved to.
  private(set) var objectHints = PositionHints()
  private var codecHints = PositionHints()
  private var remoteHints = PositionHints()
  private var sourceHints = PositionHints()

  /// The most referenced objects kept per peer connection; more are ignored and counted.
  static let limit = 65_536
  /// Objects ignored beyond ``limit``.
  private(set) var ignoredCount = 0

  private var count: Int {
    codecs.count + mediaSources.count + remoteInbound.count + transports.count + candidatePairs.count
      + candidates.count
  }

  /// Records object `index` of `report` when other objects refer to objects of its type.
  ///
  /// Returns the round-trip time of a receiver report newer than the one held (ms, > 0).
  mutating func record(report: StatsReport, index: Int, timestamp: Double) -> Double? {
    let type = report.type(at: index)
    guard Self.isReferenced(type) else { return nil }
    let id = report.id(at: index)
    let hint = objectHints[index]
    if count >= Self.limit, !isKnown(id, type, hint: hint) {
      ignoredCount += 1
      return nil
    }
    switch type {
    case .codec:
      guard let mime = report.text(.mimeType, at: index) else { return nil }
      if let slot = codecs.slot(of: id, hint: hint) {
        objectHints[index] = slot
        if codecs[slot: slot].mimeType != mime { codecs[slot: slot] = CodecInfo(mimeType: mime) }
      } else {
        objectHints[index] = codecs.set(CodecInfo(mimeType: mime), for: id, hint: -1)
      }
    case .mediaSource:
      let state = MediaSourceState(
        trackIdentifier: report.text(.trackIdentifier, at: index),
        audioLevel: report.number(.audioLevel, at: index))
      objectHints[index] = mediaSources.set(state, for: id, hint: hint)
    case .remoteInboundRTP:
      return recordReceiverReport(report: report, index: index, id: id, timestamp: timestamp, hint: hint)
    case .transport:
      recordTransport(report: report, index: index, id: id, hint: hint)
    case .candidatePair:
      objectHints[index] = candidatePairs.set(
        CandidatePairState(report: report, index: index), for: id, hint: hint)
    case .localCandidate, .remoteCandidate:
      recordCandidate(report: report, index: index, id: id, hint: hint)
    default:
      break
    }
    return nil
  }

  private mutating func recordReceiverReport(
    report: StatsReport, index: Int, id: String, timestamp: Double, hint: Int
  ) -> Double? {
    let state = RemoteInboundState(report: report, index: index, timestamp: timestamp)
    let key = report.text(.localId, at: index) ?? id
    let known = remoteInbound.slot(of: key, hint: hint)
    let isNew = known.map { state.isNewer(than: remoteInbound[slot: $0]) } ?? true
    if let known {
      remoteInbound[slot: known] = state
      objectHints[index] = known
    } else {
      objectHints[index] = remoteInbound.set(state, for: key, hint: -1)
    }
    if let ssrc = report.number(.ssrc, at: index), remoteInboundBySSRC[ssrc] != key {
      remoteInboundBySSRC[ssrc] = key
    }
    if isNew, !state.roundTripTime.isNaN, state.roundTripTime > 0 { return state.roundTripTime * 1000 }
    return nil
  }

  private mutating func recordTransport(report: StatsReport, index: Int, id: String, hint: Int) {
    let known = transports.slot(of: id, hint: hint)
    let state = TransportState(
      iceState: report.text(.iceState, at: index), dtlsState: report.text(.dtlsState, at: index),
      // A transport that stops naming its pair keeps the one it named last.
      selectedCandidatePairId: report.text(.selectedCandidatePairId, at: index)
        ?? known.flatMap { transports[slot: $0].selectedCandidatePairId })
    objectHints[index] = transports.set(state, for: id, hint: known ?? -1)
    if let changes = report.number(.selectedCandidatePairChanges, at: index) {
      reportedPairChanges = max(reportedPairChanges ?? 0, changes)
    }
  }

  private mutating func recordCandidate(report: StatsReport, index: Int, id: String, hint: Int) {
    let state = CandidateState(
      candidateType: report.text(.candidateType, at: index),
      protocol: report.text(.protocol, at: index),
      relayProtocol: report.text(.relayProtocol, at: index),
      networkType: report.text(.networkType, at: index))
    if let slot = candidates.slot(of: id, hint: hint) {
      objectHints[index] = slot
      guard candidates[slot: slot] != state else { return }
      candidates[slot: slot] = state
    } else {
      objectHints[index] = candidates.set(state, for: id, hint: -1)
    }
    candidatesChanged = true
  }

  private static func isReferenced(_ type: StatsType) -> Bool {
    switch type {
    case .codec, .mediaSource, .remoteInboundRTP, .transport, .candidatePair, .localCandidate,
      .remoteCandidate:
      true
    default: false
    }
  }

  private func isKnown(_ id: String, _ type: StatsType, hint: Int) -> Bool {
    switch type {
    case .codec: codecs.slot(of: id, hint: hint) != nil
    case .mediaSource: mediaSources.slot(of: id, hint: hint) != nil
    case .remoteInboundRTP: remoteInbound.slot(of: id, hint: hint) != nil
    case .transport: transports.slot(of: id, hint: hint) != nil
    case .candidatePair: candidatePairs.slot(of: id, hint: hint) != nil
    default: candidates.slot(of: id, hint: hint) != nil
    }
  }

  /// What an `outbound-rtp`/`inbound-rtp` object reads from the objects it refers to.
  mutating func context(report: StatsReport, index: Int, direction: Direction) -> StreamContext {
    var context = StreamContext()
    if let codecId = report.text(.codecId, at: index),
      let slot = codecs.slot(of: codecId, hint: codecHints[index])
    {
      codecHints[index] = slot
      context.codec = codecs[slot: slot]
    }
    guard direction == .outbound else { return context }
    if let slot = remoteSlot(report: report, index: index) {
      remoteHints[index] = slot
      context.remoteInbound = remoteInbound[slot: slot]
    }
    if let sourceId = report.text(.mediaSourceId, at: index),
      let slot = mediaSources.slot(of: sourceId, hint: sourceHints[index])
    {
      sourceHints[index] = slot
      let source = mediaSources[slot: slot]
      context.sourceAudioLevel = source.audioLevel
      context.trackIdentifier = source.trackIdentifier
    }
    return context
  }

  /// The receiver report of the outbound stream at `index`: the one keyed by the stream's own
  /// id (`localId`), else the one its `remoteId` names, else the one with its SSRC.
  private func remoteSlot(report: StatsReport, index: Int) -> Int? {
    let hint = remoteHints[index]
    let id = report.id(at: index)
    if let slot = remoteInbound.slot(of: id, hint: hint) { return slot }
    if let remoteId = report.text(.remoteId, at: index),
      let slot = remoteInbound.slot(of: remoteId, hint: hint)
    {
      return slot
    }
    guard let ssrc = report.number(.ssrc, at: index), let key = remoteInboundBySSRC[ssrc] else { return nil }
    return remoteInbound.slot(of: key, hint: hint)
  }
}

/// The members of a `media-source` object the engine reads.
struct MediaSourceState {
  var trackIdentifier: String?
  var audioLevel: Double?
}

/// The members of a `transport` object the engine reads.
struct TransportState {
  var iceState: String?
  var dtlsState: String?
  var selectedCandidatePairId: String?
}

/// The members of a `local-candidate`/`remote-candidate` object the engine reads.
struct CandidateState: Equatable {
  var candidateType: String?
  var `protocol`: String?
  var relayProtocol: String?
  var networkType: String?
}

/// A `codec` object, with the name and kind worked out once.
struct CodecInfo {
  var mimeType: String
  /// `VP8` for `video/VP8`.
  var name: String
  var kind: MediaKind?

  init(mimeType: String) {
    self.mimeType = mimeType
    if let slash = mimeType.firstIndex(of: "/") {
      name = String(mimeType[mimeType.index(after: slash)...])
    } else {
      name = mimeType
    }
    kind = MediaKind(mimeType: mimeType)
  }
}
