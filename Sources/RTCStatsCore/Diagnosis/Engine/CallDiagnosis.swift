/// The diagnosis of a call: one ``ConnectionDiagnosis`` per peer connection and one for the
/// page's events (getUserMedia), fed by ``CallAnalyzer`` as reports and events arrive.
///
/// For live use, ``latest(of:)`` gives each connection's last ``PollDiagnosis`` (the findings
/// that started or ended at that poll, the grade now); ``result()`` assembles the call's
/// findings, network conditions (with the degradation source, which compares all
/// connections) and audio MOS at any moment without disturbing the state.
public struct CallDiagnosis: Sendable {
  /// The thresholds in use.
  public let thresholds: ThresholdTable
  private let keepsIntervals: Bool
  private var connections: [ConnectionDiagnosis] = []
  private var index: [String: Int] = [:]
  /// The page's diagnosis (none or one), made at the first page-level event.
  ///
  /// Most calls have none, and a diagnosis that read nothing finds nothing. An array, not an
  /// optional: an optional diagnosis is some 7 KB zeroed for every call.
  private var page: [ConnectionDiagnosis] = []
  /// The connection looked up last (polls of one connection usually follow each other).
  private var lastLookup: (id: String, position: Int)?

  /// A diagnosis with `thresholds`; `keepsIntervals` keeps the per-interval MOS list.
  public init(thresholds: ThresholdTable = .defaults, keepsIntervals: Bool = true) {
    self.thresholds = thresholds
    self.keepsIntervals = keepsIntervals
  }

  /// Reads one poll of `peerConnection`: its row, the stream identities it refers to and the
  /// report it came from (for the capture sources' sizes).
  @discardableResult
  public mutating func observe(
    _ row: TimelineRow, streams: [StreamInfo], report: StatsReport? = nil, peerConnection: String
  ) -> PollDiagnosis {
    connections[position(of: peerConnection)].observe(row, streams: streams, report: report)
  }

  /// Reads one event (page-level when it names no peer connection).
  public mutating func observe(event: StatsEvent) {
    if let id = event.peerConnection {
      connections[position(of: id)].observe(event: event)
    } else {
      if page.isEmpty {
        page.append(thresholds.resolved.connection)
        page[0].start(id: nil, keepsIntervals: keepsIntervals)
      }
      page[0].observe(event: event)
    }
  }

  /// The last poll's diagnosis of `peerConnection`.
  public func latest(of peerConnection: String) -> PollDiagnosis? {
    index[peerConnection].flatMap { connections[$0].latest }
  }

  /// Everything diagnosed so far, with open episodes closed at their last interval.
  public func result() -> DiagnosisResult {
    let outcomes = connections.map { $0.outcome() }
    let pageFindings = page.first?.outcome().findings ?? []
    var conditions: [String: NetworkCondition] = [:]
    var mos: [String: [MOSSummary]] = [:]
    let health = outcomes.map(\.health)
    for (position, connection) in outcomes.enumerated() {
      guard let id = connection.id else { continue }
      conditions[id] = Self.condition(of: position, in: outcomes, health: health)
      mos[id] = connection.audioMOS
    }
    let findings = FindingMerger.merge(outcomes.flatMap(\.findings) + pageFindings)
    let dropped = outcomes.reduce(0) { $0 + $1.droppedFindings }
    return DiagnosisResult(
      findings: findings, conditions: conditions, audioMOS: mos, droppedFindings: dropped)
  }

  /// Makes the place of connection `id` if it has none yet (as its first poll or event would).
  mutating func reserve(_ id: String) {
    _ = position(of: id)
  }

  /// Puts in the diagnosis of connection `id` that a lane made (its place reserved before).
  mutating func install(_ diagnosis: ConnectionDiagnosis, for id: String) {
    connections[position(of: id)] = diagnosis
  }

  private mutating func position(of id: String) -> Int {
    if let last = lastLookup, last.id == id { return last.position }
    if let existing = index[id] {
      lastLookup = (id, existing)
      return existing
    }
    index[id] = connections.count
    connections.append(thresholds.resolved.connection)
    connections[connections.count - 1].start(id: id, keepsIntervals: keepsIntervals)
    return connections.count - 1
  }
}

/// The assembled diagnosis of a call.
public struct DiagnosisResult: Sendable, Equatable {
  /// Every finding, in time order.
  public var findings: [Diagnostic]
  /// Per peer connection, its network condition.
  public var conditions: [String: NetworkCondition]
  /// Per peer connection, each audio track's MOS in the order the tracks appeared.
  public var audioMOS: [String: [MOSSummary]]
  /// Findings beyond ``ConnectionDiagnosis/findingLimit`` that were counted, not kept.
  public var droppedFindings: Int
}
