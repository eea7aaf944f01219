/// A sent track linked to a received track that carries it, with the evidence, where the
/// quality was lost and what arrived of what was sent.
public struct StreamLink: Sendable, Equatable {
  /// How the link was found.
  public enum Method: String, Sendable, Hashable {
    /// The received stream has an SSRC of the sent track (P2P, or an SFU that keeps SSRCs).
    case ssrc
    /// The received stream's series matches the sent one (an SFU rewrote SSRCs and ids).
    case timing
  }

  /// The sent track.
  public var publisher: EndpointReference
  /// The received track.
  public var subscriber: EndpointReference
  /// Audio or video (both ends agree).
  public var kind: MediaKind
  /// How it was found.
  public var method: Method
  /// 0…1: 1 for an SSRC link; the match score for a timing link, halved when a companion
  /// link settled it (``resolvedByCompanion``).
  public var confidence: Double
  /// The match at the link's offset (also computed for SSRC links when the series allow it).
  public var score: MatchScore?
  /// The best score of another sent track for the same received track, when there was one.
  public var runnerUpScore: Double?
  /// Whether a tie with another sent track was broken by a companion link: another track of
  /// the same publisher connection linked to the same subscriber connection.
  public var resolvedByCompanion: Bool
  /// The receiver's clock minus the sender's used to align them, ms (`nil`: unknown, 0 used).
  public var offset: Double?
  /// Where the quality was lost, or `nil` when it was not.
  public var degradation: Degradation?
  /// What was sent and what arrived.
  public var figures: EndToEndFigures

  /// Creates a link.
  public init(
    publisher: EndpointReference, subscriber: EndpointReference, kind: MediaKind, method: Method,
    confidence: Double, score: MatchScore? = nil, runnerUpScore: Double? = nil,
    resolvedByCompanion: Bool = false, offset: Double? = nil, degradation: Degradation? = nil,
    figures: EndToEndFigures = EndToEndFigures()
  ) {
    self.publisher = publisher
    self.subscriber = subscriber
    self.kind = kind
    self.method = method
    self.confidence = confidence
    self.score = score
    self.runnerUpScore = runnerUpScore
    self.resolvedByCompanion = resolvedByCompanion
    self.offset = offset
    self.degradation = degradation
    self.figures = figures
  }
}

/// A stream that no stream of the other dumps carries or is carried by.
public struct UnlinkedStream: Sendable, Equatable {
  /// Why it was left unlinked.
  public enum Reason: String, Sendable, Hashable {
    /// No candidate reached the link score (or there was no candidate).
    case noMatch = "no-match"
    /// Several sent tracks matched equally well and no companion link told them apart.
    case ambiguous
    /// The stream's bitrate hardly varies (constant-bitrate audio): timing cannot link it.
    case noFingerprint = "no-fingerprint"
    /// No clock offset could be established with the dumps that might carry it.
    case noClockOffset = "no-clock-offset"
    /// Its best candidate feeds another received stream of the same dump that matches it as
    /// well or better (a participant receives each sent track once).
    case claimed
    /// A sent track that no received track was linked to.
    case notReceived = "not-received"
  }

  /// Where the stream is.
  public var reference: EndpointReference
  /// Audio or video.
  public var kind: MediaKind
  /// Its SSRCs.
  public var ssrcs: [UInt32]
  /// Why.
  public var reason: Reason
  /// The best score a candidate reached, when any was computed.
  public var bestScore: Double?

  /// Creates an entry.
  public init(
    reference: EndpointReference, kind: MediaKind, ssrcs: [UInt32], reason: Reason, bestScore: Double?
  ) {
    self.reference = reference
    self.kind = kind
    self.ssrcs = ssrcs
    self.reason = reason
    self.bestScore = bestScore
  }

  /// Sent or received.
  public var direction: Direction { reference.track.direction }
}
