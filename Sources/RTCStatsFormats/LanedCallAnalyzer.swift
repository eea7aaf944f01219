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
// four times that: memory stays bounded whatever the number of connections. A lane empties
// the reports of a batch it is done with (releasing their strings), and the parser's thread
// refills them or frees them, as ``PipelinedConsumer`` frees its batches. The lanes run on one serial
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

  /// A report a lane is done with, maybe emptied, and the stats objects it held (what filling
  /// it again stores at most without growing).
  struct Spare: Sendable {
    var report: StatsReport
    let objects: Int
  }

  /// Shared by the lanes: the batches waiting and the reports done, for the parser's thread
  /// to reuse or free.
  private final class Shared: Sendable {
    let slots: DispatchSemaphore
    /// Batches sent and not yet finished, over all lanes.
    let queued = Atomic<Int>(0)
    let done = Mutex<[[Spare]]>([])

    init(inFlight: Int) { slots = DispatchSemaphore(value: inFlight) }

    /// The reports of the batches the lanes are done with.
    func takeDone() -> [[Spare]] {
      done.withLock { done in
        defer { done = [] }
        return done
      }
    }
  }

  /// A batch on its way to a lane, which takes it out.
  ///
  /// The block that carries the parcel then holds no reference to the reports, so that the
  /// lane can empty them in place. Filled on the parser's thread before the block is queued
  /// and emptied on the lane's queue only.
  private final class Parcel: @unchecked Sendable {
    private var items: [Item]

    init(_ items: [Item]) { self.items = items }

    func take() -> [Item] {
      var taken: [Item] = []
      swap(&taken, &items)
      return taken
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

    func run(_ parcel: Parcel, shared: Shared) {
      let start = ContinuousClock.now
      let items = parcel.take()
      for item in items {
        switch item {
        case .report(let report, let sequence): state.add(report, sequence: sequence)
        case .event(let event): state.observe(event: event)
        }
      }
      // While the parser has a free slot for its next batch, it does not wait for the lanes
      // and the lane empties the reports; with every other slot taken, the engine sets the
      // pace and the parser's thread empties them.
      let waiting = shared.queued.subtract(1, ordering: .relaxed).newValue
      let keepsUp = waiting < LanedCallAnalyzer.inFlight - 1
      let spares = LanedCallAnalyzer.spares(of: Self.reports(in: consume items), emptying: keepsUp)
      elapsed += ContinuousClock.now - start
      shared.done.withLock { $0.append(spares) }
      shared.slots.signal()
    }

    /// The reports of a batch, which is dropped.
    private static func reports(in items: consuming [Item]) -> [StatsReport] {
      var reports: [StatsReport] = []
      reports.reserveCapacity(items.count)
      for item in items {
        if case .report(let report, _) = item { reports.append(report) }
      }
      return reports
    }
  }

  /// The reports a lane is done with, as spares; with `emptying`, emptied but for the last.
  ///
  /// Emptying a report releases every id, type name and text it holds (about 3,100
  /// instructions for a report of the 50 MB rtcstats dump, 3,000 for one of the
  /// webrtc-internals dump), work the parser's thread does before it refills a spare. A lane
  /// does it while fewer than ``inFlight`` − 1 other batches wait (the parser's next batch
  /// finds a free slot), else it would slow the slower side down. On the 50 MB bench inputs
  /// 40–100 % of the batches of JSON lines and of the rtcstats dump were emptied on the lane,
  /// and 5–75 % of those of the webrtc-internals dump, whose engine is as slow as its parser
  /// (counted per run; the share moves with what else the machine runs). The last report is left as it is: the parser may still hold
  /// it (its current report, or a connection's last full one), and emptying it would copy its
  /// storage rather than release it. A report held elsewhere too is never changed for that
  /// holder: emptying copies it first.
  static func spares(of reports: consuming [StatsReport], emptying: Bool) -> [Spare] {
    var spares: [Spare] = []
    spares.reserveCapacity(reports.count)
    for report in reports { spares.append(Spare(report: report, objects: report.count)) }
    reports = []
    guard emptying else { return spares }
    for index in spares.indices.dropLast() { spares[index].report.removeAll() }
    return spares
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
  private var spares: [Spare] = []
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
    spareObjects -= spare.objects
    return spare.report
  }

  /// Frees the reports the lanes are done with (emptied there), on the parser's thread.
  ///
  /// They are kept for ``spareReport()`` up to ``spareLimit`` reports and
  /// ``spareObjectLimit`` objects (counted as they were before the lane emptied them). The
  /// lane dropped its batch, so each kept report is the only owner of its storage once the
  /// parser has moved on from it, and the parser refills it in place.
  private mutating func recycleDone() {
    for batch in shared.takeDone() {
      for spare in batch where spares.count < Self.spareLimit {
        guard spareObjects + spare.objects <= Self.spareObjectLimit else { continue }
        spares.append(spare)
        spareObjects += spare.objects
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
    // The parcel is the batch's only holder: the lane takes it out and empties the reports.
    let parcel = Parcel(lane.batch)
    lane.batch = []
    lane.batch.reserveCapacity(Self.batchItems)
    bufferedObjects -= lane.batchObjects
    lane.batchObjects = 0
    let shared = self.shared
    shared.slots.wait()
    shared.queued.add(1, ordering: .relaxed)
    lane.queue.async { lane.run(parcel, shared: shared) }
    recycleDone()
  }
}
