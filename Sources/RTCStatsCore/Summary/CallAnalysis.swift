/// The result of analysing one dump: every peer connection with its transport and tracks,
/// the events the dump recorded, and what the engine noticed about the data.
///
/// Units follow the Vonage/OpenTok high-level stats: rates in bps, durations and delays in
/// ms, percentages 0–100, timestamps in ms since the Unix epoch. A figure the dump cannot
/// give is `nil`, never 0.
public struct CallAnalysis: Sendable, Equatable {
  /// The peer connections in the order the dump first mentions them.
  public var peerConnections: [PeerConnectionAnalysis]
  /// Events of no peer connection with stats (page-level `getUserMedia`, connections that never
  /// produced a report), in dump order.
  public var events: [StatsEvent]
  /// What the engine noticed about the data (counter resets, samples skipped).
  public var diagnostics: [Diagnostic]
  /// What the diagnosis found (see `Diagnosis/`), in time order.
  public var findings: [Diagnostic]

  /// Creates an analysis.
  public init(
    peerConnections: [PeerConnectionAnalysis], events: [StatsEvent] = [], diagnostics: [Diagnostic] = [],
    findings: [Diagnostic] = []
  ) {
    self.peerConnections = peerConnections
    self.events = events
    self.diagnostics = diagnostics
    self.findings = findings
  }
}

/// One `RTCPeerConnection`.
public struct PeerConnectionAnalysis: Sendable, Equatable {
  /// The dump's name for the connection (`"PC_0"`, `"92-1"`, or a name rtcstats chose).
  public var id: String
  /// Timestamp of the first stats report (ms since epoch).
  public var startTime: Double?
  /// Timestamp of the last stats report (ms since epoch).
  public var endTime: Double?
  /// Number of stats reports (polls) seen.
  public var reportCount: Int
  /// ICE transport figures.
  public var transport: TransportAnalysis
  /// Sent and received tracks: outbound before inbound, then audio before video.
  public var tracks: [TrackAnalysis]
  /// The per-poll rows the analysis was folded from (as many as the retention kept).
  public var timeline: Timeline
  /// The connection's events (state changes, API calls and their outcomes), in dump order.
  public var events: [StatsEvent]
  /// The network condition over the call (overall, send, receive); `nil` when not diagnosed.
  public var networkCondition: NetworkCondition?
  /// Each audio track's MOS, in the order the tracks appeared (``audioMOS(of:)`` finds one).
  public var audioMOS: [MOSSummary] = []

  /// `endTime − startTime` in ms.
  public var duration: Double? {
    guard let startTime, let endTime else { return nil }
    return endTime - startTime
  }

  /// Creates an analysis.
  public init(
    id: String, startTime: Double?, endTime: Double?, reportCount: Int,
    transport: TransportAnalysis, tracks: [TrackAnalysis], timeline: Timeline, events: [StatsEvent] = []
  ) {
    self.id = id
    self.startTime = startTime
    self.endTime = endTime
    self.reportCount = reportCount
    self.transport = transport
    self.tracks = tracks
    self.timeline = timeline
    self.events = events
  }
}

/// The selected ICE candidate pair of a transport.
public struct CandidatePairInfo: Sendable, Equatable {
  /// `host`, `srflx`, `prflx` or `relay` (local candidate `candidateType`).
  public var localCandidateType: String?
  /// The remote candidate's `candidateType`.
  public var remoteCandidateType: String?
  /// `udp` or `tcp` (local candidate `protocol`).
  public var `protocol`: String?
  /// How a relay candidate reaches its TURN server: `udp`, `tcp` or `tls`.
  public var relayProtocol: String?
  /// Chrome's non-standard `networkType` of the local candidate (`wifi`, `ethernet`, …).
  public var networkType: String?

  /// The selected candidate pair from its parts; every part is optional.
  public init(
    localCandidateType: String? = nil, remoteCandidateType: String? = nil, protocol: String? = nil,
    relayProtocol: String? = nil, networkType: String? = nil
  ) {
    self.localCandidateType = localCandidateType
    self.remoteCandidateType = remoteCandidateType
    self.protocol = `protocol`
    self.relayProtocol = relayProtocol
    self.networkType = networkType
  }
}

/// Transport-level figures of one peer connection (per poll: ``TimelineRow/transport``).
public struct TransportAnalysis: Sendable, Equatable {
  /// Round-trip time, ms: the selected candidate pair's `currentRoundTripTime`, or, when the
  /// pair never reports one, `remote-inbound-rtp.roundTripTime`.
  public var roundTripTime: Distribution?
  /// Send-side bandwidth estimate, bps (`candidate-pair.availableOutgoingBitrate`).
  public var availableOutgoingBitrate: Distribution?
  /// Receive-side bandwidth estimate, bps (`candidate-pair.availableIncomingBitrate`).
  public var availableIncomingBitrate: Distribution?
  /// The candidate pair selected last.
  public var selectedCandidatePair: CandidatePairInfo?
  /// How many times the selected candidate pair changed (ICE restarts, network changes).
  public var selectedCandidatePairChanges: Int?

  /// The transport summary from its figures; every figure is optional.
  public init(
    roundTripTime: Distribution? = nil, availableOutgoingBitrate: Distribution? = nil,
    availableIncomingBitrate: Distribution? = nil, selectedCandidatePair: CandidatePairInfo? = nil,
    selectedCandidatePairChanges: Int? = nil
  ) {
    self.roundTripTime = roundTripTime
    self.availableOutgoingBitrate = availableOutgoingBitrate
    self.availableIncomingBitrate = availableIncomingBitrate
    self.selectedCandidatePair = selectedCandidatePair
    self.selectedCandidatePairChanges = selectedCandidatePairChanges
  }
}

/// Time an encoder spent limited by each reason (W3C `qualityLimitationDurations`).
public struct QualityLimitation: Sendable, Equatable {
  /// The reason with the largest share of time.
  public var reason: QualityLimitationReason
  /// Share of time per reason, 0–100; the four shares add up to 100.
  public var percentages: [QualityLimitationReason: Double]
  /// Seconds per reason, as the counters say.
  public var durations: [QualityLimitationReason: Double]
  /// `qualityLimitationResolutionChanges`.
  public var resolutionChanges: Int?

  /// The quality limitation summary from its figures.
  public init(
    reason: QualityLimitationReason, percentages: [QualityLimitationReason: Double],
    durations: [QualityLimitationReason: Double], resolutionChanges: Int?
  ) {
    self.reason = reason
    self.percentages = percentages
    self.durations = durations
    self.resolutionChanges = resolutionChanges
  }
}
