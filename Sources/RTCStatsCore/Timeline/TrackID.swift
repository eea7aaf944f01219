/// What ties the RTP streams of one track together, in order of preference.
///
/// - An inbound track is every `inbound-rtp` with the same `trackIdentifier`; without one,
///   each stats id is its own track.
/// - An outbound track is every `outbound-rtp` of one media source (`mediaSourceId`), else
///   of one transceiver (`mid`), else of one obsolete sender `track` object (`trackId`), else
///   — video only, for dumps that keep none of these — of one codec.
public enum TrackGroup: Sendable, Hashable, Comparable {
  /// `trackIdentifier` of the receiver's `MediaStreamTrack` (inbound).
  case trackIdentifier(String)
  /// `mediaSourceId` of the sender (outbound).
  case mediaSource(String)
  /// The transceiver `mid` (outbound).
  case mid(String)
  /// `trackId` of an obsolete sender `track` object (outbound, Chrome ≤ M100).
  case senderTrack(String)
  /// The codec id (outbound video without any of the above, for example Firefox logged by Jitsi).
  case codec(String)
  /// The stats `id` of the one RTP stream the track has.
  case statsID(String)

  /// `kind:value` as written in JSON and in sort keys, for example `mediaSource:SV1`.
  public var key: String {
    switch self {
    case .trackIdentifier(let value): "trackIdentifier:" + value
    case .mediaSource(let value): "mediaSource:" + value
    case .mid(let value): "mid:" + value
    case .senderTrack(let value): "senderTrack:" + value
    case .codec(let value): "codec:" + value
    case .statsID(let value): "statsID:" + value
    }
  }

  /// Ordered by ``key``.
  public static func < (lhs: TrackGroup, rhs: TrackGroup) -> Bool { lhs.key < rhs.key }
}

/// Names one track of a call: peer connection, direction, kind and what groups its streams.
///
/// Rules, timelines, findings and the call view refer to tracks by this value, never by a
/// string key. Two streams belong to the same track exactly when their ids are equal.
public struct TrackID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The peer connection, as the dump names it.
  public var peerConnection: String
  /// Sent or received.
  public var direction: Direction
  /// Audio or video; `nil` while no stats object of the track has said.
  public var kind: MediaKind?
  /// What ties the track's streams together.
  public var group: TrackGroup

  /// Creates an id.
  public init(peerConnection: String, direction: Direction, kind: MediaKind?, group: TrackGroup) {
    self.peerConnection = peerConnection
    self.direction = direction
    self.kind = kind
    self.group = group
  }

  /// `PC_0 outbound video mediaSource:SV1`.
  public var description: String {
    "\(peerConnection) \(direction.rawValue) \(kind?.rawValue ?? "?") \(group.key)"
  }

  /// Ordered by peer connection, direction, kind, then group.
  public static func < (lhs: TrackID, rhs: TrackID) -> Bool {
    if lhs.peerConnection != rhs.peerConnection { return lhs.peerConnection < rhs.peerConnection }
    if lhs.direction != rhs.direction { return lhs.direction < rhs.direction }
    if lhs.kind != rhs.kind { return (lhs.kind?.rawValue ?? "") < (rhs.kind?.rawValue ?? "") }
    return lhs.group < rhs.group
  }
}

/// Names one RTP stream of a track: an outbound simulcast or SVC encoding (a *layer*), or one
/// `inbound-rtp` object of a received track.
public struct StreamID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The track the stream belongs to.
  public var track: TrackID
  /// The stats `id` of the `inbound-rtp`/`outbound-rtp` object.
  public var statsID: String

  /// Creates an id.
  public init(track: TrackID, statsID: String) {
    self.track = track
    self.statsID = statsID
  }

  /// `PC_0 outbound video mediaSource:SV1 / OT01V123`.
  public var description: String { "\(track) / \(statsID)" }

  /// Ordered by track, then stats id.
  public static func < (lhs: StreamID, rhs: StreamID) -> Bool {
    lhs.track != rhs.track ? lhs.track < rhs.track : lhs.statsID < rhs.statsID
  }
}
