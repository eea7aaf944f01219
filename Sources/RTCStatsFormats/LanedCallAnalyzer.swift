import Dispatch
public import RTCStatsCore
import Synchronization

// MARK: - Design
//
// ``PipelinedConsumer`` runs the engine on one thread beside the parser. When a dump holds
// several peer connections (webrtc-internals of a call through an SFU, Jitsi's P2P and JVB
// connections), their per-poll work is independent, so each connection gets a lane of its
// own:
//
//     parser ──▶ CallAnalyzer bookkeeping (sequence, first-appearance order, events)
//            ──batches──▶ lane "PC_0" (serial queue: accumulator + diagnosis)
//            ──batches──▶ lane "PC_1"
//
// Items of one connection keep their order (one serial queue per lane, batches sent in
// order) and the analyzer numbers the reports on the parser's thread, so the attached result
// is the one the analyzer gives on one thread. At most ``LanedCallAnalyzer/inFlight`` batches
// wait at once over all lanes, and a lane's batch is sent once it holds
// ``PipelinedConsumer/batchObjectLimit`` objects or the buffered objects of all lanes reach
// four times that: memory stays bounded whatever the number of connections. Batches are
// freed on the parser's thread, as ``PipelinedConsumer`` does. The lanes run on one serial
// queue per core the parser leaves (``LanedCallAnalyzer/engineThreads``), lane *i* on queue
// *i* mod that number: on two cores every lane shares one engine thread, and the parser
// keeps its core.

/// A ``CallAnalyzer`` that analyses each peer connection on a lane of its own while the parser
/// reads on; ``finished()`` waits for every lane and gives the analyzer back, with the result
/// it gives on one thread for the same items.
public struct LanedCallAnalyzer: StatsReportConsumer {
  private enum Item: Sendable {
    case report(StatsReport, sequence: Int)
    case event(StatsEvent)
  }

  /// Shared by the lanes: the batches waiting and the batches done, for the parser's thread
  /// to free.
  private final class Shared: Sendable {
    let slots: DispatchSemaphore
    let done = Mutex<[[Item]]>([])

    init(inFlight: Int) { slots = DispatchSemaphore(value: inFlight) }

    /// The batches the lanes are done with.
    func takeDone() -> [[Item]] {
      done.withLock { done in
        defer { done = [] }
        return done
      }
    }
  }

  /// One connection's lane: its state is only touched on `queue` (and by ``finished()``
  /// after the queue drained), its batch only on the parser's thread.
  private final class Lane: @unchecked Sendable {
    var state: ConnectionLane
    var elapsed: Duration = .zero
    let queue: DispatchQueue
    var batch: [Item] = []
    var batchObjects = 0

    init(_ state: ConnectionLane, on thread: DispatchQueue) {
      self.state = state
      queue = DispatchQueue(label: "rtcstats.lane", target: thread)
    }

    func run(_ items: [Item], shared: Shared) {
      let start = ContinuousClock.now
      for item in items {
        switch item {
        case .report(let report, let sequence): state.add(report, sequence: sequence)
        case .event(let event): state.observe(event: event)
        }
      }
      elapsed += ContinuousClock.now - start
      shared.done.withLock { $0.append(items) }
      shared.slots.signal()
    }
  }

  private var analyzer: CallAnalyzer
  private var lanes: [Lane] = []
  /// The serial queues the lanes run on, one per core the parser leaves (``engineThreads``):
  /// a lane keeps its order on its own queue, and lanes beyond that number share a thread.
  private let threads: [DispatchQueue]
  private var laneIndex: [String: Int] = [:]
  private var lastLane: (peerConnection: String, position: Int)?
  private var bufferedObjects = 0
  private let shared: Shared
  /// Reports of finished batches, for the parser to fill again (``spareReport()``), and the
  /// stats objects they hold.
  private var spares: [StatsReport] = []
  private var spareObjects = 0
  /// Events consumed.
  public private(set) var eventCount = 0

  /// Spare reports kept at most, and stats objects in them at most: what the parser fills
  /// between two sends at most (the lanes are all sent once their buffered objects reach four
  /// batches), so that the storage kept stays bounded however large each report is.
  ///
  /// One batch's worth was too few with two connections: the parser fills a report of each in
  /// turn and both lanes' batches come back together, so most of them were freed on the
  /// parser's thread and the next reports allocated again: on the 50 MB rtcstats dump
  /// (5,460 reports of seven arrays each) that thread freed 26,252 report arrays, 4,731 with
  /// this limit (callgrind call counts).
  private static var spareLimit: Int { 4 * batchItems }
  private static var spareObjectLimit: Int { 4 * batchObjects }

  /// Batches waiting for the lanes at once, over all lanes.
  public static var inFlight: Int { 4 }
  /// Reports and events per batch at most, and stats objects per batch (as
  /// ``PipelinedConsumer``'s batches).
  private static var batchItems: Int { PipelinedConsumer<CallAnalyzer>.maximumBatchItems }
  private static var batchObjects: Int { PipelinedConsumer<CallAnalyzer>.batchObjectLimit }

  /// Whether a dump of `size` bytes (`nil`: unknown, a pipe) is worth the lanes: more than one
  /// core and a dump of at least ``PipelinedConsumer/minimumSize`` or of unknown size.
  public static func isWorthIt(size: Int?) -> Bool {
    PipelinedConsumer<CallAnalyzer>.isWorthIt(size: size)
  }

  /// The threads the lanes run on: every core but the parser's, at least one.
  ///
  /// A lane per connection on a thread of its own took CPU time from the parser, which sets
  /// the pace of a whole-document dump: a webrtc-internals dump of two connections on two
  /// cores ran three busy threads on two cores.
  public static var engineThreads: Int { max(1, System.activeProcessorCount - 1) }

  /// Analyses with `analyzer` (which has consumed nothing yet).
  public init(_ analyzer: CallAnalyzer) {
    self.analyzer = analyzer
    shared = Shared(inFlight: Self.inFlight)
    threads = (0..<Self.engineThreads).map { _ in DispatchQueue(label: "rtcstats.engine") }
  }

  /// Numbers the report and queues it on its connection's lane.
  public mutating func consume(_ report: StatsReport, peerConnection: String) {
    let sequence = analyzer.admit(reportOf: peerConnection)
    let lane = self.lane(for: peerConnection)
    lane.batch.append(.report(report, sequence: sequence))
    lane.batchObjects += report.count
    bufferedObjects += report.count
    if lane.batch.count >= Self.batchItems || lane.batchObjects >= Self.batchObjects { send(lane) }
    if bufferedObjects >= 4 * Self.batchObjects {
      for lane in lanes { send(lane) }
    }
  }

  /// Keeps the event in the call's list and queues it on its connection's lane, if it names one.
  public mutating func consume(event: StatsEvent) {
    eventCount += 1
    guard analyzer.admit(event: event), let peerConnection = event.peerConnection else { return }
    let lane = self.lane(for: peerConnection)
    lane.batch.append(.event(event))
    if lane.batch.count >= Self.batchItems { send(lane) }
  }

  /// Waits for every lane, attaches them, and returns the analyzer with the time the lanes
  /// spent working (added over the lanes).
  public mutating func finished() -> (analyzer: CallAnalyzer, engineTime: Duration) {
    for lane in lanes { send(lane) }
    var engineTime = Duration.zero
    for lane in lanes {
      let (state, elapsed) = lane.queue.sync { (lane.state, lane.elapsed) }
      analyzer.attach(state)
      engineTime += elapsed
    }
    _ = shared.takeDone()
    spares = []
    spareObjects = 0
    return (analyzer, engineTime)
  }

  /// A report of a batch the lanes are done with (its storage, for the parser's next report).
  public mutating func spareReport() -> StatsReport? {
    guard let spare = spares.popLast() else { return nil }
    spareObjects -= spare.count
    return spare
  }

  /// Frees the batches the lanes are done with, on the parser's thread.
  ///
  /// Their reports are kept for ``spareReport()`` up to ``spareLimit`` reports and
  /// ``spareObjectLimit`` objects. Once the batches are dropped (at the end of this call),
  /// each kept report is the only owner of its storage, so the parser refills it in place.
  private mutating func recycleDone() {
    for batch in shared.takeDone() {
      for item in batch where spares.count < Self.spareLimit {
        guard case .report(let report, _) = item, spareObjects + report.count <= Self.spareObjectLimit
        else { continue }
        spares.append(report)
        spareObjects += report.count
      }
    }
  }

  private mutating func lane(for peerConnection: String) -> Lane {
    if let last = lastLane, last.peerConnection == peerConnection { return lanes[last.position] }
    let position: Int
    if let existing = laneIndex[peerConnection] {
      position = existing
    } else {
      position = lanes.count
      laneIndex[peerConnection] = position
      lanes.append(Lane(analyzer.lane(for: peerConnection), on: threads[position % threads.count]))
    }
    lastLane = (peerConnection, position)
    return lanes[position]
  }

  private mutating func send(_ lane: Lane) {
    guard !lane.batch.isEmpty else { return }
    let items = lane.batch
    lane.batch = []
    lane.batch.reserveCapacity(Self.batchItems)
    bufferedObjects -= lane.batchObjects
    lane.batchObjects = 0
    let shared = self.shared
    shared.slots.wait()
    lane.queue.async { lane.run(items, shared: shared) }
    recycleDone()
  }
}
