/// A source that first returns bytes already read from its base (for example while sniffing the
/// gzip magic), then the rest of the base.
package struct PrefixedByteSource<Base: ByteSource>: ByteSource {
  private var prefix: [UInt8]
  private var base: Base

  /// Whether the prefix is the first bytes read from `base`, so that the stream is base's own
  /// and base's mapping (``mapWholeStream()``) is this source's.
  private let prefixIsBaseStart: Bool

  /// A source that returns `prefix`, then the rest of `base`.
  ///
  /// - `prefixIsBaseStart`: Whether `prefix` is what was read from `base` so far (the stream
  ///   is then `base`'s whole stream, and may be mapped).
  package init(prefix: [UInt8], base: Base, prefixIsBaseStart: Bool = false) {
    self.prefix = prefix
    self.base = base
    self.prefixIsBaseStart = prefixIsBaseStart
  }

  /// Base's mapping, when the prefix was read from it; else `nil`.
  package mutating func mapWholeStream() -> MappedFile? {
    prefixIsBaseStart ? base.mapWholeStream() : nil
  }

  /// Reads from the prefix while it lasts, then from the base; 0 at the end.
  package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    guard !prefix.isEmpty else { return try base.read(into: buffer) }
    let count = min(prefix.count, buffer.count)
    prefix.withUnsafeBytes { source in
      buffer.allocatedBase.copyMemory(from: source.allocatedBase, byteCount: count)
    }
    prefix.removeFirst(count)
    return count
  }
}

/// Counts the bytes that pass through, for `source.bytes`.
struct CountingByteSource<Base: ByteSource>: ByteSource {
  /// Shared so that the count survives the source being moved into a decompressor.
  final class Counter {
    var value = 0
  }

  var base: Base
  let counter = Counter()

  init(_ base: Base) {
    self.base = base
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    let read = try base.read(into: buffer)
    counter.value += read
    return read
  }

  /// Base's mapping; the count is then the whole stream's size.
  mutating func mapWholeStream() -> MappedFile? {
    guard let mapped = base.mapWholeStream() else { return nil }
    counter.value = mapped.bytes.count
    return mapped
  }
}
