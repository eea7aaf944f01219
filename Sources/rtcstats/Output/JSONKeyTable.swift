extension JSONWriter {
  /// Member names written many times, kept as their JSON text (`"time":`), after the first
  /// member of an object with the comma before it (`,"bitrate":`), in one block of memory.
  ///
  /// Each name has a slot of ``stride`` bytes (a multiple of 16): its text, then padding, and
  /// the text's length in the slot's last byte. The writer copies whole slots 16 bytes at a
  /// time into space it has reserved and then counts only the text: no array, no reference
  /// count, no length check per name. The memory is never freed, so a table is made once per
  /// process (``AnalysisJSONEncoder/IntervalMembers/shared``) and copied freely.
  struct KeyTable: @unchecked Sendable {
    // Sendable: the memory is written once, in `init`, before the table is shared, and never
    // freed.
    private let base: UnsafeMutableRawPointer
    /// The number of names.
    let count: Int
    /// Bytes per slot: the longest text and its length byte, rounded up to 16.
    let stride: Int
    /// Whether each text starts with a comma: names of members after an object's first.
    let isSeparated: Bool

    /// Lays out `names` (escaped as JSON strings), each after a comma when `separated`, in
    /// slots, in order.
    init(_ names: [String], separated: Bool = true) {
      isSeparated = separated
      let texts = names.map { (separated ? [UInt8(ascii: ",")] : []) + Key($0).text }
      let longest = texts.map(\.count).max() ?? 0
      precondition(longest < 256, "a member name of more than 250 bytes")
      count = texts.count
      stride = (longest + 1 + 15) / 16 * 16
      base = .allocate(byteCount: Swift.max(count * stride, 16), alignment: 16)
      base.initializeMemory(as: UInt8.self, repeating: 0, count: Swift.max(count * stride, 16))
      for (index, text) in texts.enumerated() {
        let slot = base + index * stride
        for (offset, byte) in text.enumerated() {
          slot.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
        }
        slot.storeBytes(of: UInt8(text.count), toByteOffset: stride - 1, as: UInt8.self)
      }
    }

    /// Copies slot `index` (``stride`` bytes) to `out`; returns the length of its text.
    @inline(__always)
    func copy(_ index: Int, to out: UnsafeMutableRawPointer) -> Int {
      precondition(index >= 0 && index < count, "not a name of the table")
      let slot = UnsafeRawPointer(base + index &* stride)
      var offset = 0
      while offset < stride {
        let word = slot.load(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        out.storeBytes(of: word, toByteOffset: offset, as: SIMD16<UInt8>.self)
        offset &+= 16
      }
      return Int(slot.load(fromByteOffset: stride &- 1, as: UInt8.self))
    }
  }
}
