/// The transport of a peer connection at one poll, with the changes since the previous poll
/// that rules need (STUN responses, bytes on the selected pair, a switched pair).
public struct TransportPoll: Sendable, Equatable {
  /// The row as the engine took it.
  public var row: TransportRow
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
  /// The previous selected pair, when it changed.
  public var previousPair: CandidatePairInfo?

  /// Creates a poll of `row` taken at `end`.
  public init(row: TransportRow, end: Double) {
    self.row = row
    self.end = end
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
  /// The transport, when the report had one.
  public var transport: TransportPoll?
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

  /// Whether any outbound track sent bytes in this interval.
  public var isSending: Bool { tracks.contains { $0.direction == .outbound && ($0.bytes ?? 0) > 0 } }
}
