/// The network condition of one direction of a peer connection over one interval, with what
/// drove it and which side caused it (Vonage's `networkCondition`, `networkConditionReason`,
/// `networkDegradationSource`).
public struct LiveCondition: Sendable, Equatable {
  /// The grade holding at this poll (after the diagnosis' hysteresis).
  public var grade: NetworkGrade
  /// What drove it.
  public var reason: ConditionReason
  /// Which side caused a degradation (see ``LiveAnalyzer`` for the per-interval rule).
  public var degradationSource: DegradationSource

  /// Creates a condition.
  public init(grade: NetworkGrade, reason: ConditionReason, degradationSource: DegradationSource) {
    self.grade = grade
    self.reason = reason
    self.degradationSource = degradationSource
  }

  /// No input graded yet.
  public static let unknown = LiveCondition(grade: .unknown, reason: .unknown, degradationSource: .unknown)
}

/// Transport-level network stats of one direction at one poll, shaped like Vonage's
/// `TransportStats` (`OTTransportStats`, `otc_transport_stats`).
public struct TransportStats: Sendable, Equatable {
  /// `candidate-pair.availableOutgoingBitrate` of the selected pair, bps: the sender-side
  /// bandwidth estimate (the only one browsers report; `nil` when absent at this poll).
  public var connectionEstimatedBandwidth: Double?
  /// The direction's grade.
  public var networkCondition: NetworkGrade
  /// What drove it.
  public var networkConditionReason: ConditionReason

  /// Creates transport stats.
  public init(
    connectionEstimatedBandwidth: Double?, networkCondition: NetworkGrade,
    networkConditionReason: ConditionReason
  ) {
    self.connectionEstimatedBandwidth = connectionEstimatedBandwidth
    self.networkCondition = networkCondition
    self.networkConditionReason = networkConditionReason
  }
}

/// A subscriber's media-link stats at one poll, shaped like Vonage's `SubscriberMediaLinkStats`:
/// the local transport of the received media and which side caused a degradation.
///
/// Vonage's `remotePublisherTransport` needs the publisher's stats, which one client's getStats
/// does not hold; feed the publisher's snapshots to an analyzer of their own and read its
/// ``LiveStats/publisherTransport``.
public struct SubscriberMediaLinkStats: Sendable, Equatable {
  /// The local transport: the receive direction's condition, the connection's estimate.
  public var transport: TransportStats
  /// Which side caused a degradation of the received media.
  public var networkDegradationSource: DegradationSource

  /// Creates media-link stats.
  public init(transport: TransportStats, networkDegradationSource: DegradationSource) {
    self.transport = transport
    self.networkDegradationSource = networkDegradationSource
  }
}
