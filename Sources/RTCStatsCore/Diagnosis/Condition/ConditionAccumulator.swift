/// Folds final intervals into a call-level ``NetworkConditionSummary``: runs of constant grade
/// and reason, time per grade, and the worst grade with the figures of its worst interval.
///
/// - Complexity: O(1) per interval; memory O(runs).
struct ConditionAccumulator: Sendable, Equatable {
  private(set) var runs: [ConditionRun] = []
  private var time = [Double](repeating: 0, count: 6)
  private(set) var worst: NetworkGrade = .unknown
  /// Per reason (``ConditionReason/allCases`` order), time spent at the worst grade (to name
  /// the call's reason).
  private var worstReasonTime = [Double](repeating: 0, count: ConditionReason.allCases.count)
  private(set) var worstFigures = ConditionFigures()
  private var worstLevel = -1

  /// Adds one final interval.
  mutating func add(_ interval: FinalInterval) {
    let sample = interval.sample
    let duration = Swift.max(0, sample.end - sample.start)
    time[Self.slot(interval.grade)] += duration
    if let last = runs.last, last.grade == interval.grade, last.reason == interval.reason,
      sample.start <= last.end
    {
      runs[runs.count - 1].end = Swift.max(last.end, sample.end)
    } else {
      runs.append(
        ConditionRun(start: sample.start, end: sample.end, grade: interval.grade, reason: interval.reason))
    }
    if interval.grade.badness > worst.badness {
      worst = interval.grade
      for index in worstReasonTime.indices { worstReasonTime[index] = 0 }
      worstLevel = -1
    }
    if interval.grade == worst {
      worstReasonTime[Self.index(interval.reason)] += Swift.max(duration, 1)
      if sample.level > worstLevel {
        worstLevel = sample.level
        worstFigures = sample.figures
      }
    }
  }

  /// The summary, with `source` and `evidence` decided by the caller.
  func summary(source: DegradationSource, evidence: Evidence) -> NetworkConditionSummary {
    let total = time.reduce(0, +)
    var shares = GradeShares()
    for grade in NetworkGrade.allCases {
      shares[grade] = total > 0 ? time[Self.slot(grade)] / total * 100 : 0
    }
    let reasons = ConditionReason.allCases
    let longest = worstReasonTime.indices.max { worstReasonTime[$0] < worstReasonTime[$1] }
    let reason: ConditionReason =
      worst == .excellent
      ? .none : longest.map { worstReasonTime[$0] > 0 ? reasons[$0] : .unknown } ?? .unknown
    return NetworkConditionSummary(
      grade: worst, reason: reason, degradationSource: source, evidence: evidence, timeShare: shares,
      timeline: runs)
  }

  private static func slot(_ grade: NetworkGrade) -> Int { grade == .unknown ? 5 : grade.badness }

  /// ``ConditionReason/allCases``, built once (the synthesised property builds an array).
  private static let reasons = ConditionReason.allCases

  private static func index(_ reason: ConditionReason) -> Int { reasons.firstIndex(of: reason) ?? 0 }
}
