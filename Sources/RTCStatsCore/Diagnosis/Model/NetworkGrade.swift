/// How good the network was for a direction of a peer connection over an interval, in the
/// Vonage/OpenTok vocabulary (`OTNetworkCondition`: Excellent, Good, Fair, Warning, Critical,
/// Unknown).
///
/// Grades are ordered by how bad they are (``badness``); ``unknown`` is not a grade of the
/// network but the absence of inputs, and never counts as better or worse than a known grade.
public enum NetworkGrade: String, Sendable, Hashable, CaseIterable {
  /// None or imperceptible impairments.
  case excellent
  /// Minor impairments that do not disturb the call.
  case good
  /// Moderate impairments: momentary disruptions.
  case fair
  /// Poor conditions: visible or audible degradation.
  case warning
  /// Severe problems: media broken or stopped.
  case critical
  /// No input known for the interval.
  case unknown

  /// 0 for excellent up to 4 for critical; −1 for unknown.
  public var badness: Int {
    switch self {
    case .excellent: 0
    case .good: 1
    case .fair: 2
    case .warning: 3
    case .critical: 4
    case .unknown: -1
    }
  }

  /// The known grades from best to worst.
  public static let known: [NetworkGrade] = [.excellent, .good, .fair, .warning, .critical]

  /// The grade of `badness` (0…4); out-of-range values clamp.
  public static func ofBadness(_ badness: Int) -> NetworkGrade {
    known[Swift.max(0, Swift.min(4, badness))]
  }

  /// Whether the grade says the network degraded the media (fair or worse).
  public var isDegraded: Bool { badness >= NetworkGrade.fair.badness }

  /// The worse of two grades; a known grade wins over ``unknown``.
  public func worse(_ other: NetworkGrade) -> NetworkGrade {
    other.badness > badness ? other : self
  }
}

/// What drove a network grade, in the Vonage/OpenTok vocabulary (`OTNetworkReason`).
public enum ConditionReason: String, Sendable, Hashable, CaseIterable {
  /// Nothing notable (an excellent interval).
  case none
  /// Not enough bandwidth: a low estimate, a throughput shortfall, or delay building up in a
  /// queue (RTT, jitter).
  case bandwidth
  /// Packets lost on the way, or repaired at the cost of freezes.
  case packetLoss
  /// The path changed or broke: ICE disconnected, the selected candidate pair switched, media
  /// stopped while the connection lived.
  case networkConditionChange
  /// Degraded for a reason the inputs do not name.
  case unknown
}

/// Which side of the call caused the degradation a subscriber sees, in the Vonage/OpenTok
/// vocabulary (`OTNetworkDegradationSource`).
public enum DegradationSource: String, Sendable, Hashable, CaseIterable {
  /// No degradation.
  case none
  /// This side's network (its downlink for received media, its uplink for sent media).
  case local
  /// The remote side: the publisher's uplink or the path beyond this side's link.
  case remote
  /// Degraded, but the evidence does not say which side.
  case bothOrUnclear
  /// No media in that direction, so nothing to judge.
  case unknown
}
