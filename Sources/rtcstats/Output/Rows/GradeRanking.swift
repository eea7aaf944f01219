import RTCStatsCore

/// Orders network grades and finding severities for batch verdicts (`--fail-on`, the
/// summary, the file rows).
enum GradeRanking {
  /// The worst known grade of `grades` (`unknown` counts for nothing); `nil` when none is known.
  static func worst(_ grades: [NetworkGrade]) -> NetworkGrade? {
    grades.filter { $0 != .unknown }.max { $0.badness < $1.badness }
  }
}

extension MetricDescriptor {
  /// Whether the call-level figure is a distribution `{mean, p50, p95, min, max}` (for at
  /// least one direction).
  var isDistribution: Bool { Self.isDistribution(summary) }

  private static func isDistribution(_ rule: SummaryRule) -> Bool {
    switch rule {
    case .timeWeighted, .sampled: true
    case .perDirection(let inbound, let outbound): isDistribution(inbound) || isDistribution(outbound)
    case .none, .total, .ratio, .longestHeld, .custom: false
    }
  }
}
