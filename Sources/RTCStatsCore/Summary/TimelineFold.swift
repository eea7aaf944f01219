/// The summary of a peer connection as a fold over its ``Timeline`` rows.
///
/// `CallAnalyzer.analysis()` is this fold: over the whole timeline when it keeps every row,
/// else kept up to date as rows arrive. Folding the rows of a timeline again gives the same
/// analysis:
///
///     var fold = TimelineFold(peerConnection: timeline.peerConnection)
///     for row in timeline { fold.add(row, in: timeline) }
///     let connection = fold.analysis(of: timeline)
///
/// - Complexity: O(*s*) per row of *s* streams; ``analysis(of:)`` sorts each figure's values,
///   O(*n* log *n*) in the rows.
public struct TimelineFold: Sendable, Equatable {
  /// The peer connection.
  public let peerConnection: String
  /// Rows folded.
  public private(set) var reportCount = 0
  private(set) var firstTime: Double?
  private(set) var lastTime: Double?
  private(set) var streams: [StreamAggregate] = []
  /// Per track, keyed by its first stream (which stays the track's first stream when a later
  /// member such as `kind` refines the track's id): per metric position, the merged interval
  /// figures of time-weighted metrics.
  private(set) var trackRates: [Int: [DistributionBuilder]] = [:]
  private(set) var transport = TransportAggregate()

  /// An empty fold.
  public init(peerConnection: String) {
    self.peerConnection = peerConnection
  }

  /// The fold of every row of `timeline`.
  public init(folding timeline: Timeline) {
    self.init(peerConnection: timeline.peerConnection)
    for row in timeline { add(row, in: timeline) }
  }

  /// Adds one row of `timeline` (whose streams its stream rows refer to).
  public mutating func add(_ row: TimelineRow, in timeline: Timeline) {
    let infos = timeline.streams
    reportCount += 1
    if let time = row.time {
      firstTime = min(firstTime ?? time, time)
      lastTime = max(lastTime ?? time, time)
    }
    let plan = SummaryPlan.standard
    for streamRow in row.streams {
      while streams.count <= streamRow.stream {
        streams.append(StreamAggregate(direction: infos[streams.count].direction))
      }
      streams[streamRow.stream].add(streamRow, info: infos[streamRow.stream], plan: plan)
    }
    addTrackRates(row, timeline: timeline, plan: plan)
    transport.add(row)
  }

  private mutating func addTrackRates(_ row: TimelineRow, timeline: Timeline, plan: SummaryPlan) {
    let anchors = timeline.anchors
    var shared: [Int] = []  // anchors with more than one stream in this row
    for (offset, streamRow) in row.streams.enumerated() where streamRow.duration != nil {
      let anchor = anchors[streamRow.stream]
      let isShared = row.streams[..<offset].contains {
        $0.duration != nil && anchors[$0.stream] == anchor
      }
      if isShared {
        if !shared.contains(anchor) { shared.append(anchor) }
      } else if !row.streams[(offset + 1)...].contains(where: {
        $0.duration != nil && anchors[$0.stream] == anchor
      }) {
        // The track's only stream at this poll: its figures are the track's.
        addRates(
          anchor: anchor, direction: timeline.streams[anchor].direction, plan: plan,
          duration: streamRow.duration
        ) { streamRow.figure(at: $0) }
      }
    }
    for anchor in shared {
      let rows = row.streams.filter { $0.duration != nil && anchors[$0.stream] == anchor }
        .sorted { $0.stream < $1.stream }
      let merged = TrackRow(track: timeline.streams[anchor].trackID, sequence: row.sequence, streamRows: rows)
      addRates(anchor: anchor, direction: merged.track.direction, plan: plan, duration: merged.duration) {
        merged.value(at: $0)
      }
    }
  }

  private mutating func addRates(
    anchor: Int, direction: Direction, plan: SummaryPlan, duration: Double?, value: (Int) -> Double?
  ) {
    guard let duration else { return }
    if trackRates[anchor] == nil {
      trackRates[anchor] = MetricRegistry.metrics.map { _ in DistributionBuilder(weighted: true) }
    }
    for position in plan.timeWeighted(direction) {
      // Mutated in place: a copy of the builders would copy every value kept so far.
      trackRates[anchor]?[position].add(plan.intervalIndex[position].flatMap(value), weight: duration)
    }
  }
}
