import Dispatch
public import RTCStatsCore
import Synchronization

// MARK: - Design
//
// Reading a dump has two halves of about the same cost: the parser (bytes to reports) and the
// engine (reports to timelines, figures and findings). The engine needs the reports in dump
// order, so it cannot be split, but it can run beside the parser:
//
//     parser (calling thread) ──batches of reports and events──▶ engine (one serial queue)
//
// Items keep their order (one serial queue, batches sent in order), so the consumer sees
// exactly the sequence it would have seen on the calling thread and its result is identical.
// At most `inFlight` batches wait at once: the parser blocks when the engine falls behind,
// and memory stays bounded whatever the file size. The engine hands each batch it is done
// with back, and the parser's thread frees it: the reports were allocated there, and freeing
// them on the engine's thread cost it 5–7 % of its time (glibc arena locks, page protection
// changes) when it is the slower of the two.

/// A consumer that hands every report and event, in order, to `base` on another thread, so
/// that the engine works while the parser reads on.
///
/// Use ``finished()`` to wait for the engine and take `base` back. The result is the one the
/// same consumer gives on the calling thread: the items arrive in the same order.
public struct PipelinedConsumer<Base: StatsReportConsumer & Sendable>: StatsReportConsumer {
  /// One thing the parser read.
  private enum Item: Sendable {
    case report(StatsReport, peerConnection: String)
    case event(StatsEvent)
    case finish
  }

  /// The engine's side: `base` is only touched on `queue` (and by ``finished()`` after the
  /// queue drained), which is what makes the class safe to share.
  private final class Stage: @unchecked Sendable {
    var base: Base
    let queue = DispatchQueue(label: "rtcstats.engine")
    let slots: DispatchSemaphore
    /// Batches the engine is done with, for the parser's thread to free.
    let done = Mutex<[[Item]]>([])

    init(base: Base, inFlight: Int) {
      self.base = base
      slots = DispatchSemaphore(value: inFlight)
    }

    func run(_ items: [Item]) {
      for item in items {
        switch item {
        case .report(let report, let peerConnection): base.consume(report, peerConnection: peerConnection)
        case .event(let event): base.consume(event: event)
        case .finish: base.finish()
        }
      }
      done.withLock { $0.append(items) }
      slots.signal()
    }

    /// Frees the batches the engine is done with, on the calling thread.
    func freeDone() {
      let batches = done.withLock { done in
        defer { done = [] }
        return done
      }
      _ = batches
    }
  }

  private let stage: Stage
  private var batch: [Item] = []
  private var batchObjects = 0
  private let batchLimit: Int

  /// Stats objects per batch (a batch also ends after ``maximumBatchItems`` items).
  ///
  /// A W3C object holds about 1 KB of columns: with 3 batches waiting, the pipeline keeps
  /// about 4 MB at most. Batches of 4096 objects with 4 waiting made the peak RSS of a 50 MB
  /// JSON-lines log (`--no-intervals`) 58 MB instead of 34 MB, and 70 instead of 44 at 500 MB.
  public static var batchObjectLimit: Int { 1024 }
  /// Reports and events per batch at most.
  public static var maximumBatchItems: Int { 256 }
  /// Dumps smaller than this are read on one thread: the engine's share is too small to
  /// gain from a second one.
  public static var minimumSize: Int { 4 << 20 }

  /// Wraps `base`; batches of at most `batchItems` items (and ``batchObjectLimit`` objects),
  /// at most `inFlight` of them waiting for the engine at once.
  public init(_ base: Base, batchItems: Int = Self.maximumBatchItems, inFlight: Int = 3) {
    stage = Stage(base: base, inFlight: max(1, inFlight))
    batchLimit = max(1, batchItems)
    batch.reserveCapacity(batchLimit)
  }

  /// Whether a dump of `size` bytes (`nil`: unknown, a pipe) is worth a second thread: more
  /// than one core and a dump of at least ``minimumSize`` or of unknown size.
  public static func isWorthIt(size: Int?) -> Bool {
    guard System.activeProcessorCount > 1 else { return false }
    guard let size else { return true }
    return size >= minimumSize
  }

  /// Queues the report for the engine.
  public mutating func consume(_ report: StatsReport, peerConnection: String) {
    batch.append(.report(report, peerConnection: peerConnection))
    batchObjects += report.count
    if batch.count >= batchLimit || batchObjects >= Self.batchObjectLimit { send() }
  }

  /// Queues the event for the engine.
  public mutating func consume(event: StatsEvent) {
    batch.append(.event(event))
    if batch.count >= batchLimit { send() }
  }

  /// Queues the end of the input for the engine (it reaches `base` after every item before it).
  public mutating func finish() {
    batch.append(.finish)
    send()
  }

  /// Waits until the engine has taken every queued item and returns `base` as it is then.
  public mutating func finished() -> Base {
    send()
    let stage = self.stage
    let base = stage.queue.sync { stage.base }
    stage.freeDone()
    return base
  }

  /// Hands the current batch to the engine, waiting while ``init(_:batchItems:inFlight:)``'s number of
  /// batches are still queued.
  private mutating func send() {
    guard !batch.isEmpty else { return }
    let items = batch
    batch = []
    batch.reserveCapacity(batchLimit)
    batchObjects = 0
    let stage = self.stage
    stage.slots.wait()
    stage.queue.async { stage.run(items) }
    stage.freeDone()
  }
}
