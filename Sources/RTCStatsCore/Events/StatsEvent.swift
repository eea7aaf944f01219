/// Something a dump recorded besides `getStats()`: a state change, an API call and its
/// outcome, a `getUserMedia` request.
///
/// Parsers turn the dialects' logs into these (webrtc-internals `updateLog`, rtcstats events
/// such as `oniceconnectionstatechange` or `navigator.mediaDevices.getUserMediaOnFailure`) and
/// hand them to the consumer beside the reports, in the order of the dump.
public struct StatsEvent: Sendable, Hashable {
  /// When it happened, ms since the epoch; `nil` when the dump does not say.
  public var time: Double?
  /// The peer connection it belongs to; `nil` for page-level events such as `getUserMedia`.
  public var peerConnection: String?
  /// What happened, normalised across dialects.
  public var kind: EventKind
  /// Whether this is the call, its success or its failure.
  public var outcome: EventOutcome
  /// The event's name as the dump spelled it (`setRemoteDescriptionOnFailure`).
  public var name: String
  /// The new state, the error text or the call's argument, as text (untrusted).
  public var value: String?

  /// Creates an event.
  public init(
    time: Double?, peerConnection: String?, kind: EventKind, outcome: EventOutcome = .call,
    name: String, value: String? = nil
  ) {
    self.time = time
    self.peerConnection = peerConnection
    self.kind = kind
    self.outcome = outcome
    self.name = name
    self.value = value
  }
}

/// Whether an event is an API call, its success or its failure.
public enum EventOutcome: String, Sendable, Hashable, CaseIterable {
  /// The call itself, or a state change.
  case call
  /// The call's promise resolved (`…OnSuccess`).
  case success
  /// The call's promise rejected (`…OnFailure`, `…Failed`); ``StatsEvent/value`` holds the error.
  case failure
}

/// The kinds of events rtcstats recognises; anything else is ``other``.
public enum EventKind: String, Sendable, Hashable, CaseIterable {
  /// `RTCPeerConnection` constructed (value: the configuration).
  case create
  /// `iceConnectionState` changed (value: the new state).
  case iceConnectionState
  /// `connectionState` changed.
  case connectionState
  /// `signalingState` changed.
  case signalingState
  /// `iceGatheringState` changed.
  case iceGatheringState
  /// A DTLS transport state changed.
  case dtlsState
  /// `createOffer`.
  case createOffer
  /// `createAnswer`.
  case createAnswer
  /// `setLocalDescription`.
  case setLocalDescription
  /// `setRemoteDescription`.
  case setRemoteDescription
  /// `addIceCandidate` (a remote candidate).
  case addIceCandidate
  /// A local candidate was gathered (`onicecandidate`).
  case iceCandidate
  /// `icecandidateerror`: a STUN/TURN server could not be reached.
  case iceCandidateError
  /// `restartIce()` or an offer with `iceRestart`.
  case restartIce
  /// A remote track arrived (`ontrack`).
  case track
  /// A transceiver was added or changed.
  case transceiver
  /// `negotiationneeded`.
  case negotiationNeeded
  /// A data channel was created or arrived.
  case dataChannel
  /// `close()`.
  case close
  /// `getUserMedia` (value: the constraints, or the error on failure).
  case getUserMedia
  /// `getDisplayMedia`.
  case getDisplayMedia
  /// `enumerateDevices`.
  case enumerateDevices
  /// Anything else; ``StatsEvent/name`` says what.
  case other
}
