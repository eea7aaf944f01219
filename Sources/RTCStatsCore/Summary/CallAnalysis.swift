/// The result of analysing one dump: every peer connection with its transport and tracks.
///
/// Units follow the Vonage/OpenTok high-level stats: rates in bps, durations and delays in
/// ms, percentages 0–100, timestamps in ms since the Unix epoch. A figure the dump cannot
/// give is `nil`, never 0.
public struct CallAnalysis: Sendable {
  /// The peer connections in the order the dump first mentions them.
  public var peerConnections: [PeerConnectionAnalysis]

  public init(peerConnections: [PeerConnectionAnalysis]) {
    self.peerConnections = peerConnections
  }
}

/// One `RTCPeerConnection`.
public struct PeerConnectionAnalysis: Sendable {
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

  /// `endTime − startTime` in ms.
  public var duration: Double? {
    guard let startTime, let endTime else { return nil }
    return endTime - startTime
  }

  public init(
    id: String, startTime: Double?, endTime: Double?, reportCount: Int,
    transport: TransportAnalysis, tracks: [TrackAnalysis]
  ) {
    self.id = id
    self.startTime = startTime
    self.endTime = endTime
    self.reportCount = reportCount
    self.transport = transport
    self.tracks = tracks
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

/// Transport-level figures of one peer connection.
public struct TransportAnalysis: Sendable {
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
  /// One entry per report: the figures above as sampled.
  public var intervals: [TransportSample]

  public init(
    roundTripTime: Distribution? = nil, availableOutgoingBitrate: Distribution? = nil,
    availableIncomingBitrate: Distribution? = nil, selectedCandidatePair: CandidatePairInfo? = nil,
    selectedCandidatePairChanges: Int? = nil, intervals: [TransportSample] = []
  ) {
    self.roundTripTime = roundTripTime
    self.availableOutgoingBitrate = availableOutgoingBitrate
    self.availableIncomingBitrate = availableIncomingBitrate
    self.selectedCandidatePair = selectedCandidatePair
    self.selectedCandidatePairChanges = selectedCandidatePairChanges
    self.intervals = intervals
  }
}

/// Transport figures as sampled in one report.
public struct TransportSample: Sendable, Equatable {
  /// Report time, ms since epoch.
  public var time: Double
  /// Round-trip time, ms.
  public var roundTripTime: Double?
  /// Send-side bandwidth estimate, bps.
  public var availableOutgoingBitrate: Double?
  /// Receive-side bandwidth estimate, bps.
  public var availableIncomingBitrate: Double?

  public init(
    time: Double, roundTripTime: Double? = nil, availableOutgoingBitrate: Double? = nil,
    availableIncomingBitrate: Double? = nil
  ) {
    self.time = time
    self.roundTripTime = roundTripTime
    self.availableOutgoingBitrate = availableOutgoingBitrate
    self.availableIncomingBitrate = availableIncomingBitrate
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
