/// One track at one poll: its streams' rows merged by each metric's ``LayerMerge`` rule.
///
/// A simulcast track's bitrate at a poll is the sum of its layers', its frame rate and
/// resolution those of its largest layer; a received track whose SSRC changed has one stream
/// per SSRC and they do not overlap in time. The interval is that of the first stream (in the
/// order streams appeared) that closed one at this poll; there is none when one of the track's
/// streams was reset at this poll (the track's sum would miss that stream's share: no interval
/// spans a reset, at any level).
public struct TrackRow: Sendable, Equatable {
  /// The track.
  public let track: TrackID
  /// The poll's engine sequence number.
  public let sequence: Int
  /// The rows merged: the track's streams that closed an interval at this poll, else all of
  /// its streams present, in the order the streams appeared.
  public let streamRows: [StreamRow]
  /// Length of the interval, ms, or `nil` when no stream closed one at this poll or one was reset.
  public let duration: Double?

  /// Creates a merged row from the track's stream rows at one poll, in stream order.
  public init(track: TrackID, sequence: Int, streamRows: [StreamRow]) {
    self.track = track
    self.sequence = sequence
    let intervals = streamRows.filter { $0.duration != nil }
    let wasReset = streamRows.contains { $0.status == .reset }
    self.streamRows = intervals.isEmpty || wasReset ? streamRows : intervals
    duration = wasReset ? nil : intervals.first?.duration
  }

  /// End of the interval (the first merged row's object timestamp), ms since the epoch.
  public var time: Double? { streamRows.first?.time }

  /// The track's figure of `metric` at this poll.
  public func value(_ metric: MetricDescriptor) -> Double? {
    MetricRegistry.intervalIndex(of: metric).flatMap { value(at: $0) }
  }

  private static let heightIndex = MetricRegistry.intervalIndex(of: .height) ?? 0
  private static let bitrateIndex = MetricRegistry.intervalIndex(of: .bitrate) ?? 0

  /// The track's figure of the interval metric at `index` in ``MetricRegistry/intervalMetrics``.
  package func value(at index: Int) -> Double? {
    guard streamRows.count > 1 else { return streamRows.isEmpty ? nil : streamRows[0].figure(at: index) }
    let metric = MetricRegistry.intervalMetrics[index]
    let values = streamRows.map { $0.figure(at: index) }
    switch metric.merge {
    case .first:
      return values[0]
    case .sum:
      // Rounded after every addition, as a running total kept at the metric's precision.
      return values.reduce(nil) { sum, value in value.map { metric.rounded((sum ?? 0) + $0) ?? $0 } ?? sum }
    case .maximum:
      return values.reduce(nil) { best, value in value.map { Swift.max(best ?? $0, $0) } ?? best }
    case .largestLayer:
      // A layer that sent nothing in the interval never defines the track's frame rate or
      // resolution, whatever frame size it still reports.
      let sending = streamRows.map { ($0.figure(at: Self.bitrateIndex) ?? 0) > 0 }
      let candidates = sending.contains(true) ? sending : sending.map { _ in true }
      let heights = streamRows.indices.map {
        candidates[$0] ? streamRows[$0].figure(at: Self.heightIndex) : nil
      }
      let first = candidates.firstIndex(of: true) ?? 0
      var best = values[first]
      var tallest = heights[first] ?? 0
      for offset in values.indices where offset > first && candidates[offset] {
        let height = heights[offset] ?? 0
        if height > tallest {
          tallest = height
          best = values[offset] ?? best
        } else if best == nil {
          best = values[offset]
        }
      }
      return best
    }
  }
}
