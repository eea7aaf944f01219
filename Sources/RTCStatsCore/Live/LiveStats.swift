/// The high-level stats of one peer connection over the interval one snapshot closes: what
/// the Vonage SDKs report per publisher and subscriber, computed from raw getStats.
///
/// Tracks are split as Vonage splits them (``publisherVideo``, ``publisherAudio``,
/// ``subscriberVideo``, ``subscriberAudio``); ``tracks`` holds all of them for generic code.
/// Figures of a track whose ``LiveTrackFigures/duration`` is `nil` (its first sample) are
/// unknown; its totals are known.
public struct LiveStats: Sendable, Equatable {
  /// The peer connection.
  public var peerConnection: String
  /// The engine's report number (1 for the first snapshot fed, of any peer connection).
  public var sequence: Int
  /// The snapshot's time, ms since the epoch.
  public var timestamp: Double?
  /// Every track present in the snapshot, in order of appearance.
  public var tracks: [LiveTrackFigures]
  /// Sent video tracks, with their layers.
  public var publisherVideo: [PublisherVideoStats]
  /// Sent audio tracks.
  public var publisherAudio: [PublisherAudioStats]
  /// Received video tracks.
  public var subscriberVideo: [SubscriberVideoStats]
  /// Received audio tracks.
  public var subscriberAudio: [SubscriberAudioStats]
  /// This side's uplink: condition and bandwidth estimate (a publisher's `transport`).
  public var publisherTransport: TransportStats
  /// This side's downlink and the degradation source (a subscriber's media-link stats).
  public var subscriberMediaLink: SubscriberMediaLinkStats
  /// The send direction's condition.
  public var send: LiveCondition
  /// The receive direction's condition.
  public var receive: LiveCondition
  /// The selected candidate pair's `currentRoundTripTime`, ms.
  public var roundTripTime: Double?
  /// `availableOutgoingBitrate`, bps.
  public var availableOutgoingBitrate: Double?
  /// `availableIncomingBitrate`, bps.
  public var availableIncomingBitrate: Double?
  /// Findings that started in this interval (still open: their end is the end so far).
  public var findingsStarted: [Diagnostic]
  /// Findings that ended in this interval, complete.
  public var findingsEnded: [Diagnostic]

  /// Both directions together: the worse grade, its reason and source.
  public var overall: LiveCondition {
    receive.grade.badness > send.grade.badness ? receive : send
  }
}
