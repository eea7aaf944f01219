import RTCStatsReport

/// A small deterministic random generator (SplitMix64), so every demo report is the same.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value spread evenly over ±`spread`.
  mutating func jitter(_ spread: Double) -> Double {
    Double.random(in: -spread...spread, using: &self)
  }
}

/// The shape of a demo call: when it polls, where the polling gap is, and when the network
/// misbehaves.
///
/// All times are seconds from the start.
struct DemoTimeline {
  /// ms since the epoch of the first poll.
  var start: Double
  /// Number of polls, one per second.
  var seconds: Int
  /// Seconds without any report (the tab was in the background): gaps in every series.
  var pollingGap: Range<Int>
  /// Seconds with too little bandwidth: lower bitrate, lost packets, higher RTT.
  var congestion: Range<Int>
  /// Seconds the received video froze.
  var freeze: Range<Int>
  /// Seconds the sender paused its video (muted track).
  var pause: Range<Int>

  /// A call of `seconds` seconds with its events spread over it.
  init(start: Double = 1_796_000_000_000, seconds: Int) {
    self.start = start
    self.seconds = seconds
    let unit = max(1, seconds / 18)
    pollingGap = (unit * 7)..<(unit * 7 + max(2, unit / 2))
    congestion = (unit * 4)..<(unit * 6)
    freeze = (unit * 10)..<(unit * 10 + max(2, unit / 6))
    pause = (unit * 13)..<(unit * 14)
  }

  /// The time of poll `index`, ms since the epoch.
  func time(_ index: Int) -> Double { start + Double(index) * 1000 }

  /// The range of the whole call.
  var range: TimeRange { TimeRange(start: start, end: time(seconds - 1)) }

  /// `value(index)` at every poll, `nil` inside the polling gap.
  func series(_ value: (Int) -> Double?) -> [SeriesPoint] {
    (0..<seconds).map { index in
      SeriesPoint(time: time(index), value: pollingGap.contains(index) ? nil : value(index))
    }
  }

  /// A shaded interval over `seconds`.
  func interval(_ seconds: Range<Int>, kind: ShadedInterval.Kind, label: String) -> ShadedInterval {
    ShadedInterval(start: time(seconds.lowerBound), end: time(seconds.upperBound), kind: kind, label: label)
  }
}
