/// The summary of a peer connection as a fold over its ``Timeline`` rows.
///
/// `CallAnalyzer.analysis()` is this fold: over the whole timeline when it keeps every row,
/// else kept up to date as rows arrive. Folding the rows of a timeline again gives the same
/// analysis:
///
///     var fold = TimelineFold(peerConnection: timeline.peerConnection)
///     for row in timeline { fold.add(row, streams: timeline.streams) }
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
    for row in timeline { add(row, streams: timeline.streams) }
  }

  /// Adds one row; `streams` identifies the streams its stream rows refer to.
  public mutating func add(_ row: TimelineRow, streams infos: [StreamInfo]) {
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
    addTrackRates(row, infos: infos, plan: plan)
    transport.add(row)
  }

  private mutating func addTrackRates(_ row: TimelineRow, infos: [StreamInfo], plan: SummaryPlan) {
    var byTrack: [TrackID: [StreamRow]] = [:]
    var order: [TrackID] = []
    for streamRow in row.streams where streamRow.duration != nil {
      let track = infos[streamRow.stream].trackID
      if byTrack[track] == nil { order.append(track) }
      byTrack[track, default: []].append(streamRow)
    }
    for track in order {
      let merged = TrackRow(
        track: track, sequence: row.sequence,
        streamRows: (byTrack[track] ?? []).sorted { $0.stream < $1.stream })
      guard let duration = merged.duration,
        let anchor = infos.firstIndex(where: { $0.trackID == track })
      else { continue }
      var builders =
        trackRates[anchor] ?? MetricRegistry.metrics.map { _ in DistributionBuilder(weighted: true) }
      for position in plan.timeWeighted(track.direction) {
        builders[position].add(merged.value(MetricRegistry.metrics[position]), weight: duration)
      }
      trackRates[anchor] = builders
    }
  }
}
