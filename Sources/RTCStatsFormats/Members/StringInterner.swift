/// Turns byte ranges into `String`s, allocating each distinct string once.
///
/// Stats dumps repeat the same ids and text values (`"IT01V1375092232"`, `"inbound-rtp"`,
/// `"video"`) in every poll; interning makes the second and later occurrences cost a hash
/// and a byte comparison. The table stops growing at ``capacityLimit`` entries so that a
/// hostile file of unique strings cannot exhaust memory; beyond it strings are simply built.
struct StringInterner {
  /// Entries kept at most.
  static let capacityLimit = 1 << 16

  private struct Entry {
    var hash: UInt64
    var start: Int32
    var count: Int32
    var string: String
  }

  private var slots: [Int32]
  private var entries: [Entry] = []
  private var arena: [UInt8] = []
  private var mask: Int

  /// The slots of an interner that holds nothing: one empty slot, shared.
  ///
  /// Every decoder (and every hand-over of what one learned) starts an interner, and most
  /// are replaced or dropped before they intern anything; the first string copies this and
  /// grows it to ``initialSlots``.
  private static let noSlots: [Int32] = [-1]
  /// The slots allocated at the first string.
  private static let initialSlots = 1024

  init() {
    slots = Self.noSlots
    mask = 0
  }

  /// The strings kept.
  var count: Int { entries.count }

  /// The string for `count` bytes at `start` (valid UTF-8).
  mutating func intern(_ start: UnsafePointer<UInt8>, _ count: Int) -> String {
    internIndexed(start, count).string
  }

  /// The string for `count` bytes at `start` (valid UTF-8) and its entry, for
  /// ``consume(_:from:)``; the entry is -1 when the string is not kept.
  mutating func internIndexed(_ start: UnsafePointer<UInt8>, _ count: Int) -> (string: String, entry: Int) {
    guard count <= 256 else {
      return (String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self), -1)
    }
    let hash = fnv1a(start, count)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entryIndex = Int(slots[slot])
      if entryIndex < 0 { break }
      // The entry is read in place: copying it would retain and release its string.
      let found = entries.withUnsafeBufferPointer { entries -> Bool in
        let entry = entries.allocatedBase + entryIndex
        guard entry.pointee.hash == hash, Int(entry.pointee.count) == count else { return false }
        let offset = Int(entry.pointee.start)
        return arena.withUnsafeBufferPointer { bytesEqual($0.allocatedBase + offset, start, count) }
      }
      if found { return (entries[entryIndex].string, entryIndex) }
      slot = (slot &+ 1) & mask
    }
    let string = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard entries.count < Self.capacityLimit else { return (string, -1) }
    entries.append(
      Entry(hash: hash, start: Int32(arena.count), count: Int32(count), string: string))
    arena.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
    slots[slot] = Int32(entries.count - 1)
    if entries.count * 2 > slots.count { grow() }
    return (string, entries.count - 1)
  }

  /// The string of `entry` when the string value under the reader's cursor (after
  /// whitespace) is exactly its bytes, consumed; `nil` otherwise.
  ///
  /// `entry` must come from ``internIndexed(_:_:)`` of a token without escapes, so that its
  /// bytes hold no quote, backslash or control character (see
  /// ``JSONReader/consumeString(matching:count:)``).
  @inline(__always)
  func consume(_ entry: Int, from reader: inout JSONReader) -> String? {
    entries.withUnsafeBufferPointer { entries -> String? in
      guard entry < entries.count else { return nil }
      let entry = entries.allocatedBase + entry
      let start = Int(entry.pointee.start)
      let count = Int(entry.pointee.count)
      let matched = arena.withUnsafeBufferPointer { arena in
        reader.consumeString(matching: arena.allocatedBase + start, count: count)
      }
      return matched ? entry.pointee.string : nil
    }
  }

  /// The string for a token read by ``JSONReader``, escapes decoded.
  mutating func intern(_ token: JSONKey) -> String {
    if !token.hasEscapes { return intern(token.start, token.count) }
    return token.decoded()
  }

  private mutating func grow() {
    let size = max(Self.initialSlots, slots.count * 2)
    slots = Array(repeating: -1, count: size)
    mask = size - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
      slots[slot] = Int32(index)
    }
  }
}
