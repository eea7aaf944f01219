/// The registry's summary rules resolved per direction once: which rows field each metric
/// samples and which metrics are time-weighted.
struct SummaryPlan: Sendable {
  private let inboundSources: [SampledSource?]
  private let outboundSources: [SampledSource?]
  private let inboundWeighted: [Int]
  private let outboundWeighted: [Int]
  /// Per metric position: its position among the interval metrics, when it has one.
  let intervalIndex: [Int?]

  /// The plan of ``MetricRegistry/metrics``.
  static let standard = SummaryPlan()

  private init() {
    func resolve(_ rule: SummaryRule, _ direction: Direction) -> SummaryRule {
      if case .perDirection(let inbound, let outbound) = rule {
        return resolve(direction == .inbound ? inbound : outbound, direction)
      }
      return rule
    }
    func source(_ rule: SummaryRule) -> SampledSource? {
      switch rule {
      case .sampled(let source): source
      case .timeWeighted(let fallback): fallback
      default: nil
      }
    }
    func isWeighted(_ rule: SummaryRule) -> Bool {
      if case .timeWeighted = rule { return true }
      return false
    }
    let metrics = MetricRegistry.metrics
    inboundSources = metrics.map { source(resolve($0.summary, .inbound)) }
    outboundSources = metrics.map { source(resolve($0.summary, .outbound)) }
    inboundWeighted = metrics.indices.filter { isWeighted(resolve(metrics[$0].summary, .inbound)) }
    outboundWeighted = metrics.indices.filter { isWeighted(resolve(metrics[$0].summary, .outbound)) }
    intervalIndex = metrics.map { MetricRegistry.intervalIndex(of: $0) }
  }

  /// Per metric position: the field sampled from every row for streams of `direction`.
  func sampledSources(_ direction: Direction) -> [SampledSource?] {
    direction == .inbound ? inboundSources : outboundSources
  }

  /// Positions of the time-weighted metrics for streams of `direction`.
  func timeWeighted(_ direction: Direction) -> [Int] {
    direction == .inbound ? inboundWeighted : outboundWeighted
  }

  /// `rule` with ``SummaryRule/perDirection(inbound:outbound:)`` resolved for `direction`.
  static func resolve(_ rule: SummaryRule, for direction: Direction) -> SummaryRule {
    if case .perDirection(let inbound, let outbound) = rule {
      return resolve(direction == .inbound ? inbound : outbound, for: direction)
    }
    return rule
  }
}
