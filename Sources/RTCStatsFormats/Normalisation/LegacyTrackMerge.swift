import RTCStatsCore

/// Moves the members Chrome ≤ M100 kept on the obsolete `track` stats object into the RTP
/// stream rows that name it, so that Core reads every RTP figure from `inbound-rtp` and
/// `outbound-rtp` alone.
///
/// Old Chrome reported `freezeCount`, `totalFreezesDuration`, `pauseCount`,
/// `totalPausesDuration`, `frameWidth`, `frameHeight` and `trackIdentifier` on a `track`
/// object (`RTCMediaStreamTrack_receiver_18`) that the RTP stream points at with its
/// `trackId`. Per peer connection the latest `track` object of each id is kept across
/// reports (an object missing from a poll still describes its track), and every
/// `inbound-rtp`/`outbound-rtp` row whose `trackId` names one gets each of those members it
/// lacks:
///
/// - the freeze and pause counters and the frame size, in both directions;
/// - `trackIdentifier` of an inbound row without one; of an outbound row without one only
///   when its `mediaSourceId` names no `media-source` with a `trackIdentifier` (the media
///   source names an outbound track; the latest `media-source` objects are kept too).
///
/// Members the row has are never replaced, and the rows' order, ids and types are kept.
struct LegacyTrackMerge {
  /// The members a `track` object lends, as its latest poll had them.
  private struct TrackMembers {
    var numbers: [(NumericField, Double)]
    var trackIdentifier: String?
  }

  /// The `track` and `media-source` objects of one peer connection.
  private struct Connection {
    let name: String
    var tracks: [String: TrackMembers] = [:]
    /// `trackIdentifier` per `media-source` id (`nil` when the source has none): a few per
    /// connection, searched in order, which costs less than hashing their ids every poll.
    var mediaSources: [(id: String, trackIdentifier: String?)] = []

    mutating func noteSource(id: String, trackIdentifier: String?) {
      if let index = mediaSources.firstIndex(where: { $0.id == id }) {
        mediaSources[index].trackIdentifier = trackIdentifier
      } else {
        // Media sources whose ids never repeat (a hostile dump) would make the search
        // quadratic: the oldest are forgotten past the limit.
        if mediaSources.count >= LegacyTrackMerge.sourceLimit {
          mediaSources.removeFirst(LegacyTrackMerge.sourceLimit / 2)
        }
        mediaSources.append((id, trackIdentifier))
      }
    }
  }

  /// The most `media-source` objects kept per connection (searched in order); the oldest
  /// half is forgotten past it.
  static let sourceLimit = 256
  /// The most `track` objects kept per connection; they are forgotten past it (the current
  /// report's are kept again at once).
  static let trackLimit = 4096

  /// The numeric members lent by a `track` object.
  static let lentNumbers: [NumericField] = [
    .freezeCount, .totalFreezesDuration, .pauseCount, .totalPausesDuration, .frameWidth, .frameHeight,
  ]

  /// Per peer connection, in order of appearance; `connectionIndex` finds one by name.
  ///
  /// Mutated in place, so that the maps are not copied for every report.
  private var connections: [Connection] = []
  private var connectionIndex: [String: Int] = [:]
  /// The connection of the last report: reports of one connection usually follow each other.
  private var lastConnection = -1

  /// `report` with the members of the `track` objects merged in, or `nil` when nothing
  /// changes (the common case: no `track` objects, or rows that already have everything).
  ///
  /// - Complexity: O(*n*) in the objects of the report.
  mutating func merged(_ report: StatsReport, peerConnection: String) -> StatsReport? {
    let index =
      lastConnection >= 0 && connections[lastConnection].name == peerConnection
      ? lastConnection : connectionIndex[peerConnection] ?? addConnection(peerConnection)
    lastConnection = index
    if connections[index].tracks.count > Self.trackLimit { connections[index].tracks.removeAll() }
    for row in 0..<report.count {
      switch report.type(at: row) {
      case .track:
        connections[index].tracks[report.id(at: row)] = TrackMembers(
          numbers: Self.lentNumbers.compactMap { field in report.number(field, at: row).map { (field, $0) } },
          trackIdentifier: report.text(.trackIdentifier, at: row))
      case .mediaSource:
        connections[index].noteSource(
          id: report.id(at: row), trackIdentifier: report.text(.trackIdentifier, at: row))
      default:
        break
      }
    }
    guard !connections[index].tracks.isEmpty else { return nil }
    return lend(connections[index], to: report)
  }

  private mutating func addConnection(_ name: String) -> Int {
    connectionIndex[name] = connections.count
    connections.append(Connection(name: name))
    return connections.count - 1
  }

  /// The report with the track members copied into the RTP rows that lack them.
  private func lend(_ connection: Connection, to report: StatsReport) -> StatsReport? {
    var result: StatsReport?
    for row in 0..<report.count {
      let type = report.type(at: row)
      guard type == .inboundRTP || type == .outboundRTP, let trackId = report.text(.trackId, at: row),
        let track = connection.tracks[trackId]
      else { continue }
      for (field, value) in track.numbers where report.number(field, at: row) == nil {
        if result == nil { result = report }
        result?.setNumber(value, field, at: row)
      }
      if let identifier = track.trackIdentifier, report.text(.trackIdentifier, at: row) == nil,
        type == .inboundRTP || !Self.sourceNamesTrack(report, row: row, connection)
      {
        if result == nil { result = report }
        result?.setText(identifier, .trackIdentifier, at: row)
      }
    }
    return result
  }
  /// Whether the `media-source` an outbound row points at has a `trackIdentifier`.
  private static func sourceNamesTrack(_ report: StatsReport, row: Int, _ connection: Connection)
    -> Bool
  {
    guard let source = report.text(.mediaSourceId, at: row),
      let known = connection.mediaSources.first(where: { $0.id == source })
    else { return false }
    return known.trackIdentifier != nil
  }
}
