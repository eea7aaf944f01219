/// When one received track was degraded and when it was clean, as runs: what the degradation
/// source compares across the streams arriving over one downlink.
///
/// A poll counts as degraded when the track's own inputs (loss, jitter, freezes and bitrate
/// with a network symptom) grade it fair or worse, as clean when they grade it good or
/// excellent, and not at all when none is known.
///
/// - Complexity: O(1) per poll; memory O(changes).
public struct TrackHealth: Sendable, Equatable {
  /// The track.
  public var track: TrackID
  /// Runs of one state, oldest first.
  public private(set) var runs: [Run] = []

  /// A stretch of one state.
  public struct Run: Sendable, Equatable {
    /// Start, ms since the epoch.
    public var start: Double
    /// End, ms since the epoch.
    public var end: Double
    /// Whether the track was degraded.
    public var isDegraded: Bool
  }

  /// An empty record of `track`.
  public init(track: TrackID) { self.track = track }

  /// Adds one interval.
  public mutating func add(start: Double, end: Double, isDegraded: Bool) {
    if let last = runs.last, last.isDegraded == isDegraded, start <= last.end + 1 {
      runs[runs.count - 1].end = Swift.max(last.end, end)
    } else {
      runs.append(Run(start: start, end: end, isDegraded: isDegraded))
    }
  }

  /// Time degraded and time clean within `start…end`, ms.
  public func overlap(start: Double, end: Double) -> (degraded: Double, clean: Double) {
    var degraded = 0.0
    var clean = 0.0
    for run in runs where run.end > start && run.start < end {
      let length = Swift.min(run.end, end) - Swift.max(run.start, start)
      if run.isDegraded { degraded += length } else { clean += length }
    }
    return (degraded, clean)
  }
}
