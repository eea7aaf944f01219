/// An immutable hash table from short names, given as raw bytes, to values: built once into
/// a `static let` and read by every parsing thread.
///
/// Open addressing over ``fnv1a(_:_:)`` with linear probing. The names lie back to back in
/// one byte array and an entry holds only its hash, where its name lies and the value, so
/// a lookup reads shared memory and writes none. (When each entry owned its own `[UInt8]`
/// name, copying the entry retained that array on every lookup; with two parsing threads
/// the reference count's cache line moved between the cores on every member of every
/// stats object, and `--jobs 2` spent a third more CPU than `--jobs 1`.)
struct ByteNameTable<Value: Sendable>: Sendable {
  private struct Entry: Sendable {
    var hash: UInt64
    var offset: Int32
    var count: Int32
    var value: Value
  }

  private let names: [UInt8]
  private let entries: [Entry]
  private let slots: [Int16]
  private let mask: Int
  /// The longest name; longer keys are not looked up.
  private let maximumCount: Int

  /// A table of `pairs`; a name given twice keeps its first value.
  init(_ pairs: [(name: String, value: Value)]) {
    var size = 16
    while size < pairs.count * 4 { size *= 2 }
    var slots = [Int16](repeating: -1, count: size)
    var names: [UInt8] = []
    var entries: [Entry] = []
    var maximumCount = 0
    for (name, value) in pairs {
      let bytes = Array(name.utf8)
      let hash = bytes.withUnsafeBufferPointer { fnv1a($0.allocatedBase, $0.count) }
      var slot = Int(truncatingIfNeeded: hash) & (size - 1)
      var isDuplicate = false
      while slots[slot] >= 0 {
        let other = entries[Int(slots[slot])]
        isDuplicate =
          isDuplicate || names[Int(other.offset)..<Int(other.offset + other.count)].elementsEqual(bytes)
        slot = (slot + 1) & (size - 1)
      }
      guard !isDuplicate else { continue }
      slots[slot] = Int16(entries.count)
      entries.append(Entry(hash: hash, offset: Int32(names.count), count: Int32(bytes.count), value: value))
      names.append(contentsOf: bytes)
      maximumCount = max(maximumCount, bytes.count)
    }
    self.names = names
    self.entries = entries
    self.slots = slots
    self.mask = size - 1
    self.maximumCount = maximumCount
  }

  /// The value of the name in the `count` bytes at `start`, or `nil`.
  @inline(__always)
  func lookup(_ start: UnsafePointer<UInt8>, _ count: Int) -> Value? {
    index(start, count).map { entries[$0].value }
  }

  /// The position of the name in the `count` bytes at `start` (for ``value(at:)``), or `nil`.
  @inline(__always)
  func index(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    guard count > 0, count <= maximumCount else { return nil }
    let hash = fnv1a(start, count)
    return slots.withUnsafeBufferPointer { slots in
      entries.withUnsafeBufferPointer { entries in
        names.withUnsafeBufferPointer { names in
          var slot = Int(truncatingIfNeeded: hash) & mask
          while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            if entries[index].hash == hash, Int(entries[index].count) == count,
              bytesEqual(names.allocatedBase + Int(entries[index].offset), start, count)
            {
              return index
            }
            slot = (slot &+ 1) & mask
          }
        }
      }
    }
  }

  /// The value at a position ``index(_:_:)`` gave.
  @inline(__always)
  func value(at index: Int) -> Value { entries[index].value }

  /// Whether the string value under the reader's cursor (after whitespace) is exactly the
  /// name at `index` (a position ``index(_:_:)`` gave), consumed when it is; see
  /// ``JSONReader/consumeString(matching:count:)``, which needs a name without quotes,
  /// backslashes and control characters.
  @inline(__always)
  func consume(_ index: Int, from reader: inout JSONReader) -> Bool {
    guard index < entries.count else { return false }
    let offset = Int(entries[index].offset)
    let count = Int(entries[index].count)
    return names.withUnsafeBufferPointer {
      reader.consumeString(matching: $0.allocatedBase + offset, count: count)
    }
  }

  /// The value of a name given as a `String`.
  func lookup(_ name: String) -> Value? {
    var name = name
    return name.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return nil }
      return lookup(base, buffer.count)
    }
  }
}
