/// A forward-only stream of bytes: a file, standard input, or a decompressor.
public protocol ByteSource {
  /// Reads up to `buffer.count` bytes into `buffer`; returns 0 at the end of the stream.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int

  /// The whole stream, from its first byte to its end, mapped into memory; `nil` (the
  /// default) when the source is not a file that can be mapped.
  ///
  /// A reader that needs the whole stream at once asks for it instead of reading the rest;
  /// what was read before stays valid and the read position does not move.
  mutating func mapWholeStream() -> MappedFile?
}

extension ByteSource {
  /// Not mappable: `nil`.
  public mutating func mapWholeStream() -> MappedFile? { nil }
}

/// Bytes already in memory, for example a string in a test or a report embedded in another value.
public struct MemoryByteSource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  /// A source of `bytes`.
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// A source of the UTF-8 bytes of `text`.
  public init(_ text: String) {
    self.bytes = Array(text.utf8)
  }

  /// Copies the next bytes into `buffer`; 0 at the end.
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    let count = min(buffer.count, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.allocatedBase.copyMemory(from: source.allocatedBase + offset, byteCount: count)
    }
    offset += count
    return count
  }
}
