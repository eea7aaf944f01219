/// A hole in the stats: no report for much longer than the usual polling interval (a frozen
/// tab, a throttled timer, a lost upload), or the clock jumping back.
///
/// Per poll the time since the previous one; a gap when it is at least `minGap` ms and
/// `ratio` times the median of the last 9 intervals. Figures over a gap are averages over it.
struct StatsGapRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "statsGap", template: "no stats for {gapSeconds} s (polled every {typicalSeconds} s otherwise){clock}",
      severity: .info),
    summary: "gap in the stats (or a clock jump)",
    formula: "Δt between polls ≥ max(minGap, ratio · median of the last 9 Δt); a Δt < 0 is a clock jump",
    inputs: ["RTCStatsReport timestamp"],
    source: "client-monitor-js StatsGapDetector; W3C webrtc-stats timestamp (ms)",
    guards: ["a dump polled slowly throughout is not a gap: the bound follows the median interval"],
    thresholds: [
      ThresholdValue("minGap", 5000, "a gap lasts at least this (ms)"),
      ThresholdValue("ratio", 3, "and at least this many times the usual interval"),
    ])

  private let minGap: Double
  private let ratio: Double
  private let entry: ThresholdEntry
  private var recent: [Double] = []
  /// ``recent`` in ascending order (kept in step, no sort per poll).
  private var sorted: [Double] = []

  init(thresholds: ThresholdEntry) {
    entry = thresholds
    minGap = thresholds.number("minGap", or: 5000)
    ratio = thresholds.number("ratio", or: 3)
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard let time = poll.time, let previous = poll.previousTime else { return }
    let delta = time - previous
    let typical = recent.isEmpty ? delta : sorted[sorted.count / 2]
    if delta < 0 || (delta >= minGap && delta >= ratio * typical && !recent.isEmpty) {
      sink.report(
        Diagnostic(
          Self.code, peerConnection: poll.peerConnection, start: Swift.min(previous, time),
          end: Swift.max(previous, time),
          evidence: [
            "gapSeconds": .seconds(abs(delta)), "typicalSeconds": .seconds(typical),
            "clock": .text(delta < 0 ? "; the clock went back" : ""),
          ], threshold: entry.evidence))
    }
    guard delta > 0 else { return }
    recent.append(delta)
    sorted.insert(delta, at: sorted.firstIndex { $0 > delta } ?? sorted.count)
    if recent.count > 9, let oldest = recent.first, let position = sorted.firstIndex(of: oldest) {
      recent.removeFirst()
      sorted.remove(at: position)
    }
  }
}
