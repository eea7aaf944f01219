// MARK: - Design
//
// `StreamWindow` lets the strict `JSONReader`, which needs contiguous bytes, read a dump of
// any size with bounded memory. The window holds the unread part of the stream; a parser
// asks for the next top-level *unit* (a JSON line, or one element of a top-level array) and
// gets a reader over the window. If the unit runs past the end of the window the reader
// stops with `unexpectedEnd`; the window then moves the unread bytes to the front, reads
// more (doubling itself when one unit fills it, up to `maximumSize`) and the unit is parsed
// again from its start. With a window much larger than a unit (4 MB against a few KB) the
// re-parsed share is negligible, and no second pass looks for line ends.
//
//     stream:  [unit 1][unit 2][unit 3 ...........][unit 4]
//     window:          |<------- 4 MB ------->|
//                      start              end: unit 3 is cut → compact, read, retry
//
// Line and column of an error are counted from the bytes dropped so far plus the bytes
// still in the window.

/// A sliding window over a ``ByteSource`` that yields whole JSON values.
struct StreamWindow: ~Copyable {
  /// Initial window size.
  static let initialSize = 4 << 20
  /// Largest single unit accepted by default (a snapshot, a line).
  static let defaultMaximumSize = 128 << 20

  /// The window's memory: the allocator's, or huge pages once it grew to a whole document
  /// (``System/allocateLarge(byteCount:)``).
  private var buffer: LargeBuffer
  private var storage: UnsafeMutableRawBufferPointer { buffer.bytes }
  /// First unread byte.
  private(set) var start = 0
  /// End of the valid bytes.
  private(set) var end = 0
  private(set) var isAtEndOfStream = false
  /// Bytes dropped from the front of the stream so far.
  private(set) var droppedBytes = 0
  private var droppedLines = 0
  /// Bytes after the last newline in the dropped part.
  private var droppedColumn = 0
  private(set) var maximumSize: Int
  /// Total bytes read from the source.
  private(set) var totalBytes = 0
  /// The dump's tally of ignored members, rolled back when a unit is parsed again.
  var ignoredMembers: IgnoredMembers?
  /// The line and column last computed, so that positions asked for in stream order cost
  /// the bytes between them, not the whole window each (a log with many damaged lines).
  private let lineCache = LineCache()

  init(initialSize: Int = StreamWindow.initialSize, maximumSize: Int = StreamWindow.defaultMaximumSize) {
    // The allocator's: a small dump touches only the pages it fills (huge pages are for the
    // whole documents ``grow(to:)`` makes room for).
    buffer = LargeBuffer(
      bytes: .allocate(byteCount: max(initialSize, 64), alignment: 64), mapping: nil)
    self.maximumSize = max(maximumSize, initialSize)
  }

  /// A window over `count` bytes already in `storage`, at the end of the stream.
  ///
  /// The caller keeps `storage`: it must outlive the window, which does not deallocate it.
  /// Used for a chunk cut from a larger window, so that its bytes are copied once and its
  /// buffer serves the next chunk.
  init(over storage: UnsafeMutableRawBufferPointer, count: Int) {
    self.buffer = LargeBuffer(bytes: storage, mapping: nil)
    self.end = count
    self.isAtEndOfStream = true
    self.maximumSize = storage.count
    self.totalBytes = count
    ownsStorage = false
  }

  /// Whether the window allocated `storage` (and deallocates it).
  private var ownsStorage = true
  /// The mapped file that is the window's storage, kept until the window goes.
  private var mappedFile: MappedFile?

  deinit {
    guard ownsStorage else { return }
    System.deallocate(buffer)
  }

  /// Whether the window's memory is mapped in huge pages (``System/allocateLarge(byteCount:)``).
  var isHugePageBacked: Bool { buffer.mapping != nil }

  /// Whether the window's bytes are a mapped file (``fillToEnd(from:sizeHint:)``).
  var holdsMappedFile: Bool { mappedFile != nil }

  /// Whether the mapped file was truncated while it was read (``MappedFile/wasCut``).
  var mappedFileWasCut: Bool { mappedFile?.wasCut ?? false }

  /// The unread bytes.
  var unread: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[start..<end])
  }

  /// Stream offset of the first unread byte.
  var position: Int { droppedBytes + start }

  /// The consumed bytes from stream position `position` up to the first unread byte, while
  /// they are still in the window; `nil` once dropped.
  func consumedBytes(since position: Int) -> UnsafeRawBufferPointer? {
    let offset = position - droppedBytes
    guard offset >= 0, offset <= start else { return nil }
    return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[offset..<start])
  }

  /// The line (1-based) of the first unread byte.
  var currentLine: Int { lineAndColumn(ofUnreadOffset: 0).line }

  /// Marks `count` unread bytes as consumed.
  mutating func consume(_ count: Int) {
    start += count
  }

  /// Reads more bytes: compacts, grows when the unread part fills the window, and reads at
  /// least as many bytes as are unread (or up to the end of the window or of the stream).
  ///
  /// Reading at least as much as is held matters for sources that return little per read
  /// (a pipe gives 64 KB): a value cut by the end of the window is parsed again after each
  /// fill, so growing by single reads would parse an *n*-byte value *n* / 64 KB times;
  /// doubling what is held keeps the total work linear.
  ///
  /// - Returns: `false` when the stream had already ended and nothing changed.
  mutating func fill(from source: inout some ByteSource) throws(DumpError) -> Bool {
    if isAtEndOfStream { return false }
    if start > 0 { compact() }
    if end == storage.count {
      guard storage.count < maximumSize else {
        throw DumpError.limitExceeded(
          "a single JSON value is larger than \(maximumSize >> 20) MB; not a stats dump")
      }
      grow(to: min(storage.count * 2, maximumSize))
    }
    let wanted = max(end - start, 1)
    var added = 0
    while added < wanted && end < storage.count {
      let free = UnsafeMutableRawBufferPointer(rebasing: storage[end...])
      let count = try source.read(into: free)
      if count == 0 {
        isAtEndOfStream = true
        break
      }
      end += count
      added += count
      totalBytes += count
    }
    return true
  }

  /// The largest whole document read with ``fillToEnd(from:sizeHint:)``.
  static let wholeDocumentLimit = 16 << 30

  /// Reads until the stream ends; the window then holds the whole rest of the stream.
  ///
  /// Whole-document dialects (webrtc-internals, rtcstats v0) use it: the file mapped when the
  /// source can map it (``ByteSource/mapWholeStream()``), else one copy of it; up to
  /// ``wholeDocumentLimit``.
  mutating func fillToEnd(from source: inout some ByteSource, sizeHint: Int? = nil)
    throws(DumpError)
  {
    maximumSize = max(maximumSize, Self.wholeDocumentLimit)
    if isAtEndOfStream { return }
    if let mapped = source.mapWholeStream() {
      try adopt(mapped)
      return
    }
    if let sizeHint, sizeHint + 1 > storage.count - (end - start) {
      if start > 0 { compact() }
      grow(to: min(max(sizeHint + 1, storage.count), maximumSize))
    }
    while try fill(from: &source) {}
  }

  /// Makes the mapped whole stream the window's bytes, in place of those read so far: the
  /// unread part starts at the same stream position and runs to the end of the file.
  private mutating func adopt(_ mapped: MappedFile) throws(DumpError) {
    let position = droppedBytes + start
    if ownsStorage { System.deallocate(buffer) }
    // Never written: `compact` and `grow` run only before the end of the stream.
    buffer = LargeBuffer(bytes: UnsafeMutableRawBufferPointer(mutating: mapped.bytes), mapping: nil)
    ownsStorage = false
    mappedFile = mapped
    (droppedBytes, droppedLines, droppedColumn) = (0, 0, 0)
    lineCache.reset()
    start = min(position, mapped.bytes.count)
    end = mapped.bytes.count
    totalBytes = end
    isAtEndOfStream = true
    guard end - start <= maximumSize else {
      throw DumpError.limitExceeded(
        "a single JSON value is larger than \(maximumSize >> 20) MB; not a stats dump")
    }
  }

  private mutating func compact() {
    let unreadCount = end - start
    countLines(in: 0..<start)
    lineCache.reset()
    droppedBytes += start
    if unreadCount > 0 {
      storage.allocatedBase.copyMemory(from: storage.allocatedBase + start, byteCount: unreadCount)
    }
    start = 0
    end = unreadCount
  }

  private mutating func grow(to size: Int) {
    guard size > storage.count else { return }
    let bigger = System.allocateLarge(byteCount: size)
    bigger.bytes.allocatedBase.copyMemory(from: storage.allocatedBase, byteCount: end)
    if ownsStorage { System.deallocate(buffer) }
    buffer = bigger
    ownsStorage = true
  }

  /// Counts the newlines of bytes about to be dropped, with `memchr` (vectorised in libc):
  /// JSON lines have one newline per several KB.
  private mutating func countLines(in range: Range<Int>) {
    let base = storage.allocatedBase
    var position = range.lowerBound
    var lastNewline = -1
    while position < range.upperBound {
      guard let found = System.firstByte(0x0A, in: base + position, count: range.upperBound - position)
      else { break }
      let index = UnsafeRawPointer(base).distance(to: found)
      droppedLines += 1
      lastNewline = index
      position = index + 1
    }
    droppedColumn = lastNewline >= 0 ? range.upperBound - lastNewline - 1 : droppedColumn + range.count
  }

  /// 1-based line and column of the byte at window offset `offset` (relative to `start`).
  ///
  /// - Complexity: O(*n*) in the bytes between this position and the one asked for before
  ///   (in this window fill), plus the length of the line when it lies before it (a damaged
  ///   line's start after its error's position); since the start of the window otherwise.
  func lineAndColumn(ofUnreadOffset offset: Int) -> (line: Int, column: Int) {
    let bytes = storage.allocatedBase.assumingMemoryBound(to: UInt8.self)
    let target = max(min(start + offset, end), 0)
    var (index, line, column) = (0, droppedLines + 1, droppedColumn + 1)
    if let cached = lineCache.position {
      if cached.index <= target {
        (index, line, column) = cached
      } else if let before = lineAndColumn(before: cached, target: target, bytes: bytes) {
        lineCache.position = before
        return (before.line, before.column)
      }
    }
    while index < target {
      if bytes[index] == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += 1
    }
    lineCache.position = (target, line, column)
    return (line, column)
  }

  /// The position `target`, found by walking back from the `cached` one after it.
  ///
  /// It counts the newlines in between and finds the start of `target`'s line; `nil` when that
  /// walk would be longer than counting from the start of the window.
  private func lineAndColumn(
    before cached: (index: Int, line: Int, column: Int), target: Int, bytes: UnsafeMutablePointer<UInt8>
  ) -> (index: Int, line: Int, column: Int)? {
    guard cached.index - target < target else { return nil }
    var line = cached.line
    var index = cached.index
    while index > target {
      index -= 1
      if bytes[index] == 0x0A { line -= 1 }
    }
    var lineStart = target
    while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    let column = lineStart == 0 ? droppedColumn + 1 + target : target - lineStart + 1
    return (target, line, column)
  }

  // MARK: - Units

  /// Skips whitespace, reading more as needed; returns the next byte without consuming it,
  /// or `nil` at the end of the stream.
  mutating func peekByte(from source: inout some ByteSource) throws(DumpError) -> UInt8? {
    while true {
      let bytes = storage.allocatedBase.assumingMemoryBound(to: UInt8.self)
      while start < end {
        let byte = bytes[start]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
        start += 1
      }
      guard try fill(from: &source) else { return nil }
    }
  }

  /// Parses the next value with `body`, reading more and retrying while the value is cut
  /// by the end of the window.
  ///
  /// `body` must start from scratch on every call.
  ///
  /// - Returns: What `body` returned; `nil` at the end of the stream.
  /// - Throws: A positioned ``DumpError`` for a syntax error or a truncated stream.
  mutating func parseValue<Result>(
    from source: inout some ByteSource, maxDepth: Int = JSONReader.defaultMaxDepth,
    _ body: (inout JSONReader) throws(JSONError) -> Result
  ) throws(DumpError) -> Result? {
    guard try peekByte(from: &source) != nil else { return nil }
    // A unit cut by the end of the window is parsed again once more bytes are in: what
    // the first attempt noted about its members is forgotten, so each counts once.
    let checkpoint = ignoredMembers?.checkpoint
    while true {
      if let checkpoint { ignoredMembers?.restore(checkpoint) }
      let base = storage.allocatedBase.assumingMemoryBound(to: UInt8.self) + start
      var reader = JSONReader(base: UnsafePointer(base), count: end - start, maxDepth: maxDepth)
      let outcome: Swift.Result<Result, JSONError>
      do throws(JSONError) {
        outcome = .success(try body(&reader))
      } catch {
        outcome = .failure(error)
      }
      switch outcome {
      case .success(let result):
        // A number at the very end of the window may continue past it.
        if reader.offset == end - start, !isAtEndOfStream, try fill(from: &source) { continue }
        start += reader.offset
        return result
      case .failure(let error):
        if case .unexpectedEnd = error.kind, !isAtEndOfStream, error.offset >= end - start - 4 {
          if try fill(from: &source) { continue }
        }
        throw positioned(error)
      }
    }
  }

  /// Like ``parseValue(from:maxDepth:_:)`` but consumes nothing: for classifying the next
  /// value before reading it.
  mutating func peekValue<Result>(
    from source: inout some ByteSource, _ body: (inout JSONReader) throws(JSONError) -> Result
  ) throws(DumpError) -> Result? {
    try parseValue(from: &source) { (reader) throws(JSONError) -> Result in
      try reader.lookahead(body)
    }
  }

  /// Converts a reader error at an unread offset into a ``DumpError`` with line and column.
  func positioned(_ error: JSONError) -> DumpError {
    let (line, column) = lineAndColumn(ofUnreadOffset: error.offset)
    if case .unexpectedEnd = error.kind, isAtEndOfStream, start + error.offset >= end {
      return .truncated(error.description, line: line, column: column)
    }
    if case .limitExceeded = error.kind {
      return .limitExceeded(error.description, line: line, column: column)
    }
    return DumpError(.data, error.description, line: line, column: column)
  }

  /// Consumes a single expected byte (after whitespace).
  mutating func expectByte(_ byte: UInt8, from source: inout some ByteSource, expected: String)
    throws(DumpError)
  {
    guard let next = try peekByte(from: &source) else {
      throw positioned(JSONError(.unexpectedEnd(expected: expected), at: end - start))
    }
    guard next == byte else {
      throw positioned(JSONError(.unexpectedByte(next, expected: expected), at: 0))
    }
    start += 1
  }
}

/// The last position ``StreamWindow/lineAndColumn(ofUnreadOffset:)`` computed: its index in
/// the window's storage, line and column.
///
/// Reset when the window moves its bytes.
private final class LineCache {
  var position: (index: Int, line: Int, column: Int)?

  func reset() { position = nil }
}
