import RTCStatsCore

/// The drawn series of one track, read from its peer connection's ``Timeline``: one point per
/// poll from the track's first interval to its last.
///
/// A poll at which the track closes no interval (its first sample, a counter reset, a poll
/// that does not hold it) is a point without a value — a gap in the line, never a value
/// carried over or interpolated. Freezes and pauses are the increments of
/// `totalFreezesDuration` and `totalPausesDuration` (W3C: added when the freeze or pause
/// ends): an interval of that length ending at the poll that counted it.
struct TrackSeries: Sendable {
  /// The figures drawn per track, with the metric each point reads.
  static let metrics: [(name: String, metric: MetricDescriptor)] = [
    ("bitrate", .bitrate), ("totalBitrate", .totalBitrate), ("frameRate", .frameRate),
    ("height", .height), ("lossPercent", .packetLossPercent), ("jitter", .jitter),
    ("roundTripTime", .roundTripTime),
  ]

  /// Per entry of ``metrics``, the points in time order.
  var points: [[SeriesPoint]] = Array(repeating: [], count: TrackSeries.metrics.count)
  /// Freezes and pauses, in time order.
  var intervals: [ShadedInterval] = []

  /// The points of `name` in ``metrics``.
  func series(_ name: String) -> [SeriesPoint] {
    guard let index = Self.metrics.firstIndex(where: { $0.name == name }) else { return [] }
    return points[index]
  }

  /// Whether any drawn point has a value.
  var hasValues: Bool { points.contains { $0.contains { $0.value != nil } } }
}

/// One simulcast/SVC layer's drawn series (``Timeline/intervals(ofStream:)``).
struct LayerSeries: Sendable {
  /// The layer's bitrate, bps.
  var bitrate: [SeriesPoint] = []
  /// The layer's frame height, px.
  var height: [SeriesPoint] = []
}

/// Every track's and layer's series of one peer connection, read in one pass over the rows.
struct ConnectionSeries: Sendable {
  /// Per track of the timeline.
  var tracks: [TrackID: TrackSeries] = [:]
  /// Per stream index of the timeline.
  var layers: [Int: LayerSeries] = [:]
  /// The transport's round-trip time, ms, per poll.
  var roundTripTime: [SeriesPoint] = []
  /// The send-side bandwidth estimate, bps, per poll.
  var availableOutgoing: [SeriesPoint] = []
  /// The receive-side bandwidth estimate, bps, per poll.
  var availableIncoming: [SeriesPoint] = []

  /// Reads `timeline`.
  ///
  /// - Complexity: O(*r* · *s* log *s*) for *r* rows of at most *s* streams.
  init(_ timeline: Timeline) {
    // Series live in arrays indexed through a dictionary and are appended to in place: a
    // value taken out of a dictionary and put back would copy every array at every poll.
    var order: [TrackID: Int] = [:]
    var drawn: [TrackSeries] = []
    var layerOrder: [Int: Int] = [:]
    var layerSeries: [LayerSeries] = []
    let metricIndices = TrackSeries.metrics.map(\.metric)
    for position in timeline.indices {
      let row = timeline[position]
      if let time = row.time {
        let transport = row.transport
        roundTripTime.append(SeriesPoint(time: time, value: transport?.roundTripTime))
        availableOutgoing.append(SeriesPoint(time: time, value: transport?.availableOutgoingBitrate))
        availableIncoming.append(SeriesPoint(time: time, value: transport?.availableIncomingBitrate))
      }
      var present = [Bool](repeating: false, count: drawn.count)
      for trackRow in timeline.trackRows(at: position) {
        guard let time = trackRow.time ?? row.time else { continue }
        let slot: Int
        if let known = order[trackRow.track] {
          slot = known
          present[slot] = true
        } else {
          slot = drawn.count
          order[trackRow.track] = slot
          drawn.append(TrackSeries())
        }
        let counts = trackRow.duration != nil
        for (index, metric) in metricIndices.enumerated() {
          drawn[slot].points[index].append(
            SeriesPoint(time: time, value: counts ? trackRow.value(metric) : nil))
        }
        Self.appendStalls(of: trackRow, at: time, to: &drawn[slot])
      }
      // A track seen before but absent from this poll: a gap at the poll's time.
      if let time = row.time {
        for slot in present.indices where !present[slot] {
          for index in drawn[slot].points.indices {
            drawn[slot].points[index].append(SeriesPoint(time: time, value: nil))
          }
        }
      }
      for streamRow in row.streams {
        guard let time = streamRow.time ?? row.time else { continue }
        let slot: Int
        if let known = layerOrder[streamRow.stream] {
          slot = known
        } else {
          slot = layerSeries.count
          layerOrder[streamRow.stream] = slot
          layerSeries.append(LayerSeries())
        }
        let counts = streamRow.duration != nil
        layerSeries[slot].bitrate.append(
          SeriesPoint(time: time, value: counts ? streamRow.figure(.bitrate) : nil))
        layerSeries[slot].height.append(
          SeriesPoint(time: time, value: counts ? streamRow.figure(.height) : nil))
      }
    }
    for (track, slot) in order {
      var series = drawn[slot]
      for index in series.points.indices { series.points[index] = Self.trimmed(series.points[index]) }
      tracks[track] = series
    }
    for (stream, slot) in layerOrder { layers[stream] = layerSeries[slot] }
  }

  /// The freeze and pause that `row` counted, as intervals ending at `time`.
  private static func appendStalls(of row: TrackRow, at time: Double, to series: inout TrackSeries) {
    let stalls: [(RowField, RowField, ShadedInterval.Kind)] = [
      (.freezeCount, .totalFreezesDuration, .freeze), (.pauseCount, .totalPausesDuration, .pause),
    ]
    for (countField, durationField, kind) in stalls {
      var count = 0.0
      var seconds = 0.0
      for streamRow in row.streamRows {
        count += max(0, streamRow.delta(countField) ?? 0)
        seconds += max(0, streamRow.delta(durationField) ?? 0)
      }
      guard seconds > 0 else { continue }
      let milliseconds = seconds * 1000
      var label = kind.rawValue + " " + ValueUnit.milliseconds.format(milliseconds)
      if count > 1 { label += " (" + DecimalFormat.fixed(count, decimals: 0) + ")" }
      series.intervals.append(ShadedInterval(start: time - milliseconds, end: time, kind: kind, label: label))
    }
  }

  /// `points` without the gaps before the first value and after the last.
  private static func trimmed(_ points: [SeriesPoint]) -> [SeriesPoint] {
    guard let first = points.firstIndex(where: { $0.value != nil }),
      let last = points.lastIndex(where: { $0.value != nil })
    else { return [] }
    return Array(points[first...last])
  }
}
