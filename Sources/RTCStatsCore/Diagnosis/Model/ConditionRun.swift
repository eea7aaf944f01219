/// A stretch of a call with one network grade and reason: an element of
/// ``NetworkConditionSummary/timeline``.
public struct ConditionRun: Sendable, Hashable {
  /// Start of the first interval, ms since the epoch.
  public var start: Double
  /// End of the last interval, ms since the epoch.
  public var end: Double
  /// The grade over the run.
  public var grade: NetworkGrade
  /// What drove it.
  public var reason: ConditionReason

  /// Creates a run.
  public init(start: Double, end: Double, grade: NetworkGrade, reason: ConditionReason) {
    self.start = start
    self.end = end
    self.grade = grade
    self.reason = reason
  }
}
