/// A consumer that records what a dump holds without computing metrics: per peer
/// connection the time span, the number of reports, the stats types and their counts, and
/// clock anomalies; the events of the dump (getUserMedia calls, peer connections that have
/// events but no stats).
///
/// Used by `rtcstats inspect`.
///
/// Linear in the input and bounded in memory: each report is recorded in place (no copy of
/// what was gathered before), at most ``idLimit`` distinct stats ids and ``typeLimit``
/// distinct type names are kept per peer connection (the counts say when there were more).
public struct StatsInventory: StatsReportConsumer, Sendable {
  /// The most distinct stats ids counted per peer connection.
  public static let idLimit = 1 << 16
  /// The most distinct type names counted per peer connection; objects of further types
  /// are counted under ``otherTypes``.
  public static let typeLimit = 1024
  /// The type name objects beyond ``typeLimit`` distinct types are counted under.
  public static let otherTypes = "(other types)"

  /// What one peer connection holds.
  public struct PeerConnection: Sendable {
    /// The peer connection's id as written in the dump.
    public var id: String
    /// How many reports (polls) the dump holds for it.
    public var reportCount = 0
    /// The first report's timestamp (ms since the Unix epoch), when any report had one.
    public var firstTimestamp: Double?
    /// The last report's timestamp (ms since the Unix epoch), when any report had one.
    public var lastTimestamp: Double?
    /// Stats objects per `type` as written in the dump; a type inferred from the id or the
    /// members is marked `(inferred)`, an unknown one is `(no type)`.
    public var typeCounts: [String: Int] = [:]
    /// Distinct stats ids seen, at most ``StatsInventory/idLimit``.
    public var objectCount: Int { ids.count }
    /// Whether there were more distinct ids than ``StatsInventory/idLimit``.
    public private(set) var hasMoreObjects = false
    /// Reports whose newest timestamp is older than the previous report's.
    public var backwardSteps = 0
    /// The longest gap between consecutive reports, ms.
    public var longestGap: Double?
    /// Events of this peer connection (state changes, API calls).
    public var eventCount = 0
    /// The last `connectionState` an event gave, else the last `iceConnectionState`.
    public var lastConnectionState: String? { connectionState ?? iceConnectionState }
    var connectionState: String?
    var iceConnectionState: String?
    fileprivate var ids: Set<String> = []
    fileprivate var previousReportTime: Double?
    fileprivate var gaps: [Double] = []

    /// The median gap between consecutive reports (the polling interval), ms.
    public var typicalInterval: Double? {
      guard !gaps.isEmpty else { return nil }
      return gaps.sorted()[gaps.count / 2]
    }

    fileprivate mutating func noteID(_ id: String) {
      guard ids.count < StatsInventory.idLimit else {
        if !ids.contains(id) { hasMoreObjects = true }
        return
      }
      ids.insert(id)
    }

    fileprivate mutating func noteType(_ name: String) {
      if typeCounts[name] == nil, typeCounts.count >= StatsInventory.typeLimit {
        typeCounts[StatsInventory.otherTypes, default: 0] += 1
      } else {
        typeCounts[name, default: 0] += 1
      }
    }
  }

  /// The peer connections in the order they first appeared.
  public internal(set) var peerConnections: [PeerConnection] = []
  private var indexByID: [String: Int] = [:]
  /// The page's `getUserMedia` calls and their outcomes.
  public internal(set) var getUserMedia = MediaRequests()
  /// The page's `getDisplayMedia` calls and their outcomes.
  public internal(set) var getDisplayMedia = MediaRequests()
  /// Events in the dump, all peer connections and the page together.
  public internal(set) var eventCount = 0

  /// An empty inventory.
  public init() {}

  /// Records one report of `peerConnection`: its timestamp and every stats object's type.
  public mutating func consume(_ report: StatsReport, peerConnection: String) {
    let position = self.position(of: peerConnection)
    Self.record(report, into: &peerConnections[position])
  }

  /// The position of the peer connection named `name`, added when new.
  mutating func position(of name: String) -> Int {
    if let existing = indexByID[name] { return existing }
    indexByID[name] = peerConnections.count
    peerConnections.append(PeerConnection(id: name))
    return peerConnections.count - 1
  }

  /// Adds one report to its connection, in place.
  ///
  /// - Complexity: O(*n*) in the objects of the report.
  private static func record(_ report: StatsReport, into connection: inout PeerConnection) {
    connection.reportCount += 1
    var newest: Double?
    for index in 0..<report.count {
      var name = report.typeName(at: index)
      if name.isEmpty {
        // No `type` member: the parser inferred it from the id or the members.
        let type = report.type(at: index)
        name = type == .other ? "(no type)" : type.name + " (inferred)"
      }
      connection.noteType(name)
      connection.noteID(report.id(at: index))
      if let timestamp = report.timestamp(at: index) {
        // `remote-*` objects carry the time of the last RTCP report, not of the poll.
        let type = report.type(at: index)
        if type != .remoteInboundRTP && type != .remoteOutboundRTP {
          newest = max(newest ?? timestamp, timestamp)
        }
      }
    }
    // The poll's time, as the engine takes it: the report's own, else its newest local
    // object's (``PeerConnectionAccumulator``); a report of remote objects only has none.
    guard let time = report.timestamp ?? newest else { return }
    connection.firstTimestamp = min(connection.firstTimestamp ?? time, time)
    connection.lastTimestamp = max(connection.lastTimestamp ?? time, time)
    if let previous = connection.previousReportTime {
      if time < previous {
        connection.backwardSteps += 1
      } else {
        let gap = time - previous
        connection.gaps.append(gap)
        connection.longestGap = max(connection.longestGap ?? gap, gap)
      }
    }
    connection.previousReportTime = time
  }

  /// Clock and coverage warnings for people: steps back in time, long gaps, timestamps that
  /// are not epoch milliseconds.
  public func warnings() -> [String] {
    var warnings: [String] = []
    for connection in peerConnections {
      if connection.backwardSteps > 0 {
        warnings.append(
          "\(connection.id): \(connection.backwardSteps) report(s) older than the one before (out-of-order lines or a clock step)"
        )
      }
      if let typical = connection.typicalInterval, let longest = connection.longestGap,
        typical > 0, longest > max(10 * typical, 5000)
      {
        warnings.append(
          "\(connection.id): a gap of \(Int(longest / 1000)) s between reports (polling every \(Int(typical)) ms otherwise)"
        )
      }
      if let first = connection.firstTimestamp, first < 1e12 {
        warnings.append(
          "\(connection.id): timestamps are not epoch milliseconds (relative performance.now() values?); dates are unknown"
        )
      }
    }
    return warnings
  }
}
