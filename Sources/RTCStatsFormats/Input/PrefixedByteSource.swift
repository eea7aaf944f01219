/// A source that first returns bytes already read from its base (for example while sniffing the
/// gzip magic), then the rest of the base.
package struct PrefixedByteSource<Base: ByteSource>: ByteSource {
  private var prefix: [UInt8]
  private var base: Base

  /// A source that returns `prefix`, then the rest of `base`.
  package init(prefix: [UInt8], base: Base) {
    self.prefix = prefix
    self.base = base
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
}
