/// How many rows a ``Timeline`` keeps.
///
/// Summaries do not depend on it: the engine folds every row as it arrives. Retention decides
/// what stays readable afterwards (charts, interval output, rules looking back).
public enum TimelineRetention: Sendable, Hashable {
  /// Every row, for a file (memory grows with the call).
  case all
  /// The most recent `count` rows, for live use: memory per peer connection is bounded
  /// whatever the call length (older rows are dropped in batches, amortised O(1) per poll).
  case recent(Int)

  /// Whether every row is kept.
  public var keepsEverything: Bool { self == .all }
}
