/// The ICE transport of a peer connection at one poll: the selected candidate pair's figures
/// and the transport's states.
public struct TransportRow: Sendable, Equatable {
  /// `candidate-pair.currentRoundTripTime`, ms; `nil` when 0 (not measured) or absent.
  public var roundTripTime: Double?
  /// `candidate-pair.availableOutgoingBitrate`, bps (the send-side bandwidth estimate).
  public var availableOutgoingBitrate: Double?
  /// `candidate-pair.availableIncomingBitrate`, bps.
  public var availableIncomingBitrate: Double?
  /// The selected pair's id; `nil` when no pair could be identified at this poll.
  public var selectedCandidatePairID: String?
  /// The selected pair's `state` (`succeeded`, `in-progress`, `failed`, …).
  public var candidatePairState: String?
  /// The selected pair, described by its candidates.
  public var candidatePair: CandidatePairInfo?
  /// `transport.iceState`.
  public var iceState: String?
  /// `transport.dtlsState`.
  public var dtlsState: String?
  /// The selected pair's STUN counters, as read (cumulative): `requestsSent`,
  /// `responsesReceived`, `requestsReceived`, `responsesSent`, `consentRequestsSent`.
  public var connectivityChecks: ConnectivityChecks
  /// The largest `transport.selectedCandidatePairChanges` reported so far.
  public var reportedPairChanges: Double?

  /// Creates a row.
  public init(
    roundTripTime: Double? = nil, availableOutgoingBitrate: Double? = nil,
    availableIncomingBitrate: Double? = nil, selectedCandidatePairID: String? = nil,
    candidatePairState: String? = nil, candidatePair: CandidatePairInfo? = nil, iceState: String? = nil,
    dtlsState: String? = nil, connectivityChecks: ConnectivityChecks = ConnectivityChecks()
  ) {
    self.roundTripTime = roundTripTime
    self.availableOutgoingBitrate = availableOutgoingBitrate
    self.availableIncomingBitrate = availableIncomingBitrate
    self.selectedCandidatePairID = selectedCandidatePairID
    self.candidatePairState = candidatePairState
    self.candidatePair = candidatePair
    self.iceState = iceState
    self.dtlsState = dtlsState
    self.connectivityChecks = connectivityChecks
  }
}

/// The STUN connectivity and consent checks of a candidate pair (cumulative counters as read).
public struct ConnectivityChecks: Sendable, Equatable {
  /// `requestsSent`.
  public var requestsSent: Double?
  /// `responsesReceived`.
  public var responsesReceived: Double?
  /// `requestsReceived`.
  public var requestsReceived: Double?
  /// `responsesSent`.
  public var responsesSent: Double?
  /// `consentRequestsSent`.
  public var consentRequestsSent: Double?
  /// `bytesSent` of the pair.
  public var bytesSent: Double?
  /// `bytesReceived` of the pair.
  public var bytesReceived: Double?

  /// Creates counters.
  public init(
    requestsSent: Double? = nil, responsesReceived: Double? = nil, requestsReceived: Double? = nil,
    responsesSent: Double? = nil, consentRequestsSent: Double? = nil, bytesSent: Double? = nil,
    bytesReceived: Double? = nil
  ) {
    self.requestsSent = requestsSent
    self.responsesReceived = responsesReceived
    self.requestsReceived = requestsReceived
    self.responsesSent = responsesSent
    self.consentRequestsSent = consentRequestsSent
    self.bytesSent = bytesSent
    self.bytesReceived = bytesReceived
  }
}
