/// The registry's summary rules resolved per direction once: which rows field each metric
/// samples and which metrics are time-weighted.
struct SummaryPlan: Sendable {
  private let inboundSampled: [(position: Int, source: SampledSource)]
  private let outboundSampled: [(position: Int, source: SampledSource)]
  private let inboundWeighted: [Int]
  private let outboundWeighted: [Int]
  /// Per metric position: its position among the interval metrics, when it has one.
  let intervalIndex: [Int?]
  private let inboundWeightedFigures: [(position: Int, figure: Int?)]
  private let outboundWeightedFigures: [(position: Int, figure: Int?)]

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
    inboundSampled = Self.compact(metrics.map { source(resolve($0.summary, .inbound)) })
    outboundSampled = Self.compact(metrics.map { source(resolve($0.summary, .outbound)) })
    inboundWeighted = metrics.indices.filter { isWeighted(resolve(metrics[$0].summary, .inbound)) }
    outboundWeighted = metrics.indices.filter { isWeighted(resolve(metrics[$0].summary, .outbound)) }
    let intervalIndex = metrics.map { MetricRegistry.intervalIndex(of: $0) }
    self.intervalIndex = intervalIndex
    inboundWeightedFigures = inboundWeighted.map { ($0, intervalIndex[$0]) }
    outboundWeightedFigures = outboundWeighted.map { ($0, intervalIndex[$0]) }
  }

  /// The metrics (by position) that sample a field from every row of a stream of
  /// `direction`, with the field.
  func sampledSources(_ direction: Direction) -> [(position: Int, source: SampledSource)] {
    direction == .inbound ? inboundSampled : outboundSampled
  }

  private static func compact(_ sources: [SampledSource?]) -> [(position: Int, source: SampledSource)] {
    sources.enumerated().compactMap { entry in entry.element.map { (entry.offset, $0) } }
  }

  /// Positions of the time-weighted metrics for streams of `direction`.
  func timeWeighted(_ direction: Direction) -> [Int] {
    direction == .inbound ? inboundWeighted : outboundWeighted
  }

  /// ``timeWeighted(_:)`` with each metric's position among the interval metrics.
  func weightedFigures(_ direction: Direction) -> [(position: Int, figure: Int?)] {
    direction == .inbound ? inboundWeightedFigures : outboundWeightedFigures
  }

  /// `rule` with ``SummaryRule/perDirection(inbound:outbound:)`` resolved for `direction`.
  static func resolve(_ rule: SummaryRule, for direction: Direction) -> SummaryRule {
    if case .perDirection(let inbound, let outbound) = rule {
      return resolve(direction == .inbound ? inbound : outbound, for: direction)
    }
    return rule
  }
}
