/// A consumer that records what a dump holds without computing metrics: per peer
/// connection the time span, the number of reports, the stats types and their counts, and
/// clock anomalies. Used by `rtcstats inspect`.
public struct StatsInventory: StatsReportConsumer, Sendable {
  /// What one peer connection holds.
  public struct PeerConnection: Sendable {
    public var id: String
    public var reportCount = 0
    public var firstTimestamp: Double?
    public var lastTimestamp: Double?
    /// Stats objects per `type` as written in the dump; a type inferred from the id or the
    /// members is marked `(inferred)`, an unknown one is `(no type)`.
    public var typeCounts: [String: Int] = [:]
    /// Distinct stats ids seen.
    public var objectCount: Int { ids.count }
    /// Reports whose newest timestamp is older than the previous report's.
    public var backwardSteps = 0
    /// The longest gap between consecutive reports, ms.
    public var longestGap: Double?
    fileprivate var ids: Set<String> = []
    fileprivate var previousReportTime: Double?
    fileprivate var gaps: [Double] = []

    /// The median gap between consecutive reports (the polling interval), ms.
    public var typicalInterval: Double? {
      guard !gaps.isEmpty else { return nil }
      return gaps.sorted()[gaps.count / 2]
    }
  }

  public private(set) var peerConnections: [PeerConnection] = []
  private var indexByID: [String: Int] = [:]

  public init() {}

  public mutating func consume(_ report: StatsReport, peerConnection: String) {
    let position: Int
    if let existing = indexByID[peerConnection] {
      position = existing
    } else {
      position = peerConnections.count
      indexByID[peerConnection] = position
      peerConnections.append(PeerConnection(id: peerConnection))
    }
    var connection = peerConnections[position]
    connection.reportCount += 1
    var newest: Double?
    for index in 0..<report.count {
      var name = report.typeName(at: index)
      if name.isEmpty {
        // No `type` member: the parser inferred it from the id or the members.
        let type = report.type(at: index)
        name = type == .other ? "(no type)" : type.name + " (inferred)"
      }
      connection.typeCounts[name, default: 0] += 1
      connection.ids.insert(report.id(at: index))
      if let timestamp = report.timestamp(at: index) {
        newest = max(newest ?? timestamp, timestamp)
        connection.firstTimestamp = min(connection.firstTimestamp ?? timestamp, timestamp)
        connection.lastTimestamp = max(connection.lastTimestamp ?? timestamp, timestamp)
      }
    }
    if let time = report.timestamp ?? newest {
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
    peerConnections[position] = connection
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
