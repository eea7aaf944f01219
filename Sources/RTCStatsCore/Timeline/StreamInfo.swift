/// What identifies one RTP stream of a peer connection, as its stats objects said so far.
///
/// The engine updates it with every sample; the stream's track (``trackID``) follows from these
/// members, so a member that appears later (a `trackIdentifier` the first sample lacked) regroups
/// the stream for every row at once.
public struct StreamInfo: Sendable, Equatable {
  /// The peer connection.
  public let peerConnection: String
  /// The stats `id` of the `inbound-rtp`/`outbound-rtp` object.
  public let statsID: String
  /// Sent or received.
  public let direction: Direction
  /// `kind`, or the codec's kind, once known.
  public var kind: MediaKind?
  /// Every SSRC, in order of appearance (one per segment that changed it).
  public var ssrcs: [UInt32] = []
  /// Simulcast `rid`.
  public var rid: String?
  /// Transceiver `mid`.
  public var mid: String?
  /// `trackIdentifier` of the track (inbound), or of the sender's media source.
  public var trackIdentifier: String?
  /// `mediaSourceId` (outbound).
  public var mediaSourceId: String?
  /// `trackId` of an obsolete `track` object.
  public var senderTrackID: String?
  /// `encodingIndex`.
  public var encodingIndex: Int?
  /// Codec name from `codec.mimeType` (for example `VP8`).
  public var codec: String?
  /// `scalabilityMode`.
  public var scalabilityMode: String?
  /// `encoderImplementation`.
  public var encoderImplementation: String?
  /// `decoderImplementation`.
  public var decoderImplementation: String?
  /// `active`, when reported.
  public var reportedActive: Bool?
  /// Engine sequence number of the first report the stream appeared in.
  public let firstSequence: Int

  /// Creates the identity of a stream first seen at report `firstSequence`.
  public init(peerConnection: String, statsID: String, direction: Direction, firstSequence: Int) {
    self.peerConnection = peerConnection
    self.statsID = statsID
    self.direction = direction
    self.firstSequence = firstSequence
  }

  /// The track the stream belongs to now (see ``TrackGroup`` for the grouping rules).
  public var trackID: TrackID {
    TrackID(peerConnection: peerConnection, direction: direction, kind: kind, group: group)
  }

  /// The stream's id within its track.
  public var id: StreamID { StreamID(track: trackID, statsID: statsID) }

  private var group: TrackGroup {
    switch direction {
    case .inbound:
      return trackIdentifier.map(TrackGroup.trackIdentifier) ?? .statsID(statsID)
    case .outbound:
      if let mediaSourceId { return .mediaSource(mediaSourceId) }
      if let mid { return .mid(mid) }
      if let senderTrackID { return .senderTrack(senderTrackID) }
      // Without any of these (Firefox as logged by Jitsi), the simulcast encodings of one
      // sender are recognisable only by their shared codec.
      if kind == .video, let codec { return .codec(codec) }
      return .statsID(statsID)
    }
  }
}
