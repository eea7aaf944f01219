/// The metric engine: takes the stats reports and events of a call and summarises every peer
/// connection, track and layer, keeping a per-poll ``Timeline`` of each connection.
///
/// Use it live from an app by feeding each `getStats()` result as it arrives, or let a
/// parser from `RTCStatsFormats` feed it a dump:
///
///     var analyzer = CallAnalyzer()
///     analyzer.consume(report, peerConnection: "PC_0")   // once per poll
///     let analysis = analyzer.analysis()
///
/// Reports may come in any order across peer connections; within one, each stats object's
/// samples are expected in time order (an older sample is skipped and counted).
public struct CallAnalyzer: StatsReportConsumer, Sendable {
  /// How many rows each timeline keeps.
  public let retention: TimelineRetention
  /// The most events kept per call; more are counted, not kept.
  public let eventLimit: Int
  private var connections: [PeerConnectionAccumulator] = []
  private var connectionIndex: [String: Int] = [:]
  private var sequence = 0
  private var events: [StatsEvent] = []
  private var droppedEvents = 0
  /// The diagnosis, fed every row and event as they arrive (``CallDiagnosis/latest(of:)`` for
  /// live use).
  public private(set) var diagnosis: CallDiagnosis

  /// An analyzer whose timelines keep rows as `retention` says, diagnosing with `thresholds`.
  public init(
    retention: TimelineRetention = .all, eventLimit: Int = 100_000, thresholds: ThresholdTable = .defaults
  ) {
    self.retention = retention
    self.eventLimit = eventLimit
    diagnosis = CallDiagnosis(thresholds: thresholds, keepsIntervals: retention.keepsEverything)
  }

  /// Adds one report of the peer connection `peerConnection`.
  public mutating func consume(_ report: StatsReport, peerConnection: String) {
    _ = add(report, peerConnection: peerConnection)
  }

  /// Adds one report of `peerConnection` and returns the row it became in that connection's
  /// timeline.
  @discardableResult
  public mutating func add(_ report: StatsReport, peerConnection: String) -> TimelineRow {
    let position = accumulatorPosition(of: peerConnection)
    let row = connections[position].add(report, sequence: nextSequence())
    diagnosis.observe(
      row, streams: connections[position].timeline.streams, report: report, peerConnection: peerConnection)
    return row
  }

  /// Keeps an event (up to ``eventLimit``).
  public mutating func consume(event: StatsEvent) {
    diagnosis.observe(event: event)
    keep(event)
  }

  /// Puts back the state of a lane taken with ``lane(for:)`` and fed after
  /// ``admit(reportOf:)`` and ``admit(event:)``.
  public mutating func attach(_ lane: ConnectionLane) {
    if lane.hasReports, let position = connectionIndex[lane.peerConnection] {
      connections[position] = lane.accumulator
    }
    if lane.isDiagnosed { diagnosis.install(lane.diagnosis, for: lane.peerConnection) }
  }

  /// The position of `peerConnection`'s accumulator, made at its first report.
  private mutating func accumulatorPosition(of peerConnection: String) -> Int {
    if let existing = connectionIndex[peerConnection] { return existing }
    connectionIndex[peerConnection] = connections.count
    connections.append(PeerConnectionAccumulator(id: peerConnection, retention: retention))
    return connections.count - 1
  }

  mutating func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  /// Holds the places of a connection whose report a lane adds: its accumulator's, then its
  /// diagnosis's (the order ``add(_:peerConnection:)`` makes them in).
  mutating func reservePlace(for peerConnection: String) {
    _ = accumulatorPosition(of: peerConnection)
    diagnosis.reserve(peerConnection)
  }

  /// Holds the diagnosis place of the connection `event` names; diagnoses a page-level event.
  mutating func reserveDiagnosis(for event: StatsEvent) -> Bool {
    guard let id = event.peerConnection else {
      diagnosis.observe(event: event)
      return false
    }
    diagnosis.reserve(id)
    return true
  }

  mutating func keep(_ event: StatsEvent) {
    guard events.count < eventLimit else {
      droppedEvents += 1
      return
    }
    events.append(event)
  }

  /// The timeline of `peerConnection` so far.
  public func timeline(of peerConnection: String) -> Timeline? {
    connectionIndex[peerConnection].map { connections[$0].timeline }
  }

  /// The peer connections seen so far, in order of their first report.
  public var peerConnections: [String] { connections.map(\.id) }

  /// Samples skipped because they were older than the previous sample of the same object.
  public var skippedSamples: Int { connections.reduce(0) { $0 + $1.outOfOrderSamples } }

  /// Counter resets seen (a stream restarting behind the same stats id).
  public var counterResets: Int { connections.reduce(0) { $0 + $1.counterResets } }

  /// What the engine noticed about the data: samples skipped, counter resets, events dropped.
  public var diagnostics: [Diagnostic] {
    var result: [Diagnostic] = []
    if skippedSamples > 0 {
      result.append(Diagnostic(.skippedSamples, evidence: ["count": .integer(skippedSamples)]))
    }
    if counterResets > 0 {
      result.append(Diagnostic(.counterResets, evidence: ["count": .integer(counterResets)]))
    }
    let impossible = connections.reduce((count: 0, first: String?.none)) { sum, connection in
      let own = connection.impossibleValues
      return (sum.count + own.count, sum.first ?? own.first)
    }
    if impossible.count > 0 {
      result.append(
        Diagnostic(
          .impossibleCounterValues,
          evidence: ["count": .integer(impossible.count), "member": .text(impossible.first ?? "?")]))
    }
    for connection in connections { result.append(contentsOf: Self.clockDiagnostics(connection)) }
    if droppedEvents > 0 {
      result.append(
        Diagnostic(
          .eventsDropped, evidence: ["count": .integer(droppedEvents), "limit": .integer(eventLimit)]))
    }
    return result
  }

  /// Relative or constant timestamps, and objects beyond the limits, of one connection.
  private static func clockDiagnostics(_ connection: PeerConnectionAccumulator) -> [Diagnostic] {
    var result: [Diagnostic] = []
    let place: EvidenceValue = .text(connection.id)
    if let first = connection.earliestTime, let last = connection.latestTime {
      if connection.timedReports > 1 && first == last {
        result.append(
          Diagnostic(
            .constantTimestamps, peerConnection: connection.id,
            evidence: [
              "peerConnection": place, "count": .integer(connection.timedReports), "time": .number(first),
            ]))
      } else if first < 1e12 {
        result.append(
          Diagnostic(.relativeTimestamps, peerConnection: connection.id, evidence: ["peerConnection": place]))
      }
    }
    for (count, limit, what) in [
      (connection.ignoredStreams, PeerConnectionAccumulator.streamLimit, "RTP streams"),
      (connection.ignoredObjects, ReferencedObjects.limit, "referenced stats objects"),
    ] where count > 0 {
      result.append(
        Diagnostic(
          .tooManyObjects, peerConnection: connection.id,
          evidence: [
            "peerConnection": place, "limit": .integer(limit), "what": .text(what), "count": .integer(count),
          ]))
    }
    return result
  }

  /// Summarises everything consumed so far: a fold over each connection's timeline, kept up
  /// to date as reports arrive.
  ///
  /// - Complexity: O(*m* log *m*) in the values each summary keeps exactly (at most
  ///   ``DistributionBuilder/exactLimit`` per figure); O(*n*) in the rows when a stream
  ///   changed track after its first rows (the timeline is folded again).
  public func analysis() -> CallAnalysis {
    let attached = Set(connections.map(\.id))
    let diagnosed = diagnosis.result()
    let analyses = connections.map { connection in
      let fold = connection.fold
      let own = events.filter { $0.peerConnection == connection.id }
      var analysis = fold.analysis(of: connection.timeline, events: own)
      analysis.networkCondition = diagnosed.conditions[connection.id]
      analysis.audioMOS = diagnosed.audioMOS[connection.id] ?? []
      return analysis
    }
    let loose = events.filter { event in event.peerConnection.map { !attached.contains($0) } ?? true }
    return CallAnalysis(
      peerConnections: analyses, events: loose, diagnostics: diagnostics, findings: diagnosed.findings)
  }
}
