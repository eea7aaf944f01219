/// Collects the reports of one peer connection: the RTP streams, the objects they point at,
/// and the transport figures.
///
/// Each report is processed in two passes. The first records the objects other objects
/// refer to (codecs, media sources, obsolete `track` objects, receiver reports, transports,
/// candidate pairs and candidates), so that references resolve whatever the order of the
/// objects in the report. The second feeds every `inbound-rtp` and `outbound-rtp` to its
/// ``RTPStreamAccumulator``. Referenced objects keep their latest value across reports:
/// a `remote-inbound-rtp` that is not in this poll still describes the stream.
struct PeerConnectionAccumulator {
  let id: String
  private(set) var reportCount = 0
  private(set) var firstTimestamp: Double?
  private(set) var lastTimestamp: Double?

  /// The RTP streams in order of appearance; `streamIndex` finds one by key. An array
  /// mutates its elements in place, where a dictionary's optional subscript would move
  /// the (large) accumulator out and back for every sample.
  private(set) var streams: [RTPStreamAccumulator] = []
  private var streamIndex: [String: Int] = [:]
  private var codecs: [String: CodecInfo] = [:]
  private var mediaSources: [String: MediaSourceState] = [:]
  private var legacyTracks: [String: LegacyTrackCounters] = [:]
  private var remoteInbound: [String: RemoteInboundState] = [:]
  private var remoteInboundBySSRC: [Double: String] = [:]
  private var transports: [String: String] = [:]
  private var candidatePairs: [String: CandidatePairState] = [:]
  private var candidates: [String: CandidateState] = [:]
  private var candidatesChanged = false
  private(set) var transportSamples: [TransportSample] = []
  private(set) var fallbackRoundTripTimes: [Double] = []
  private(set) var selectedPair: CandidatePairInfo?
  private var lastSelectedPairId: String?
  private(set) var selectedPairChanges = 0
  private var reportedPairChanges: Double?

  init(id: String) {
    self.id = id
  }

  /// The number of times the selected pair changed: the transport's
  /// `selectedCandidatePairChanges` − 1 when reported, else the changes seen.
  var candidatePairChanges: Int? {
    if let reportedPairChanges {
      return Int(roundingTowardZero: reportedPairChanges).map { max($0, 1) - 1 }
    }
    return lastSelectedPairId == nil ? nil : selectedPairChanges
  }

  mutating func add(_ report: StatsReport, sequence: Int) {
    reportCount += 1
    var newestRemote: [Double] = []
    var newest = report.timestamp
    for index in 0..<report.count {
      let timestamp = report.timestamp(at: index) ?? report.timestamp ?? .nan
      if report.timestamp == nil, !timestamp.isNaN { newest = max(newest ?? timestamp, timestamp) }
      recordReference(report: report, index: index, timestamp: timestamp, newestRemote: &newestRemote)
    }
    if let newest {
      firstTimestamp = min(firstTimestamp ?? newest, newest)
      lastTimestamp = max(lastTimestamp ?? newest, newest)
    }
    for index in 0..<report.count {
      let type = report.type(at: index)
      guard type == .inboundRTP || type == .outboundRTP else { continue }
      let timestamp = report.timestamp(at: index) ?? report.timestamp ?? .nan
      addStream(report: report, index: index, timestamp: timestamp, sequence: sequence)
    }
    sampleTransport(report: report, fallbackRoundTripTimes: newestRemote)
  }

  // MARK: - References

  private mutating func recordReference(
    report: StatsReport, index: Int, timestamp: Double, newestRemote: inout [Double]
  ) {
    let id = report.id(at: index)
    switch report.type(at: index) {
    case .codec:
      if let mime = report.text(.mimeType, at: index), codecs[id]?.mimeType != mime {
        codecs[id] = CodecInfo(mimeType: mime)
      }
    case .mediaSource:
      mediaSources[id] = MediaSourceState(
        trackIdentifier: report.text(.trackIdentifier, at: index),
        audioLevel: report.number(.audioLevel, at: index))
    case .track:
      legacyTracks[id] = LegacyTrackCounters(
        freezeCount: report.number(.freezeCount, at: index) ?? .nan,
        totalFreezesDuration: report.number(.totalFreezesDuration, at: index) ?? .nan,
        pauseCount: report.number(.pauseCount, at: index) ?? .nan,
        totalPausesDuration: report.number(.totalPausesDuration, at: index) ?? .nan,
        frameWidth: report.number(.frameWidth, at: index) ?? .nan,
        frameHeight: report.number(.frameHeight, at: index) ?? .nan,
        trackIdentifier: report.text(.trackIdentifier, at: index))
    case .remoteInboundRTP:
      let state = RemoteInboundState(report: report, index: index, timestamp: timestamp)
      let key = report.text(.localId, at: index) ?? id
      let isNew = remoteInbound[key].map { state.isNewer(than: $0) } ?? true
      remoteInbound[key] = state
      if isNew, !state.roundTripTime.isNaN, state.roundTripTime > 0 {
        newestRemote.append(state.roundTripTime * 1000)
      }
      if let ssrc = report.number(.ssrc, at: index) { remoteInboundBySSRC[ssrc] = key }
    case .transport:
      if let pair = report.text(.selectedCandidatePairId, at: index) { transports[id] = pair }
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
  }

  /// `video/VP8` → `VP8`.
  static func codecName(_ mimeType: String) -> String {
    guard let slash = mimeType.firstIndex(of: "/") else { return mimeType }
    return String(mimeType[mimeType.index(after: slash)...])
  }

  // MARK: - Streams

  private mutating func addStream(report: StatsReport, index: Int, timestamp: Double, sequence: Int) {
    let id = report.id(at: index)
    let direction: Direction = report.type(at: index) == .inboundRTP ? .inbound : .outbound
    var context = StreamContext()
    if let codecId = report.text(.codecId, at: index) { context.codec = codecs[codecId] }
    if direction == .outbound {
      var remoteKey: String? = report.text(.remoteId, at: index).flatMap { remoteId in
        remoteInbound[id] == nil && remoteInbound[remoteId] != nil ? remoteId : nil
      }
      if remoteKey == nil, remoteInbound[id] != nil { remoteKey = id }
      if remoteKey == nil, let ssrc = report.number(.ssrc, at: index) {
        remoteKey = remoteInboundBySSRC[ssrc]
      }
      context.remoteInbound = remoteKey.flatMap { remoteInbound[$0] }
      if let sourceId = report.text(.mediaSourceId, at: index), let source = mediaSources[sourceId] {
        context.sourceAudioLevel = source.audioLevel
        context.trackIdentifier = source.trackIdentifier
      }
    }
    if let trackId = report.text(.trackId, at: index), let legacy = legacyTracks[trackId] {
      context.legacyTrack = legacy
      if context.trackIdentifier == nil { context.trackIdentifier = legacy.trackIdentifier }
    }
    // An id reused for the other direction (a hand-edited or merged dump) is another stream.
    let key = direction == .inbound ? id : "\u{1}out\u{1}" + id
    let position: Int
    if let existing = streamIndex[key] {
      position = existing
    } else {
      position = streams.count
      streamIndex[key] = position
      streams.append(RTPStreamAccumulator(id: id, direction: direction, firstSequence: sequence))
    }
    streams[position].add(
      report: report, index: index, timestamp: timestamp, sequence: sequence, context: context)
  }

  // MARK: - Transport

  private mutating func sampleTransport(report: StatsReport, fallbackRoundTripTimes: [Double]) {
    var newest: Double?
    for index in 0..<report.count {
      if let timestamp = report.timestamp(at: index) { newest = max(newest ?? timestamp, timestamp) }
    }
    guard let time = report.timestamp ?? newest else { return }
    if !fallbackRoundTripTimes.isEmpty {
      self.fallbackRoundTripTimes.append(
        fallbackRoundTripTimes.reduce(0, +) / Double(fallbackRoundTripTimes.count))
    }
    guard let pairId = selectedPairId(in: report), let pair = candidatePairs[pairId] else {
      return
    }
    let changed = pairId != lastSelectedPairId
    if changed {
      if lastSelectedPairId != nil { selectedPairChanges += 1 }
      lastSelectedPairId = pairId
    }
    // Describe the pair again only when it or a candidate changed.
    if changed || candidatesChanged || selectedPair == nil {
      candidatesChanged = false
      let local = pair.localCandidateId.flatMap { candidates[$0] }
      let remote = pair.remoteCandidateId.flatMap { candidates[$0] }
      selectedPair = CandidatePairInfo(
        localCandidateType: local?.candidateType, remoteCandidateType: remote?.candidateType,
        protocol: local?.protocol ?? remote?.protocol, relayProtocol: local?.relayProtocol,
        networkType: local?.networkType)
    }
    transportSamples.append(
      TransportSample(
        time: time,
        roundTripTime: pair.currentRoundTripTime.flatMap { $0 > 0 ? $0 * 1000 : nil },
        availableOutgoingBitrate: pair.availableOutgoingBitrate,
        availableIncomingBitrate: pair.availableIncomingBitrate))
  }

  /// The selected candidate pair: the transport's `selectedCandidatePairId` (Chrome,
  /// Safari, Firefox ≥ 12x), else the pair flagged `selected` (old Firefox), else the
  /// nominated, succeeded pair that moved the most bytes.
  private func selectedPairId(in report: StatsReport) -> String? {
    var fromTransport: String?
    for index in 0..<report.count where report.type(at: index) == .transport {
      if let pair = transports[report.id(at: index)] {
        fromTransport = pair
        break
      }
    }
    if let fromTransport = fromTransport ?? transports.values.sorted().first,
      candidatePairs[fromTransport] != nil
    {
      return fromTransport
    }
    var best: (id: String, bytes: Double)?
    for index in 0..<report.count where report.type(at: index) == .candidatePair {
      let id = report.id(at: index)
      guard let pair = candidatePairs[id] else { continue }
      if pair.selected == true { return id }
      guard pair.nominated == true, pair.state == "succeeded" || pair.state == nil else {
        continue
      }
      if let current = best, current.bytes >= pair.bytes { continue }
      best = (id, pair.bytes)
    }
    return best?.id
  }
}

/// The members of a `media-source` object the engine reads.
struct MediaSourceState {
  var trackIdentifier: String?
  var audioLevel: Double?
}

/// The members of a `local-candidate`/`remote-candidate` object the engine reads.
struct CandidateState: Equatable {
  var candidateType: String?
  var `protocol`: String?
  var relayProtocol: String?
  var networkType: String?
}

/// The members of a `candidate-pair` object the engine reads.
struct CandidatePairState {
  var localCandidateId: String?
  var remoteCandidateId: String?
  var state: String?
  var nominated: Bool?
  var selected: Bool?
  var bytes: Double
  /// Seconds.
  var currentRoundTripTime: Double?
  var availableOutgoingBitrate: Double?
  var availableIncomingBitrate: Double?

  init(report: StatsReport, index: Int) {
    localCandidateId = report.text(.localCandidateId, at: index)
    remoteCandidateId = report.text(.remoteCandidateId, at: index)
    state = report.text(.state, at: index)
    nominated = report.number(.nominated, at: index).map { $0 != 0 }
    selected = report.number(.selected, at: index).map { $0 != 0 }
    bytes =
      (report.number(.bytesSent, at: index) ?? 0) + (report.number(.bytesReceived, at: index) ?? 0)
    currentRoundTripTime = report.number(.currentRoundTripTime, at: index)
    availableOutgoingBitrate = report.number(.availableOutgoingBitrate, at: index)
    availableIncomingBitrate = report.number(.availableIncomingBitrate, at: index)
  }
}

/// A `codec` object, with the name and kind worked out once.
struct CodecInfo {
  var mimeType: String
  /// `VP8` for `video/VP8`.
  var name: String
  var kind: MediaKind?

  init(mimeType: String) {
    self.mimeType = mimeType
    name = PeerConnectionAccumulator.codecName(mimeType)
    kind = MediaKind(mimeType: mimeType)
  }
}
