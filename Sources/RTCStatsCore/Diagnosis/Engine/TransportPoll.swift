/// The transport of a peer connection at one poll, with the changes since the previous poll
/// that rules need (STUN responses, bytes on the selected pair, a switched pair).
///
/// The type holds no reference, so that the rules reading it copy it cheaply; the selected
/// pair's description (strings) is ``PollContext/pair``.
public struct TransportPoll: Sendable, Equatable {
  /// Start of the interval since the previous poll with a transport, ms since the epoch.
  public var start: Double?
  /// The poll's time.
  public var end: Double
  /// Round-trip time measured at this poll, ms: the larger of the pair's
  /// `currentRoundTripTime` and the mean of the receiver reports that arrived (the pair's value
  /// comes from the last STUN check and lags behind a queue that builds up).
  public var measuredRoundTripTime: Double?
  /// ``measuredRoundTripTime``, else the last one measured within the `condition.rttHold`.
  public var roundTripTime: Double?
  /// `candidate-pair.availableOutgoingBitrate`, bps.
  public var availableOutgoingBitrate: Double?
  /// `candidate-pair.availableIncomingBitrate`, bps.
  public var availableIncomingBitrate: Double?
  /// Whether a selected candidate pair was identified.
  public var hasPair = false
  /// `transport.iceState` is `disconnected` or `failed`.
  public var isIceDisconnected = false
  /// `transport.iceState` is `failed`.
  public var isIceFailed = false
  /// `transport.dtlsState` is `failed`.
  public var isDTLSFailed = false
  /// Change of the pair's `bytesReceived` since the previous poll (same pair only).
  public var bytesReceived: Double?
  /// Change of the pair's `bytesSent`.
  public var bytesSent: Double?
  /// Change of the pair's `responsesReceived` (STUN connectivity and consent checks answered).
  public var responsesReceived: Double?
  /// Change of the pair's `requestsSent` + `consentRequestsSent`.
  public var requestsSent: Double?
  /// Whether the selected candidate pair differs from the previous poll's.
  public var pairChanged = false

  /// What the pair's STUN and byte counters say of the path over the interval: something
  /// arrived (bytes or a check's response), checks went out and nothing came back, or no
  /// check went out and nothing came (silent: consent checks are 4–6 s apart, RFC 7675 §5.1,
  /// so such an interval says nothing about the path); `nil` when the counters are unknown
  /// (no pair, a switched pair).
  public enum ConnectivityEvidence: Sendable, Equatable {
    case arrived, unanswered, silent
  }

  /// The connectivity evidence of the interval.
  public var connectivity: ConnectivityEvidence? {
    guard let sent = requestsSent, let answered = responsesReceived else { return nil }
    if answered > 0 || (bytesReceived ?? 0) > 0 { return .arrived }
    return sent > 0 ? .unanswered : .silent
  }

  /// Creates a poll of `row` taken at `end`.
  public init(row: TransportRow, end: Double) {
    self.end = end
    availableOutgoingBitrate = row.availableOutgoingBitrate
    availableIncomingBitrate = row.availableIncomingBitrate
    hasPair = row.selectedCandidatePairID != nil
    switch row.iceState {
    case "disconnected"?: isIceDisconnected = true
    case "failed"?:
      isIceDisconnected = true
      isIceFailed = true
    default: break
    }
    isDTLSFailed = row.dtlsState == "failed"
  }
}

/// Everything the rules read at one poll of one peer connection.
public struct PollContext: Sendable, Equatable {
  /// The peer connection.
  public var peerConnection: String
  /// The engine's report number.
  public var sequence: Int
  /// The poll's time, ms since the epoch.
  public var time: Double?
  /// The previous poll's time.
  public var previousTime: Double?
  /// The tracks that had a stream in this report.
  public var tracks: [TrackPoll] = []
  /// Every track of the connection so far, by slot.
  public var trackIDs: [TrackID] = []
  /// Each track's `encoderImplementation` (outbound) or `decoderImplementation` (inbound) as
  /// last reported, by slot.
  public var implementations: [String?] = []
  /// The encodings of the outbound video tracks with more than one (simulcast), any slot.
  public var layers: [LayerPoll] = []
  /// The transport, when the report had one.
  public var transport: TransportPoll?
  /// The selected candidate pair, described by its candidates.
  public var pair: CandidatePairInfo?
  /// The previously selected pair, when ``TransportPoll/pairChanged``.
  public var previousPair: CandidatePairInfo?
  /// What ``pair``'s candidates say about the path, read once per description of the pair
  /// (rules that read it every poll then copy no strings).
  public var path = CandidatePath()
  /// While the connection sends: ms since the last poll at which a receiver report arrived for
  /// any sent track (0 at that poll); `nil` when nothing is sent or no report ever arrived.
  public var timeWithoutFeedback: Double?
  /// When the last receiver report arrived (the poll's time).
  public var lastFeedbackTime: Double?
  /// Whether the connection sends video (receiver reports then come about every second).
  public var sendsVideo = false

  /// Creates an empty poll.
  public init(peerConnection: String, sequence: Int, time: Double?, previousTime: Double?) {
    self.peerConnection = peerConnection
    self.sequence = sequence
    self.time = time
    self.previousTime = previousTime
  }

  /// Empties the poll for the next one of the same connection: every figure back to its
  /// initial value, the arrays emptied with their storage kept (``trackIDs`` and
  /// ``implementations`` are kept: the next poll replaces them).
  mutating func reset(sequence: Int, time: Double?, previousTime: Double?) {
    self.sequence = sequence
    self.time = time
    self.previousTime = previousTime
    tracks.removeAll(keepingCapacity: true)
    layers.removeAll(keepingCapacity: true)
    transport = nil
    pair = nil
    previousPair = nil
    path = CandidatePath()
    timeWithoutFeedback = nil
    lastFeedbackTime = nil
    sendsVideo = false
  }

  /// The id of `track`.
  public func id(of track: TrackPoll) -> TrackID { trackIDs[track.slot] }

  /// The encodings of `track` (empty unless it has more than one).
  public func layers(of track: TrackPoll) -> [LayerPoll] {
    track.hasLayers ? layers.filter { $0.slot == track.slot } : []
  }

  /// Whether a received track closed an interval at this poll.
  public var hasInbound: Bool {
    tracks.indices.contains { tracks[$0].direction == .inbound && tracks[$0].duration != nil }
  }

  /// Whether every received track that closed an interval carried no bytes in it.
  public var everyInboundStopped: Bool {
    var any = false
    for index in tracks.indices {
      let track = tracks[index]
      guard track.direction == .inbound && track.duration != nil else { continue }
      guard track.bytes == 0 else { return false }
      any = true
    }
    return any
  }

  /// Whether any outbound track sent bytes in this interval.
  public var isSending: Bool {
    tracks.indices.contains { tracks[$0].direction == .outbound && (tracks[$0].bytes ?? 0) > 0 }
  }
}

/// The path a selected candidate pair takes: through a TURN relay, over TCP.
public struct CandidatePath: Sendable, Equatable {
  /// Whether a pair was described (``PollContext/pair`` is not `nil`).
  public var isDescribed = false
  /// A candidate of the pair is a relay (`candidateType` = `relay`).
  public var isRelayed = false
  /// The local relay candidate reaches its TURN server over TCP or TLS (`relayProtocol`).
  public var isRelayedOverTCP = false
  /// The media goes over TCP: a relay reached over TCP or TLS, or ICE-TCP (`protocol` = `tcp`).
  public var isOverTCP = false

  /// No pair: a direct path over UDP.
  public init() {}

  /// The path of `pair`.
  public init(_ pair: CandidatePairInfo?) {
    guard let pair else { return }
    isDescribed = true
    isRelayed = pair.localCandidateType == "relay" || pair.remoteCandidateType == "relay"
    isRelayedOverTCP = pair.relayProtocol == "tcp" || pair.relayProtocol == "tls"
    isOverTCP = isRelayedOverTCP || pair.protocol == "tcp"
  }
}
