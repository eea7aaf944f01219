/// A coloured band: runs of a categorical value over the section's time axis, such as the
/// network-condition grade of a peer connection.
public struct BandModel: Sendable, Hashable {
  /// The anchor of the band, if findings link to it.
  public var id: AnchorID?
  /// The heading, for example `Network condition`.
  public var title: String
  /// The runs, in time order; time not covered by a run is left blank (no data).
  public var runs: [BandRun]

  /// Creates a band.
  public init(id: AnchorID? = nil, title: String, runs: [BandRun]) {
    self.id = id
    self.title = title
    self.runs = runs
  }

  /// The range the runs span, or `nil`.
  var contentTimeRange: TimeRange? {
    TimeRange.enclosing(runs.flatMap { [$0.start, $0.end] })
  }
}

/// One run of a band: a level held from ``start`` to ``end``, and why.
public struct BandRun: Sendable, Hashable {
  /// The start, ms since the epoch.
  public var start: Double
  /// The end, ms since the epoch.
  public var end: Double
  /// The level held.
  public var level: BandLevel
  /// Why, for example `loss 6.2%, RTT 310 ms`; the tooltip of the run.
  public var reason: String?

  /// Creates a run; the ends are swapped when given the wrong way round.
  public init(start: Double, end: Double, level: BandLevel, reason: String? = nil) {
    self.start = min(start, end)
    self.end = max(start, end)
    self.level = level
    self.reason = reason
  }
}

/// The levels a band shows, best first; each has its own colour and legend entry.
public enum BandLevel: String, Sendable, Hashable, CaseIterable {
  /// Green to red, best to worst; `unknown` (grey) where the value could not be judged.
  case excellent, good, fair, warning, critical, unknown
}
