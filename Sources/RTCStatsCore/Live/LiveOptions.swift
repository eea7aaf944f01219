/// How a ``LiveAnalyzer`` works: how many rows it keeps, which thresholds the diagnosis uses.
public struct LiveOptions: Sendable {
  /// Rows each peer connection's timeline keeps (at least 1).
  ///
  /// The per-interval stats need only the last one; more let an app look back with
  /// ``LiveAnalyzer/timeline(of:)``. Memory per peer connection is bounded by it, whatever the call length.
  public var retainedRows: Int
  /// The diagnosis thresholds (``ThresholdTable/defaults`` unless overridden).
  public var thresholds: ThresholdTable
  /// The most events kept; more are counted, not kept.
  public var eventLimit: Int

  /// Options keeping `retainedRows` rows per peer connection and diagnosing with `thresholds`.
  public init(retainedRows: Int = 8, thresholds: ThresholdTable = .defaults, eventLimit: Int = 1000) {
    self.retainedRows = Swift.max(retainedRows, 1)
    self.thresholds = thresholds
    self.eventLimit = Swift.max(eventLimit, 0)
  }
}
