/// Raise/clear hysteresis over one figure sampled per interval: the shape every rule and the
/// network-condition grade share (client-monitor-js `Detector`, Twilio's `StatsMonitor`).
///
/// An interval is *on* when its value is at or past `alertOn` and *warm* while it is at or
/// past `alertOff` (`alertOff` ≤ `alertOn` for figures where higher is worse; reversed when
/// lower is worse). An episode is raised when `minIntervals` of the last `window` intervals
/// are on — Twilio raises a warning when 3 of 5 samples cross and clears it when none does —
/// and its start is back-dated to the first on interval of that window, so the episode covers
/// what really happened rather than when it became certain. It stays open while intervals
/// are warm and ends after `clearIntervals` consecutive intervals that are not; its end is the
/// last warm interval. Worked example, `alertOn` 3, `alertOff` 1, `minIntervals` 2, `window` 3:
///
///     value:    0   4   0   5   2   0   0
///     on:       ·   ●   ·   ●   ·   ·   ·
///     episode:          raised at the 4th interval, start = the 2nd's start
///                               warm (2 ≥ 1) extends; the 6th clears, end = the 5th's end
///
/// An unknown value (`nil`: no packets, no report) neither raises, extends nor clears.
///
/// - Complexity: O(`window`) memory; O(1) per interval while idle (no on interval in the
///   window), O(`window`) otherwise.
public struct EpisodeDetector: Sendable, Hashable {
  /// The thresholds.
  public let alertOn: Double
  /// The clearing bound.
  public let alertOff: Double
  /// On intervals needed in ``window`` to raise.
  public let minIntervals: Int
  /// The intervals looked at to raise.
  public let window: Int
  /// Consecutive cold intervals that clear.
  public let clearIntervals: Int
  /// Whether low values are the bad ones.
  public let lowerIsWorse: Bool
  private var recent: [Sample] = []
  /// The open episode, if any.
  public private(set) var open: Episode?
  private var coldRun = 0

  private struct Sample: Sendable, Hashable {
    var isOn: Bool
    var start: Double
    var end: Double
    var value: Double
  }

  /// A detector with the hysteresis values of `entry` (`alertOn`, `alertOff`, `minIntervals`,
  /// `window`, `clearIntervals`).
  public init(_ entry: ThresholdEntry, lowerIsWorse: Bool = false) {
    self.init(
      alertOn: entry.alertOn, alertOff: entry.alertOff, minIntervals: entry.minIntervals,
      window: entry.window, clearIntervals: entry.clearIntervals, lowerIsWorse: lowerIsWorse)
  }

  /// A detector with explicit values.
  public init(
    alertOn: Double, alertOff: Double, minIntervals: Int, window: Int, clearIntervals: Int = 1,
    lowerIsWorse: Bool = false
  ) {
    self.alertOn = alertOn
    self.alertOff = alertOff
    self.minIntervals = Swift.max(1, minIntervals)
    self.window = Swift.max(self.minIntervals, window)
    self.clearIntervals = Swift.max(1, clearIntervals)
    self.lowerIsWorse = lowerIsWorse
  }

  /// Whether `value` is at or past `bound` in the bad direction.
  public func isPast(_ value: Double, _ bound: Double) -> Bool {
    lowerIsWorse ? value <= bound : value >= bound
  }

  /// Whether feeding `value` would leave the detector as it is.
  ///
  /// True for an unknown value, and — nothing open, nothing on in the window — for a value
  /// that is not on. Decided by reading only, so that the common idle interval costs no write
  /// to the rule's state.
  @inline(__always)
  public func ignores(_ value: Double?) -> Bool {
    guard let value, value.isFinite else { return true }
    return open == nil && recent.isEmpty && !isPast(value, alertOn)
  }

  /// Feeds the interval `start…end` whose figure is `value`.
  public mutating func add(_ value: Double?, start: Double, end: Double) -> EpisodeChange {
    guard let value, value.isFinite else { return .none }
    if var episode = open {
      if isPast(value, alertOff) {
        coldRun = 0
        episode.end = end
        episode.sum += value
        episode.intervals += 1
        if isPast(value, episode.peak) { episode.peak = value }
        open = episode
        return .continued
      }
      coldRun += 1
      guard coldRun >= clearIntervals else { return .none }
      open = nil
      coldRun = 0
      recent.removeAll(keepingCapacity: true)
      return .ended(episode)
    }
    let isOn = isPast(value, alertOn)
    // Idle: nothing on in the window, nothing on now — the common case costs no storage.
    if !isOn && recent.isEmpty { return .none }
    recent.append(Sample(isOn: isOn, start: start, end: end, value: value))
    if recent.count > window { recent.removeFirst(recent.count - window) }
    guard let oldestOn = recent.firstIndex(where: \.isOn) else {
      recent.removeAll(keepingCapacity: true)
      return .none
    }
    if oldestOn > 0 { recent.removeFirst(oldestOn) }
    guard recent.lazy.filter(\.isOn).count >= minIntervals else { return .none }
    var episode = Episode(start: recent[0].start, end: end, value: recent[0].value)
    episode.intervals = 0
    episode.sum = 0
    for sample in recent where isPast(sample.value, alertOff) {
      episode.sum += sample.value
      episode.intervals += 1
      if isPast(sample.value, episode.peak) { episode.peak = sample.value }
    }
    open = episode
    coldRun = 0
    recent.removeAll(keepingCapacity: true)
    return .started(episode)
  }

  /// Ends the open episode, if any (the call ended while it was open).
  public mutating func finish() -> Episode? {
    defer {
      open = nil
      coldRun = 0
      recent.removeAll()
    }
    return open
  }
}
