/// The objects of a peer connection that RTP streams and the transport refer to, as last
/// reported: codecs, media sources, receiver reports, transports, candidate pairs, candidates.
///
/// A referenced object keeps its latest value across reports: a `remote-inbound-rtp` that is
/// not in this poll still describes its stream.
struct ReferencedObjects {
  var codecs: [String: CodecInfo] = [:]
  var mediaSources: [String: MediaSourceState] = [:]
  var remoteInbound: [String: RemoteInboundState] = [:]
  var remoteInboundBySSRC: [Double: String] = [:]
  /// `selectedCandidatePairId` per transport id.
  var transports: [String: String] = [:]
  var transportStates: [String: TransportState] = [:]
  var candidatePairs: [String: CandidatePairState] = [:]
  var candidates: [String: CandidateState] = [:]
  var candidatesChanged = false
  /// The largest `selectedCandidatePairChanges` any transport reported.
  var reportedPairChanges: Double?

  /// The most referenced objects kept per peer connection; more are ignored and counted.
  static let limit = 65_536
  /// Objects ignored beyond ``limit``.
  private(set) var ignoredCount = 0

  private var count: Int {
    codecs.count + mediaSources.count + remoteInbound.count + transportStates.count + candidatePairs.count
      + candidates.count
  }

  /// Records object `index` of `report` when other objects refer to objects of its type.
  ///
  /// Returns the round-trip time of a receiver report newer than the one held (ms, > 0).
  mutating func record(report: StatsReport, index: Int, timestamp: Double) -> Double? {
    let type = report.type(at: index)
    guard Self.isReferenced(type) else { return nil }
    let id = report.id(at: index)
    if count >= Self.limit, !isKnown(id, type) {
      ignoredCount += 1
      return nil
    }
    switch type {
    case .codec:
      if let mime = report.text(.mimeType, at: index), codecs[id]?.mimeType != mime {
        codecs[id] = CodecInfo(mimeType: mime)
      }
    case .mediaSource:
      mediaSources[id] = MediaSourceState(
        trackIdentifier: report.text(.trackIdentifier, at: index),
        audioLevel: report.number(.audioLevel, at: index))
    case .remoteInboundRTP:
      let state = RemoteInboundState(report: report, index: index, timestamp: timestamp)
      let key = report.text(.localId, at: index) ?? id
      let isNew = remoteInbound[key].map { state.isNewer(than: $0) } ?? true
      remoteInbound[key] = state
      if let ssrc = report.number(.ssrc, at: index) { remoteInboundBySSRC[ssrc] = key }
      if isNew, !state.roundTripTime.isNaN, state.roundTripTime > 0 { return state.roundTripTime * 1000 }
    case .transport:
      if let pair = report.text(.selectedCandidatePairId, at: index) { transports[id] = pair }
      transportStates[id] = TransportState(
        iceState: report.text(.iceState, at: index), dtlsState: report.text(.dtlsState, at: index))
      if let changes = report.number(.selectedCandidatePairChanges, at: index) {
        reportedPairChanges = max(reportedPairChanges ?? 0, changes)
      }
    case .candidatePair:
      candidatePairs[id] = CandidatePairState(report: report, index: index)
    case .localCandidate, .remoteCandidate:
      let state = CandidateState(
        candidateType: report.text(.candidateType, at: index),
        protocol: report.text(.protocol, at: index),
        relayProtocol: report.text(.relayProtocol, at: index),
        networkType: report.text(.networkType, at: index))
      if candidates[id] != state {
        candidates[id] = state
        candidatesChanged = true
      }
    default:
      break
    }
    return nil
  }

  private static func isReferenced(_ type: StatsType) -> Bool {
    switch type {
    case .codec, .mediaSource, .remoteInboundRTP, .transport, .candidatePair, .localCandidate,
      .remoteCandidate:
      true
    default: false
    }
  }

  private func isKnown(_ id: String, _ type: StatsType) -> Bool {
    switch type {
    case .codec: codecs[id] != nil
    case .mediaSource: mediaSources[id] != nil
    case .remoteInboundRTP: remoteInbound[id] != nil
    case .transport: transportStates[id] != nil
    case .candidatePair: candidatePairs[id] != nil
    default: candidates[id] != nil
    }
  }

  /// What an `outbound-rtp`/`inbound-rtp` object reads from the objects it refers to.
  func context(report: StatsReport, index: Int, direction: Direction) -> StreamContext {
    var context = StreamContext()
    if let codecId = report.text(.codecId, at: index) { context.codec = codecs[codecId] }
    guard direction == .outbound else { return context }
    let id = report.id(at: index)
    var remoteKey: String? = report.text(.remoteId, at: index).flatMap { remoteId in
      remoteInbound[id] == nil && remoteInbound[remoteId] != nil ? remoteId : nil
    }
    if remoteKey == nil, remoteInbound[id] != nil { remoteKey = id }
    if remoteKey == nil, let ssrc = report.number(.ssrc, at: index) { remoteKey = remoteInboundBySSRC[ssrc] }
    context.remoteInbound = remoteKey.flatMap { remoteInbound[$0] }
    if let sourceId = report.text(.mediaSourceId, at: index), let source = mediaSources[sourceId] {
      context.sourceAudioLevel = source.audioLevel
      context.trackIdentifier = source.trackIdentifier
    }
    return context
  }
}

/// The members of a `media-source` object the engine reads.
struct MediaSourceState {
  var trackIdentifier: String?
  var audioLevel: Double?
}

/// The members of a `transport` object the engine reads besides the selected pair.
struct TransportState {
  var iceState: String?
  var dtlsState: String?
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
