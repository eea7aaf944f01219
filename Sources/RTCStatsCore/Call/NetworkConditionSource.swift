/// The state of one end's network path over a time range.
public struct PathCondition: Sendable, Equatable {
  /// Packets lost on the path, percent: for an uplink the receiver reports' loss, for a
  /// downlink the receiver's own `packetsLost` share.
  public var lossPercent: Double?
  /// Whether the sender's bandwidth estimate collapsed (uplink only).
  public var bandwidthCollapsed: Bool
  /// The lowest bandwidth estimate in the range, bps (uplink only).
  public var availableBitrate: Double?
  /// Round-trip time, ms.
  public var roundTripTime: Double?
  /// Whether the sender got no receiver report for ``CallThresholds/staleReports`` ms up to
  /// the range's end while it was sending (uplink only): its peer stopped hearing it.
  public var reportsStale: Bool
  /// The source's own judgement, when it has one (a diagnosis grade): `true` degraded, `false`
  /// clean.
  ///
  /// When `nil` the attributor applies ``CallThresholds`` to the figures above.
  public var verdict: Bool?

  /// Creates a condition.
  public init(
    lossPercent: Double? = nil, bandwidthCollapsed: Bool = false, availableBitrate: Double? = nil,
    roundTripTime: Double? = nil, reportsStale: Bool = false, verdict: Bool? = nil
  ) {
    self.lossPercent = lossPercent
    self.bandwidthCollapsed = bandwidthCollapsed
    self.availableBitrate = availableBitrate
    self.roundTripTime = roundTripTime
    self.reportsStale = reportsStale
    self.verdict = verdict
  }
}

/// Where ``SegmentAttributor`` gets the condition of a publisher's uplink and of a
/// subscriber's downlink, interval by interval.
///
/// ``TimelineConditions`` reads them from the dumps' own timelines. Another source — the
/// per-interval network grades of the diagnosis (issue 11), with their `local`/`remote`
/// degradation source — plugs in by conforming: map the publisher connection's grade of the
/// sending direction to ``uplink(of:from:to:)`` and the subscriber's grade of the receiving
/// direction to ``downlink(of:from:to:)``, setting ``PathCondition/verdict``.
public protocol NetworkConditionSource: Sendable {
  /// The path `sender` sends on (publisher → SFU or peer) over (`from`, `to`], sender's clock.
  func uplink(of sender: LinkEndpoint, from: Double, to: Double) -> PathCondition
  /// The path `receiver` receives on (SFU or peer → subscriber) over (`from`, `to`],
  /// receiver's clock.
  func downlink(of receiver: LinkEndpoint, from: Double, to: Double) -> PathCondition
}
