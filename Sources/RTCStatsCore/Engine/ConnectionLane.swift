/// One peer connection's share of the engine — its timeline accumulator and its diagnosis —
/// taken out of a ``CallAnalyzer`` so that it can run on a thread of its own.
///
/// While reports arrive, peer connections do not depend on each other: what they share is
/// bookkeeping (the report sequence, the order in which connections first appeared, the
/// call's event list, the page-level diagnosis). The analyzer keeps that on the reading
/// thread (``CallAnalyzer/admit(reportOf:)``, ``CallAnalyzer/admit(event:)``), each lane does
/// its connection's per-poll work in order, and ``CallAnalyzer/attach(_:)`` puts the lanes
/// back. For the same items in the same order the analysis is the one
/// ``CallAnalyzer/consume(_:peerConnection:)`` and ``CallAnalyzer/consume(event:)`` give.
public struct ConnectionLane: Sendable {
  /// The connection the lane analyses.
  public let peerConnection: String
  private(set) var accumulator: PeerConnectionAccumulator
  private(set) var diagnosis: ConnectionDiagnosis
  /// Whether the lane took a report (the analyzer then holds a place for its accumulator).
  private(set) var hasReports = false
  /// Whether the lane took a report or an event (the diagnosis then holds a place for it).
  private(set) var isDiagnosed = false

  init(peerConnection: String, retention: TimelineRetention, thresholds: ThresholdTable) {
    self.peerConnection = peerConnection
    accumulator = PeerConnectionAccumulator(id: peerConnection, retention: retention)
    diagnosis = thresholds.resolved.connection
    diagnosis.start(id: peerConnection, keepsIntervals: retention.keepsEverything)
  }

  /// Adds a report of the connection with the sequence number
  /// ``CallAnalyzer/admit(reportOf:)`` gave it.
  public mutating func add(_ report: StatsReport, sequence: Int) {
    hasReports = true
    isDiagnosed = true
    let row = accumulator.add(report, sequence: sequence)
    _ = diagnosis.observe(row, streams: accumulator.timeline.streams, report: report)
  }

  /// Diagnoses an event of the connection that ``CallAnalyzer/admit(event:)`` kept.
  public mutating func observe(event: StatsEvent) {
    isDiagnosed = true
    diagnosis.observe(event: event)
  }
}

extension CallAnalyzer {
  /// An empty lane for `peerConnection`, analysing as this analyzer would.
  public func lane(for peerConnection: String) -> ConnectionLane {
    ConnectionLane(peerConnection: peerConnection, retention: retention, thresholds: diagnosis.thresholds)
  }

  /// Numbers the next report of `peerConnection` as ``add(_:peerConnection:)`` would and holds
  /// the connection's places (in the order connections first appear); the connection's lane
  /// then adds the report with this number.
  public mutating func admit(reportOf peerConnection: String) -> Int {
    reservePlace(for: peerConnection)
    return nextSequence()
  }

  /// Keeps `event` in the call's list as ``consume(event:)`` does, and diagnoses it here when
  /// it names no peer connection; returns whether it belongs to a connection's lane (which
  /// then observes it).
  public mutating func admit(event: StatsEvent) -> Bool {
    let isForLane = reserveDiagnosis(for: event)
    keep(event)
    return isForLane
  }
}
