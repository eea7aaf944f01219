import Dispatch
import RTCStatsCore
import Synchronization

// MARK: - Design
//
// A getStats log in JSON lines is a sequence of independent lines, so its parsing (almost
// all of the work) can use every core while the engine, which needs the reports in order,
// stays on the calling thread:
//
//     window ──cut at a newline──▶ chunk 1 ─▶ worker ─▶ reports ┐
//                                  chunk 2 ─▶ worker ─▶ reports ├─▶ consumer, in order
//                                  chunk 3 ─▶ worker ─▶ reports ┘
//
// Chunks are about 512 KB and at most a few are in flight, so memory stays bounded whatever
// the file size. Each worker runs an ordinary `GetStatsParser` over its chunk and collects
// the reports; errors keep their line numbers (the chunk's first line is counted as chunks
// are cut), and a truncated last line is reported as the sequential parser would.

/// Parses the rest of a JSON-lines getStats log on worker threads.
enum ParallelLines {
  /// Bytes per chunk.
  static let chunkSize = 512 << 10
  /// Chunks parsed or waiting at once, for `threads` parsing threads.
  static func inFlight(threads: Int) -> Int { max(2, min(threads, 8)) + 1 }
  /// Chunks between two returns of freed memory to the system.
  static let trimInterval = 32

  /// Returns the free pages of every malloc arena to the system.
  ///
  /// Reports are allocated on the worker threads and freed on the calling thread, so each
  /// thread's glibc arena keeps pages that no one reuses, and the resident size grew with
  /// the file (67 MB for a 500 MB log against 37 MB read sequentially). Trimming every
  /// ``trimInterval`` chunks (16 MB of input) brings that to 46 MB at no measurable cost.
  static func releaseFreedMemory() {
    System.releaseFreedMemory()
  }

  /// Streams smaller than this are not worth the threads.
  static let minimumSize = 4 << 20

  /// Whether the rest of the stream is large enough and more than one of the `threads` the
  /// parser may use (the cores the consumer leaves free) is there (the caller's `parallel:`
  /// choice comes first, see `DumpReader.read`).
  static func isWorthIt(window: borrowing StreamWindow, sizeHint: Int?, threads: Int) -> Bool {
    guard threads > 1 else { return false }
    if let sizeHint { return sizeHint - window.position >= minimumSize }
    return !window.isAtEndOfStream && window.unread.count >= chunkSize
  }

  /// One chunk's outcome.
  private struct ChunkResult: Sendable {
    var reports: [(peerConnection: String, report: StatsReport)] = []
    var units = 0
    var parser = GetStatsParser(DialectContext(allowsParallelLines: false))
    var info = DumpInfo(format: .getStatsLog)
    var error: DumpError?
  }

  /// A chunk on its way through a worker.
  private final class Slot: Sendable {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<ChunkResult?>(nil)
    let firstLine: Int
    let isLast: Bool

    init(firstLine: Int, isLast: Bool) {
      self.firstLine = firstLine
      self.isLast = isLast
    }
  }

  /// A chunk's bytes, copied once out of the window into a buffer of the pool.
  private struct Chunk: @unchecked Sendable {
    let storage: UnsafeMutableRawBufferPointer
    let count: Int

    init(copying bytes: UnsafeRawBufferPointer, pool: ChunkPool) {
      storage = pool.take(atLeast: bytes.count)
      storage.copyMemory(from: bytes)
      count = bytes.count
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[..<count]) }
  }

  /// Chunk buffers handed back by the workers for the next chunks, instead of a fresh 512 KB
  /// buffer per chunk (which glibc maps and unmaps, a page fault per 4 KB page).
  private final class ChunkPool: Sendable {
    /// A buffer on its way between threads: only one thread holds it at a time.
    private struct Buffer: @unchecked Sendable { let bytes: UnsafeMutableRawBufferPointer }
    private let free = Mutex<[Buffer]>([])
    /// A pooled buffer's size: a chunk with slack past its end, as a window has, so that the
    /// reader's word loads stay inside.
    static let bufferSize = chunkSize + 64

    /// A buffer of at least `count` bytes and the slack.
    func take(atLeast count: Int) -> UnsafeMutableRawBufferPointer {
      if count + 64 <= Self.bufferSize, let buffer = free.withLock({ $0.popLast() }) { return buffer.bytes }
      return .allocate(byteCount: max(count + 64, Self.bufferSize), alignment: 64)
    }

    /// Keeps `buffer` for another chunk (a larger one, for a long line, is freed).
    func give(_ buffer: UnsafeMutableRawBufferPointer) {
      guard buffer.count == Self.bufferSize else { return buffer.deallocate() }
      free.withLock { $0.append(Buffer(bytes: buffer)) }
    }

    deinit {
      for buffer in free.withLock({ $0 }) { buffer.bytes.deallocate() }
    }
  }

  /// What the workers' decoders learned, handed from one chunk's parser to a later one's.
  ///
  /// That is the interned strings and the member-name predictions. A fresh decoder per chunk started from nothing:
  /// it built its interner and its 200 KB of predictions again for every 512 KB of input,
  /// and the first polls of each chunk missed every prediction.
  private final class LearnedPool: Sendable {
    private let free = Mutex<[MemberDecoder.Learned]>([])

    /// What an earlier chunk's decoder learned, if one has finished.
    func take() -> MemberDecoder.Learned? { free.withLock { $0.popLast() } }

    /// Keeps what a decoder learned for a later chunk.
    func give(_ learned: consuming MemberDecoder.Learned) {
      free.withLock { [learned] in $0.append(learned) }
    }
  }

  /// Collects what a worker's parser emits.
  private struct Collector: StatsReportConsumer {
    var reports: [(peerConnection: String, report: StatsReport)] = []

    mutating func consume(_ report: StatsReport, peerConnection: String) {
      reports.append((peerConnection, report))
    }
  }

  /// Parses from the window's position to the end of the stream; the units read are added
  /// to the parser's count, a worker's error (a truncated last line among them) is thrown
  /// with its line in the whole stream once the reports before it are consumed.
  static func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo,
    parser: inout GetStatsParser, threads: Int
  ) throws(DumpError) {
    let inFlight = inFlight(threads: threads)
    var line = window.currentLine
    let pool = ChunkPool()
    let learned = LearnedPool()
    var pending: [Slot] = []
    var failure: DumpError?
    var finished = false
    var drained = 0

    func drainOldest() {
      let slot = pending.removeFirst()
      slot.done.wait()
      guard let result = slot.result.withLock({ $0.take() }) else { return }
      guard failure == nil else { return }
      // Legacy snapshots are mapped here, in dump order, in place of their placeholders.
      var deferred = result.parser.deferredLegacy[...]
      for (index, (peerConnection, report)) in result.reports.enumerated() {
        if let legacy = deferred.first, legacy.index == index {
          deferred = deferred.dropFirst()
          consumer.consume(
            parser.mapDeferredLegacy(legacy.snapshot, peerConnection: peerConnection),
            peerConnection: peerConnection)
        } else {
          consumer.consume(report, peerConnection: peerConnection)
        }
      }
      drained += 1
      if drained % trimInterval == 0 { releaseFreedMemory() }
      info.reportCount += result.reports.count
      parser.unitCount += result.units
      parser.absorb(result.parser, firstLine: slot.firstLine)
      info.diagnostics.append(contentsOf: result.info.diagnostics)
      if var error = result.error {
        error.line = error.line.map { $0 + slot.firstLine - 1 }
        failure = error
      }
    }

    while !finished {
      // Fill the window to at least one chunk, then cut after the last newline in it.
      while window.unread.count < chunkSize, try window.fill(from: &source) {}
      let unread = window.unread
      guard !unread.isEmpty else { break }
      var cut = cutPoint(unread)
      while cut == nil, !window.isAtEndOfStream {
        _ = try window.fill(from: &source)
        cut = cutPoint(window.unread, from: chunkSize)
      }
      let bytes = window.unread
      let length = cut ?? bytes.count
      let chunk = Chunk(copying: UnsafeRawBufferPointer(rebasing: bytes[0..<length]), pool: pool)
      window.consume(length)
      let isLast = cut == nil || (window.isAtEndOfStream && window.unread.isEmpty)
      finished = isLast
      let slot = Slot(firstLine: line, isLast: isLast)
      line += newlineCount(chunk.bytes)
      pending.append(slot)
      DispatchQueue.global().async {
        let result = parseChunk(chunk, isLast: isLast, learned: learned)
        pool.give(chunk.storage)
        slot.result.withLock { $0 = result }
        slot.done.signal()
      }
      while pending.count >= inFlight { drainOldest() }
      if let failure { throw failureDraining(failure, &pending) }
    }
    while !pending.isEmpty { drainOldest() }
    if let failure { throw failure }
  }

  private static func failureDraining(_ error: DumpError, _ pending: inout [Slot]) -> DumpError {
    for slot in pending { slot.done.wait() }
    pending.removeAll()
    return error
  }

  /// Parses one chunk as the sequential parser parses those lines (damaged lines skipped
  /// alike, legacy snapshots left to the calling thread); a value cut at the end of a chunk
  /// that is not the last is a damaged line, at the end of the last a truncation.
  private static func parseChunk(_ chunk: Chunk, isLast: Bool, learned: LearnedPool) -> ChunkResult {
    var result = ChunkResult()
    if let earlier = learned.take() { result.parser.snapshots.decoder.adopt(earlier) }
    result.parser.isJSONLines = true
    result.parser.mapsLegacySnapshots = false
    result.parser.chunkEndsBeforeStreamEnd = !isLast
    var collector = Collector()
    var window = StreamWindow(over: chunk.storage, count: chunk.count)
    window.ignoredMembers = result.parser.ignoredMembers
    var source = MemoryByteSource([])
    do throws(DumpError) {
      var units = 0
      while let next = try window.peekByte(from: &source) {
        let before = window.position
        let ignoredBefore = result.parser.ignoredMembers.checkpoint
        do throws(DumpError) {
          try GetStatsParser.checkUnitStart(next, window: window)
          try result.parser.parseLine(window: &window, source: &source, into: &collector, info: &result.info)
          units += 1
        } catch {
          try result.parser.skipDamagedLine(
            after: error, unitStart: before, ignoredBefore: ignoredBefore, window: &window, source: &source)
        }
      }
      result.units = units
    } catch {
      result.error = error
    }
    // Stats objects gathered one per line are emitted even when a later line fails, as the
    // sequential parser does.
    result.parser.flushLoose(into: &collector, info: &result.info)
    result.reports = collector.reports
    // Handed over before the result is returned, so that the next chunk's decoder holds the
    // only reference and grows it in place.
    learned.give(result.parser.snapshots.decoder.takeLearned())
    return result
  }

  /// The length up to and including the last newline before `limit` (or the first one after
  /// `from`), or `nil` when there is none in the window.
  private static func cutPoint(_ bytes: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
    let limit = min(chunkSize, bytes.count)
    if from == 0 {
      var index = limit - 1
      while index >= 0 {
        if bytes[index] == 0x0A { return index + 1 }
        index -= 1
      }
    }
    let start = max(from, limit)
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = System.firstByte(0x0A, in: base + start, count: bytes.count - start)
    else { return nil }
    return found - base + 1
  }

  private static func newlineCount(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var count = 0
    var offset = 0
    while offset < bytes.count,
      let found = System.firstByte(0x0A, in: base + offset, count: bytes.count - offset)
    {
      count += 1
      offset = found - base + 1
    }
    return count
  }
}
