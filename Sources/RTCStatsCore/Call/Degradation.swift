/// The part of the media path where quality was lost (issue 12's segments).
public enum NetworkSegment: String, Sendable, Hashable, CaseIterable {
  /// The publisher's own uplink: its receiver reports show loss, or its bandwidth estimate
  /// collapsed, at the same time.
  case publisherUplink = "publisher-uplink"
  /// The subscriber's downlink: the subscriber lost packets beyond the uplink's loss, on this
  /// stream and on its other streams at once, while the publisher's uplink was clean.
  case subscriberDownlink = "subscriber-downlink"
  /// The middle: uplink and downlink clean, yet the subscriber got less than was sent (a
  /// lower simulcast layer, fewer frames or bytes).
  case sfu
  /// Quality was lost (freezes, concealment, loss) but no segment explains it.
  case unclear
}

/// One time range of a link's quality loss placed on one segment.
public struct DegradationRange: Sendable, Equatable {
  /// The segment.
  public var segment: NetworkSegment
  /// Start, ms since the epoch on the subscriber's clock.
  public var start: Double
  /// End, ms since the epoch on the subscriber's clock.
  public var end: Double
  /// What shows it: the symptoms at the subscriber and the causes found (peak loss, freezes…).
  public var evidence: Evidence

  /// Creates a range.
  public init(segment: NetworkSegment, start: Double, end: Double, evidence: Evidence) {
    self.segment = segment
    self.start = start
    self.end = end
    self.evidence = evidence
  }

  /// Length, ms.
  public var duration: Double { end - start }
}

/// Where a link lost quality: the segment that explains most of the degraded time, with its
/// first start, last end and evidence, plus every range.
public struct Degradation: Sendable, Equatable {
  /// The segment with the most degraded time.
  public var segment: NetworkSegment
  /// Start of its first range, ms, subscriber's clock.
  public var start: Double
  /// End of its last range, ms, subscriber's clock.
  public var end: Double
  /// The evidence of its longest range.
  public var evidence: Evidence
  /// Every degraded range, in time order, whatever its segment.
  public var ranges: [DegradationRange]

  /// The summary of `ranges` (in time order), or `nil` when there are none.
  public init?(ranges: [DegradationRange]) {
    guard !ranges.isEmpty else { return nil }
    var totals: [NetworkSegment: Double] = [:]
    for range in ranges { totals[range.segment, default: 0] += range.duration }
    // `max(by:)` keeps the first of equals: on a tie, the earlier segment of `allCases`.
    let segment = NetworkSegment.allCases.max { (totals[$0] ?? -1) < (totals[$1] ?? -1) } ?? .unclear
    let own = ranges.filter { $0.segment == segment }
    self.segment = segment
    start = own.first?.start ?? ranges[0].start
    end = own.last?.end ?? ranges[0].end
    evidence = own.max { $0.duration < $1.duration }?.evidence ?? Evidence()
    self.ranges = ranges
  }
}
