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
  /// Per track, at the index of its first stream (which stays the track's first stream when a
  /// later member such as `kind` refines the track's id): per metric position, the merged
  /// interval figures of time-weighted metrics (empty until the track has an interval).
  private(set) var trackRates: [[DistributionBuilder]] = []
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
      streams[streamRow.stream].add(streamRow, direction: infos[streamRow.stream].direction, plan: plan)
    }
    addTrackRates(row, timeline: timeline, plan: plan)
    transport.add(row)
  }

  private mutating func addTrackRates(_ row: TimelineRow, timeline: Timeline, plan: SummaryPlan) {
    let anchors = timeline.anchors
    let streamRows = row.streams
    // The usual poll: every stream is its track's only one at this poll, and its figures are
    // the track's.
    var shared = false
    for (offset, streamRow) in streamRows.enumerated() where !shared {
      let anchor = anchors[streamRow.stream]
      shared = streamRows[..<offset].contains { anchors[$0.stream] == anchor }
    }
    if !shared {
      for streamRow in streamRows {
        let anchor = anchors[streamRow.stream]
        addRates(
          anchor: anchor, direction: timeline.streams[anchor].direction, plan: plan,
          duration: streamRow.duration
        ) {
          streamRow.figure(at: $0)
        }
      }
      return
    }
    var groups: [(anchor: Int, rows: [StreamRow])] = []
    for streamRow in streamRows {
      let anchor = anchors[streamRow.stream]
      if let group = groups.firstIndex(where: { $0.anchor == anchor }) {
        groups[group].rows.append(streamRow)
      } else {
        groups.append((anchor, [streamRow]))
      }
    }
    for group in groups {
      let direction = timeline.streams[group.anchor].direction
      if group.rows.count == 1 {
        let streamRow = group.rows[0]
        addRates(anchor: group.anchor, direction: direction, plan: plan, duration: streamRow.duration) {
          streamRow.figure(at: $0)
        }
        continue
      }
      let merged = TrackRow(
        track: timeline.streams[group.anchor].trackID, sequence: row.sequence,
        streamRows: group.rows.sorted { $0.stream < $1.stream })
      addRates(anchor: group.anchor, direction: direction, plan: plan, duration: merged.duration) {
        merged.value(at: $0)
      }
    }
  }

  private mutating func addRates(
    anchor: Int, direction: Direction, plan: SummaryPlan, duration: Double?, value: (Int) -> Double?
  ) {
    guard let duration else { return }
    while trackRates.count <= anchor { trackRates.append([]) }
    // Moved out and back: mutating the builders in place through the outer array.
    var builders: [DistributionBuilder] = []
    swap(&builders, &trackRates[anchor])
    if builders.isEmpty { builders = MetricRegistry.metrics.map { _ in DistributionBuilder(weighted: true) } }
    for (position, figure) in plan.weightedFigures(direction) {
      builders[position].add(figure.flatMap(value), weight: duration)
    }
    swap(&builders, &trackRates[anchor])
  }

  /// The merged interval figures of the track whose first stream is `anchor`.
  func trackRates(anchor: Int) -> [DistributionBuilder]? {
    anchor < trackRates.count && !trackRates[anchor].isEmpty ? trackRates[anchor] : nil
  }
}
