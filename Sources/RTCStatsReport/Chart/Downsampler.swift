/// Splits a series into the runs a chart draws and thins each run to the pixel width.
///
/// **Runs.** A point without a finite value, a point outside the time axis, or a point
/// earlier than the one before it ends the current run: the line stops there and is never
/// drawn across the gap. For step lines the last value of a run is held until the time of
/// the point that ended the run (the value was known until then), never past it.
///
/// **Thinning.** The axis is cut into one bucket per pixel column. In a bucket holding more
/// than two points of a run, only its lowest and highest point are kept (in time order), so
/// every peak and trough still reaches the pixel it reached before; for step lines the
/// bucket's first and last points are kept too, so each held value starts and ends where it
/// did. The first and last point of every run are always kept. Only drawing uses this:
/// tables show the figures as computed.
///
/// Worked example, 4 buckets over 0…40 s, values at 1 s steps: bucket 0 holds ten points
/// with values 5, 7, 9, 2, 5, … → it keeps the first (5), the 2 and the 9, in time order.
enum Downsampler {
  /// A stretch of a series without a gap, in time order.
  struct Run: Sendable, Hashable {
    /// The times, ms since the epoch, non-decreasing.
    var times: [Double] = []
    /// The values, one per time, finite.
    var values: [Double] = []
    /// For step lines: the time until which the last value holds, if the run was ended by
    /// a gap; `nil` when the series simply ends.
    var holdUntil: Double?
  }

  /// The runs of `points` within `range`.
  ///
  /// - Complexity: O(*n*).
  static func runs(of points: [SeriesPoint], in range: TimeRange) -> [Run] {
    var runs: [Run] = []
    var current = Run()
    func finish(holdUntil: Double?) {
      guard !current.times.isEmpty else { return }
      current.holdUntil = holdUntil
      runs.append(current)
      current = Run()
    }
    for point in points {
      let inRange = point.time.isFinite && point.time >= range.start && point.time <= range.end
      guard inRange, let value = point.value, value.isFinite else {
        finish(holdUntil: inRange ? point.time : nil)
        continue
      }
      if let last = current.times.last, point.time < last { finish(holdUntil: nil) }
      current.times.append(point.time)
      current.values.append(value)
    }
    finish(holdUntil: nil)
    return runs
  }

  /// `run` thinned to `buckets` pixel columns over `range`.
  ///
  /// - `keepsBucketEnds`: Also keep each bucket's first and last point (step lines).
  /// - Complexity: O(*n*).
  static func thin(_ run: Run, in range: TimeRange, buckets: Int, keepsBucketEnds: Bool) -> Run {
    let count = run.times.count
    guard buckets > 0, count > 2 * buckets else { return run }
    let width = range.duration > 0 ? range.duration : 1
    func bucket(_ index: Int) -> Int {
      let position = (run.times[index] - range.start) / width * Double(buckets)
      return position.isNaN ? 0 : Int(max(0, min(Double(buckets - 1), position.rounded(.down))))
    }
    var kept: [Int] = []
    kept.reserveCapacity(min(count, buckets * 4))
    var start = 0
    while start < count {
      let current = bucket(start)
      var end = start
      var lowest = start
      var highest = start
      while end + 1 < count, bucket(end + 1) == current {
        end += 1
        if run.values[end] < run.values[lowest] { lowest = end }
        if run.values[end] > run.values[highest] { highest = end }
      }
      var chosen = [lowest, highest]
      if keepsBucketEnds || start == 0 { chosen.append(start) }
      if keepsBucketEnds || end == count - 1 { chosen.append(end) }
      for index in Set(chosen).sorted() { kept.append(index) }
      start = end + 1
    }
    var thinned = Run(holdUntil: run.holdUntil)
    thinned.times = kept.map { run.times[$0] }
    thinned.values = kept.map { run.values[$0] }
    return thinned
  }

  /// `run` without the points that repeat the value before them, for step lines, where a
  /// repeated value draws nothing new; the last point is kept, since it ends the line.
  ///
  /// - Complexity: O(*n*).
  static func droppingRepeats(_ run: Run) -> Run {
    guard run.times.count > 2 else { return run }
    var result = Run(holdUntil: run.holdUntil)
    for index in run.times.indices {
      let isLast = index == run.times.count - 1
      if index > 0, !isLast, run.values[index] == run.values[index - 1] { continue }
      result.times.append(run.times[index])
      result.values.append(run.values[index])
    }
    return result
  }
}
