/// The member names one ``MemberDecoder`` has met, and which name followed which, so that
/// the name of the next member is usually recognised by one byte comparison.
///
/// Stats dumps repeat the same objects poll after poll with their members in the same order
/// (Chrome writes `id`, `timestamp`, `type`, then the members alphabetically). The catalog
/// remembers, per *state* (the previous member's name and the object's `type`), the name
/// that came next the last time. The decoder compares the bytes under the cursor with that
/// name (``JSONReader/consumeKey(matching:count:)``); when they are equal, neither the scan
/// of the name nor its hash and table lookup are needed. When they differ (a member that
/// comes and goes, two types sharing a state), the name is scanned and looked up as before
/// and becomes the next prediction for that state. The text value a member had in a state
/// (an id, a `kind`, a `mimeType`) is predicted the same way, against the string interner.
/// A prediction is a guess checked against the bytes: a wrong one costs a comparison and
/// changes nothing.
///
/// Each name is kept with its position in the ``MemberKeyTable`` (or none, for members the
/// engine does not read), up to ``maximumNames`` names of at most ``maximumNameLength``
/// plain ASCII bytes; other names (escaped, longer, beyond the limit) are looked up in the
/// table each time. Memory: at most about 200 KB per decoder, allocated on first use.
struct MemberNameCatalog {
  /// Names kept at most.
  static let maximumNames = 1024
  /// The longest name kept, in bytes.
  static let maximumNameLength = 64
  private static let stateBits = 14
  private static let slotCount = 2 * maximumNames

  private struct Entry {
    var hash: UInt64
    var offset: Int32
    var count: Int32
    /// Position in the key table; -1 when the table does not have the name.
    var tableIndex: Int32
  }

  /// The table whose positions the entries hold.
  private var owner: MemberKeyTableIdentity?
  private var arena: [UInt8] = []
  private var entries: [Entry] = []
  private var slots: [Int16] = []
  /// Per state, the entry that followed last time (-1: none yet).
  private var successors: [Int16] = []
  /// Per state, the value the member had last time (-1: none yet).
  ///
  /// For a text member that is its interner entry (``StringInterner/consume(_:from:)``), for a `type` its position in
  /// ``StatsTypeTable`` (``StatsTypeTable/consume(_:from:)``). Two members that share a
  /// state may read each other's: both checks compare the bytes, so that costs a comparison.
  private var values: [Int32] = []

  /// The names kept.
  var count: Int { entries.count }
  /// The names read without a prediction, or against a wrong one (``learn(_:at:)`` calls).
  private(set) var misses = 0

  /// The state after the member named by `entry` (-1: a name the catalog does not keep) in an
  /// object described by `context` (``context(type:object:)``).
  @inline(__always)
  static func state(after entry: Int, context: UInt64) -> Int {
    let mixed = (UInt64(truncatingIfNeeded: entry &+ 1) &* 0x9E37_79B9_7F4A_7C15) ^ context
    return Int(truncatingIfNeeded: mixed &>> UInt64(64 - stateBits))
  }

  /// What the states of an object depend on besides the previous name: its `type` so far
  /// (a small number, 0 before the type is known) and the tag of its `id` (``tag(_:_:)``, 0
  /// before the id is known).
  @inline(__always)
  static func context(type: Int, object: UInt64) -> UInt64 {
    ((UInt64(truncatingIfNeeded: type) &* 0x85EB_CA77_C2B2_AE63) ^ object) &* 0xFF51_AFD7_ED55_8CCD
  }

  /// A tag of the `count` bytes at `start` (an object's `id` value as written): its length
  /// and its first and last eight bytes, so that each object of a poll follows its own
  /// predictions (an audio and a video stream of one type have different members).
  @inline(__always)
  static func tag(_ start: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    guard count >= 8 else {
      var tag = UInt64(truncatingIfNeeded: count)
      for index in 0..<count { tag = tag &* 0x100 | UInt64(start[index]) }
      return tag &* 0xC2B2_AE3D_27D4_EB4F
    }
    let raw = UnsafeRawPointer(start)
    let first = raw.loadUnaligned(as: UInt64.self)
    let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    let length = UInt64(truncatingIfNeeded: count)
    return (first &* 0xC2B2_AE3D_27D4_EB4F) ^ (last &* 0x1656_67B1_9E37_79F9) ^ length
  }

  /// Makes the catalog hold positions in `table`, forgetting everything when it held another.
  @inline(__always)
  mutating func prepare(for table: MemberKeyTableIdentity) {
    if owner === table { return }
    owner = table
    arena = []
    arena.reserveCapacity(4096)
    entries = []
    slots = [Int16](repeating: -1, count: Self.slotCount)
    successors = [Int16](repeating: -1, count: 1 << Self.stateBits)
    values = [Int32](repeating: -1, count: 1 << Self.stateBits)
  }

  /// The interner entry of the text value the member read in `state` had last time, or -1.
  @inline(__always)
  func predictedValue(at state: Int) -> Int { Int(values[state]) }

  /// Notes the interner entry of the text value read in `state` (-1: none to predict).
  @inline(__always)
  mutating func learnValue(_ entry: Int, at state: Int) {
    values[state] = Int32(truncatingIfNeeded: entry)
  }

  /// The entry that followed the last time the decoder was in `state`, or -1.
  @inline(__always)
  func predicted(at state: Int) -> Int { Int(successors[state]) }

  /// Consumes the name under the reader's cursor when it is the name of `entry` (see
  /// ``JSONReader/consumeKey(matching:count:)``).
  @inline(__always)
  func consume(_ entry: Int, from reader: inout JSONReader) -> JSONKey? {
    let offset = Int(entries[entry].offset)
    let count = Int(entries[entry].count)
    return arena.withUnsafeBufferPointer { arena in
      reader.consumeKey(matching: arena.allocatedBase + offset, count: count)
    }
  }

  /// Notes that `entry` followed `state`.
  @inline(__always)
  mutating func learn(_ entry: Int, at state: Int) {
    misses &+= 1
    successors[state] = Int16(truncatingIfNeeded: entry)
  }

  /// The position in the key table of the name of `entry`, or `nil` when the table does not
  /// have the name.
  @inline(__always)
  func tableIndex(of entry: Int) -> Int? {
    let index = entries[entry].tableIndex
    return index < 0 ? nil : Int(index)
  }

  /// The entry of a scanned name, added (with its position in `table`) on first sight; -1
  /// when the catalog does not keep it (escaped, too long, not ASCII, or the catalog full).
  mutating func entry<Numeric, Text>(for name: JSONKey, in table: MemberKeyTable<Numeric, Text>) -> Int {
    guard !name.hasEscapes, name.count > 0, name.count <= Self.maximumNameLength else { return -1 }
    let hash = fnv1a(name.start, name.count)
    let mask = Self.slotCount - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { break }
      if matches(index, hash: hash, name: name) { return index }
      slot = (slot &+ 1) & mask
    }
    guard entries.count < Self.maximumNames, Self.isPlainASCII(name) else { return -1 }
    let tableIndex = table.index(name.start, name.count).map { Int32($0) } ?? -1
    entries.append(
      Entry(hash: hash, offset: Int32(arena.count), count: Int32(name.count), tableIndex: tableIndex))
    arena.append(contentsOf: name.bytes)
    slots[slot] = Int16(entries.count - 1)
    return entries.count - 1
  }

  private func matches(_ index: Int, hash: UInt64, name: JSONKey) -> Bool {
    entries.withUnsafeBufferPointer { entries in
      let entry = entries.allocatedBase + index
      guard entry.pointee.hash == hash, Int(entry.pointee.count) == name.count else { return false }
      let offset = Int(entry.pointee.offset)
      return arena.withUnsafeBufferPointer { bytesEqual($0.allocatedBase + offset, name.start, name.count) }
    }
  }

  /// Whether every byte is below 0x80 (the scanner already rejected control characters and
  /// quotes, and a backslash sets `hasEscapes`).
  private static func isPlainASCII(_ name: JSONKey) -> Bool {
    for index in 0..<name.count where name.start[index] >= 0x80 { return false }
    return true
  }
}
