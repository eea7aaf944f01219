import CZlib

/// Decompresses a gzip stream (RFC 1952, concatenated members allowed) with the system zlib.
///
/// Refuses output beyond ``maximumRatio`` times the compressed input once past
/// ``ratioCheckThreshold`` bytes: real stats dumps compress 10–50×; a gzip bomb (deflate tops out near 1000×) far more.
///
/// A stream cut before its end marker (a half-uploaded attachment) throws
/// ``truncatedError`` once everything before the cut is decompressed, or, when made with
/// `toleratesTruncation`, simply ends there and says so in ``endedEarly``: `DumpReader`
/// analyses what there is and marks the dump truncated.
package struct GzipByteSource<Base: ByteSource>: ByteSource {
  /// Largest accepted decompressed/compressed ratio.
  package static var maximumRatio: Int { 250 }
  /// Output size from which the ratio is checked.
  package static var ratioCheckThreshold: Int { 64 << 20 }

  /// The error for a compressed stream that ends before its end marker (a truncation, so
  /// that the part before the cut is still analysed).
  static var truncatedError: DumpError { .truncated("the gzip data ends before its end marker") }

  private var base: Base
  private var stream: UnsafeMutablePointer<z_stream>
  private var input: UnsafeMutableRawBufferPointer
  private var inputEnded = false
  private var finished = false
  private let toleratesTruncation: Bool
  /// Whether the compressed stream ended before its end marker (only with
  /// `toleratesTruncation`; otherwise ``read(into:)`` throws ``truncatedError``).
  package private(set) var endedEarly = false
  private var compressedBytes = 0
  private var decompressedBytes = 0
  /// Bytes already read from `base` (the gzip header among them).
  private var pending: [UInt8]

  /// Decompressed bytes produced so far.
  package var producedBytes: Int { decompressedBytes }

  /// Wraps `base`; `prefix` holds bytes already read from it (at least the magic).
  ///
  /// - `toleratesTruncation`: Whether a stream cut before its end marker ends
  ///   quietly (``endedEarly``) instead of throwing ``truncatedError``.
  package init(_ base: Base, prefix: [UInt8] = [], toleratesTruncation: Bool = false) throws(DumpError) {
    self.base = base
    self.pending = prefix
    self.toleratesTruncation = toleratesTruncation
    stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    input = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    // 15 + 32: gzip or zlib header, detected automatically.
    let status = inflateInit2_(
      stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw DumpError.undecodable("cannot start gzip decompression") }
  }

  /// Frees zlib's state.
  package func close() {
    inflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
    input.deallocate()
  }

  /// Decompresses the next bytes into `buffer`; 0 at the end of the last member.
  ///
  /// - Throws: ``DumpError`` for corrupt data, a likely gzip bomb, or a stream that ends
  ///   before its end marker (``DumpError/truncated(_:line:column:)``).
  package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    guard !finished, buffer.count > 0 else { return 0 }
    stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
    while stream.pointee.avail_out > 0 {
      if stream.pointee.avail_in == 0 && !inputEnded { try refillInput() }
      if stream.pointee.avail_in == 0 && inputEnded { break }
      let status = inflate(stream, Z_NO_FLUSH)
      if status == Z_STREAM_END {
        // Another member may follow (concatenated gzip); otherwise we are done.
        if stream.pointee.avail_in == 0 { try refillInput() }
        if stream.pointee.avail_in == 0 {
          finished = true
          break
        }
        inflateReset(stream)
        continue
      }
      if status == Z_BUF_ERROR && inputEnded { break }
      guard status == Z_OK || status == Z_BUF_ERROR else {
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
        throw DumpError.undecodable("gzip data is corrupt: " + message)
      }
    }
    let produced = buffer.count - Int(stream.pointee.avail_out)
    if produced == 0 && inputEnded && !finished {
      // The compressed stream ended before its end marker: a cut-off download.
      finished = true
      guard toleratesTruncation else { throw Self.truncatedError }
      endedEarly = true
      return 0
    }
    decompressedBytes += produced
    if decompressedBytes > Self.ratioCheckThreshold
      && decompressedBytes / max(compressedBytes, 1) > Self.maximumRatio
    {
      throw DumpError.limitExceeded(
        "gzip data expands more than \(Self.maximumRatio) times (\(compressedBytes) bytes to over \(decompressedBytes >> 20) MB); refusing a likely gzip bomb"
      )
    }
    return produced
  }

  private mutating func refillInput() throws(DumpError) {
    var count: Int
    if !pending.isEmpty {
      count = min(pending.count, input.count)
      pending.withUnsafeBytes { source in
        input.allocatedBase.copyMemory(from: source.allocatedBase, byteCount: count)
      }
      pending.removeFirst(count)
    } else {
      count = try base.read(into: input)
    }
    if count == 0 { inputEnded = true }
    compressedBytes += count
    stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_in = UInt32(count)
  }
}
