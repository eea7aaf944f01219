/// The per-poll record of one peer connection: one ``TimelineRow`` per report, plus the
/// identity of every RTP stream the rows refer to.
///
/// A `RandomAccessCollection` of rows indexed by their position since the first report
/// (positions stay valid when a bounded ``retention`` drops old rows: ``startIndex`` moves on),
/// so a rule can slide a window over it:
///
///     for window in timeline.indices.dropFirst(4) {
///       let last5 = timeline[(window - 4)...window]
///       …
///     }
///
/// Tracks are derived: ``trackRows(at:)`` merges a row's streams per track.
public struct Timeline: RandomAccessCollection, Sendable, Equatable {
  /// The peer connection.
  public let peerConnection: String
  /// How many rows are kept.
  public let retention: TimelineRetention
  /// Every RTP stream seen, in order of appearance; ``StreamRow/stream`` indexes it.
  public internal(set) var streams: [StreamInfo] = []
  /// Per stream: the index of the first stream of its track (its *anchor*), so that a fold can
  /// group a poll's streams by track without comparing ids.
  public private(set) var anchors: [Int] = []
  private var rows: [TimelineRow] = []
  /// Rows dropped from the front of `rows` since the first report.
  private var droppedCount = 0

  /// An empty timeline.
  public init(peerConnection: String, retention: TimelineRetention = .all) {
    self.peerConnection = peerConnection
    self.retention = retention
  }

  /// The position of the oldest row kept.
  public var startIndex: Int {
    guard case .recent(let count) = retention else { return droppedCount }
    return Swift.max(droppedCount, endIndex - Swift.max(count, 0))
  }
  /// One past the newest row: the number of rows ever appended.
  public var endIndex: Int { droppedCount + rows.count }
  /// The row at `position`.
  public subscript(position: Int) -> TimelineRow { rows[position - droppedCount] }

  /// Appends the row of a new poll, dropping old rows as ``retention`` says.
  ///
  /// - Complexity: Amortised O(1): with `.recent(n)`, `n` more rows are held before the oldest
  ///   are dropped in one batch.
  mutating func append(_ row: TimelineRow) {
    rows.append(row)
    if case .recent(let count) = retention, rows.count >= 2 * Swift.max(count, 1) {
      let excess = rows.count - Swift.max(count, 0)
      rows.removeFirst(excess)
      droppedCount += excess
    }
  }

  /// The first stream of each track, for ``anchors``.
  private var anchorByTrack: [TrackID: Int] = [:]

  /// Sets the anchor of the stream just appended.
  ///
  /// - Complexity: O(1).
  mutating func anchorLastStream() {
    guard let last = streams.indices.last else { return }
    let track = streams[last].trackID
    if let anchor = anchorByTrack[track] {
      anchors.append(anchor)
    } else {
      anchorByTrack[track] = last
      anchors.append(last)
    }
  }

  /// Recomputes ``anchors`` after a stream's identity (and so maybe its track) changed.
  ///
  /// - Complexity: O(*n*) in the streams.
  mutating func refreshAnchors() {
    anchorByTrack = [:]
    anchors = streams.indices.map { index in
      let track = streams[index].trackID
      if let anchor = anchorByTrack[track] { return anchor }
      anchorByTrack[track] = index
      return index
    }
  }

  // MARK: - Tracks

  /// Every track, in order of its first stream's appearance.
  public var tracks: [TrackID] {
    var seen: Set<TrackID> = []
    return streams.map(\.trackID).filter { seen.insert($0).inserted }
  }

  /// Indices in ``streams`` of the streams of `track`, in order of appearance.
  public func streamIndices(of track: TrackID) -> [Int] {
    streams.indices.filter { streams[$0].trackID == track }
  }

  /// The row at `position` per track: each track's streams at that poll merged.
  public func trackRows(at position: Int) -> [TrackRow] {
    let row = self[position]
    var order: [TrackID] = []
    var byTrack: [TrackID: [StreamRow]] = [:]
    for streamRow in row.streams.sorted(by: { $0.stream < $1.stream }) {
      let track = streams[streamRow.stream].trackID
      if byTrack[track] == nil { order.append(track) }
      byTrack[track, default: []].append(streamRow)
    }
    return order.map { TrackRow(track: $0, sequence: row.sequence, streamRows: byTrack[$0] ?? []) }
  }

  /// The merged rows of `track` that close an interval, oldest first: the track's interval series.
  public func intervals(of track: TrackID) -> [TrackRow] {
    let members = streamIndices(of: track)
    return indices.compactMap { interval(of: track, streams: members, at: $0) }
  }

  /// The merged row of `track`, whose streams are `members` (``streamIndices(of:)``), at
  /// `position` when it closes an interval there: one element of ``intervals(of:)``.
  public func interval(of track: TrackID, streams members: [Int], at position: Int) -> TrackRow? {
    // The poll's streams and number only: copying its whole row would copy its transport.
    let offset = position - droppedCount
    let own = rows[offset].streams.filter { members.contains($0.stream) }
    guard own.contains(where: { $0.duration != nil }) else { return nil }
    let merged = TrackRow(
      track: track, sequence: rows[offset].sequence, streamRows: own.sorted { $0.stream < $1.stream })
    return merged.duration == nil ? nil : merged
  }

  /// The rows of stream `index` that close an interval, oldest first: a layer's interval series.
  public func intervals(ofStream index: Int) -> [StreamRow] {
    var result: [StreamRow] = []
    for position in indices { forEachInterval(ofStream: index, at: position) { result.append($0) } }
    return result
  }

  /// Calls `body` with the row of stream `index` at `position` when it closes an interval
  /// there (the elements of ``intervals(ofStream:)`` one position at a time), without copying
  /// the poll's row.
  public func forEachInterval(ofStream index: Int, at position: Int, _ body: (StreamRow) -> Void) {
    for streamRow in rows[position - droppedCount].streams
    where streamRow.stream == index && streamRow.duration != nil {
      body(streamRow)
    }
  }

  /// The poll's time and transport at `position`, without copying the poll's streams.
  public func transport(at position: Int) -> (time: Double?, transport: TransportRow?) {
    let offset = position - droppedCount
    return (rows[offset].time, rows[offset].transport)
  }
}
