import RTCStatsCore

extension AnalysisJSONEncoder {
  /// What writing an interval object reads per figure, prepared once per process: the member
  /// names of the interval metrics (``JSONWriter/KeyTable``) and, per stream-row figure layout
  /// (``StreamRow/figureLayouts``), where its figures are stored and which metrics they are.
  ///
  /// Everything sits in memory that is never freed, so the value is copied into the writing
  /// loops without reference counting, and read there without a lazy-global check per row.
  struct IntervalMembers: @unchecked Sendable {
    // Sendable: the memory is written once, in `init`, before `shared` is published, and never
    // freed.

    /// `,"name":` of each interval metric, by position in ``MetricRegistry/intervalMetrics``,
    /// then `,"duration":` (``durationIndex``).
    let keys: JSONWriter.KeyTable
    /// `"time":`, an interval object's first member.
    let time = JSONWriter.KeyTable(["time"], separated: false)
    /// The position of `,"duration":` in ``keys``.
    var durationIndex: Int { metricCount }
    /// The number of interval metrics.
    let metricCount: Int
    /// The position of the one interval metric whose figure is a reason, not a number (−1: none).
    let reasonIndex: Int
    /// Per layout, `layoutStride` integers: the first figure's slot, the number of figures,
    /// then their positions in ``MetricRegistry/intervalMetrics``.
    private let layouts: UnsafeMutablePointer<Int>
    private let layoutCount: Int
    private let layoutStride: Int

    /// The members of ``MetricRegistry/intervalMetrics`` and the layouts of ``StreamRow``.
    static let shared = IntervalMembers()

    private init() {
      let metrics = MetricRegistry.intervalMetrics
      keys = JSONWriter.KeyTable(metrics.map(\.name) + ["duration"])
      metricCount = metrics.count
      reasonIndex = metrics.firstIndex { $0.unit == .reason } ?? -1
      let rowLayouts = StreamRow.figureLayouts
      layoutCount = rowLayouts.count
      layoutStride = 2 + (rowLayouts.map(\.positions.count).max() ?? 0)
      layouts = .allocate(capacity: Swift.max(layoutCount * layoutStride, 1))
      layouts.initialize(repeating: 0, count: Swift.max(layoutCount * layoutStride, 1))
      for (index, layout) in rowLayouts.enumerated() {
        let entry = layouts + index * layoutStride
        entry[0] = layout.firstSlot
        entry[1] = layout.positions.count
        (entry + 2).update(from: layout.positions, count: layout.positions.count)
      }
    }

    /// Layout `index` of ``StreamRow/figureLayouts``: the first figure's slot and the metric
    /// positions of the figures from there on.
    @inline(__always)
    func layout(_ index: Int) -> (firstSlot: Int, positions: UnsafeBufferPointer<Int>) {
      precondition(index >= 0 && index < layoutCount, "not a figure layout")
      let entry = layouts + index &* layoutStride
      return (entry[0], UnsafeBufferPointer(start: entry + 2, count: entry[1]))
    }

    /// Writes `{"time":…,"duration":…` (`null` for a time or duration not known).
    @inline(__always)
    func begin(time: Double?, duration: Double?, into writer: inout JSONWriter) {
      writer.beginObject()
      writer.member(0, of: self.time, number: time ?? .nan)
      writer.member(durationIndex, of: keys, number: duration ?? .nan)
    }

    /// Writes the figure of the interval metric at `index` as the next member of the interval
    /// object open in `writer`: a number, or for the reason metric the reason's name (`null`
    /// when the figure is no reason's index).
    @inline(__always)
    func write(_ figure: Double, at index: Int, into writer: inout JSONWriter) {
      guard index == reasonIndex else { return writer.member(index, of: keys, number: figure) }
      writer.nextKey(index, of: keys)
      let reasons = QualityLimitationReason.allCases
      // `Int(figure)` truncates toward zero: (−1, count) are the figures that name a reason.
      writer.string(figure > -1 && figure < Double(reasons.count) ? reasons[Int(figure)].rawValue : nil)
    }
  }
}
