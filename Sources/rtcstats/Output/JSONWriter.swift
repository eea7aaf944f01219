/// Writes JSON text into a byte buffer, deterministically: members in the order written,
/// numbers without locale, non-finite numbers as `null`.
///
/// Commas are inserted automatically; the caller only opens and closes containers. The text
/// is kept in memory the writer owns (hence not copyable), written through a pointer: no
/// per-byte capacity or uniqueness checks.
struct JSONWriter: ~Copyable {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0
  /// Bit `level` says whether the next value at that nesting level needs a comma before
  /// it (the output nests far less than 64 levels).
  private var commaBits: UInt64 = 0
  private var level = 0
  /// Decimal places kept for non-integral numbers.
  var fractionDigits = 3

  /// Receives the text written so far once it passes `flushThreshold` bytes (at the end of
  /// an object or array), so that large documents are written in pieces.
  private var sink: (([UInt8]) -> Void)?
  private var flushThreshold = Int.max

  init(capacity: Int = 4096) {
    self.capacity = Swift.max(capacity, 64)
    storage = .allocate(capacity: self.capacity)
  }

  /// A writer that hands its text to `sink` in pieces of about `threshold` bytes.
  init(flushingAt threshold: Int, sink: @escaping ([UInt8]) -> Void) {
    self.init(capacity: threshold + 4096)
    flushThreshold = threshold
    self.sink = sink
  }

  deinit { storage.deallocate() }

  /// The text written so far (since the last ``flush()``).
  var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

  /// Hands everything written so far to the sink.
  mutating func flush() {
    guard let sink, count > 0 else { return }
    sink(bytes)
    count = 0
  }

  /// Makes room for `extra` more bytes.
  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    let grown = Swift.max(capacity * 2, count + extra)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.update(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity = grown
  }

  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  @inline(__always)
  private mutating func append(_ buffer: UnsafeRawBufferPointer) {
    reserve(buffer.count)
    if let base = buffer.baseAddress {
      (storage + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: buffer.count)
    }
    count += buffer.count
  }

  private mutating func append(_ text: [UInt8]) {
    text.withUnsafeBytes { append($0) }
  }

  /// Appends `text`, the JSON of one or more comma-separated values written by another writer
  /// at its top level, as elements of the array open here.
  mutating func elements(_ text: [UInt8]) {
    guard !text.isEmpty else { return }
    separate()
    append(text)
    if count >= flushThreshold { flush() }
  }

  /// Appends text as is (separators between documents).
  mutating func raw(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  // MARK: - Containers

  mutating func beginObject() {
    separate()
    append(UInt8(ascii: "{"))
    enter()
  }

  mutating func endObject() {
    level -= 1
    append(UInt8(ascii: "}"))
    if count >= flushThreshold { flush() }
  }

  mutating func beginArray() {
    separate()
    append(UInt8(ascii: "["))
    enter()
  }

  mutating func endArray() {
    level -= 1
    append(UInt8(ascii: "]"))
  }

  private mutating func enter() {
    level += 1
    precondition(level < 64, "JSON output nested too deeply")
    commaBits &= ~(1 << UInt64(level))
  }

  /// Writes a member name; the next value written is its value.
  mutating func key(_ name: String) {
    separate()
    appendString(name)
    append(UInt8(ascii: ":"))
    commaBits &= ~(1 << UInt64(level))
  }

  /// A member name written many times, kept as its JSON text (`"name":`).
  struct Key: Sendable {
    /// The text `"name":`.
    let text: [UInt8]

    init(_ name: String) {
      var writer = JSONWriter(capacity: name.utf8.count + 3)
      writer.appendString(name)
      writer.append(UInt8(ascii: ":"))
      text = writer.bytes
    }
  }

  /// Writes a prepared member name; the next value written is its value.
  mutating func key(_ key: Key) {
    separate()
    append(key.text)
    commaBits &= ~(1 << UInt64(level))
  }

  /// Writes a literal member name, which must need no escaping.
  mutating func key(_ name: StaticString) {
    separate()
    let length = name.utf8CodeUnitCount
    reserve(length &+ 3)
    let out = storage + count
    out[0] = UInt8(ascii: "\"")
    (out + 1).update(from: name.utf8Start, count: length)
    out[length &+ 1] = UInt8(ascii: "\"")
    out[length &+ 2] = UInt8(ascii: ":")
    count &+= length &+ 3
    commaBits &= ~(1 << UInt64(level))
  }

  /// Writes name `index` of a separated `table` (see ``KeyTable/isSeparated``), after the
  /// first member of the open object; the next value written is its value.
  mutating func nextKey(_ index: Int, of table: KeyTable) {
    assert(table.isSeparated && commaBits & (1 << UInt64(level)) != 0, "not after an object's first member")
    reserve(table.stride)
    count &+= table.copy(index, to: UnsafeMutableRawPointer(storage + count))
    commaBits &= ~(1 << UInt64(level))
  }

  /// Writes member `index` of `table` with the number `value` (`null` when not finite).
  ///
  /// One capacity check covers the name and the number. A separated table's names follow an
  /// object's first member, the others are first.
  @inline(__always)
  mutating func member(_ index: Int, of table: KeyTable, number value: Double) {
    assert(table.isSeparated == (commaBits & (1 << UInt64(level)) != 0), "a name with the wrong separator")
    if !table.isSeparated { commaBits |= 1 << UInt64(level) }
    reserve(table.stride &+ JSONNumberText.maximumLength)
    let out = storage + count
    let keyLength = table.copy(index, to: UnsafeMutableRawPointer(out))
    let written =
      value.isFinite ? JSONNumberText.write(value, fractionDigits: fractionDigits, to: out + keyLength) : 0
    count &+= keyLength &+ written
    if written == 0 {
      appendLiteral(value.isFinite ? Self.format(value, fractionDigits: fractionDigits) : "null")
    }
  }

  // MARK: - Values

  mutating func string(_ value: String?) {
    separate()
    guard let value else { return appendLiteral("null") }
    appendString(value)
  }

  mutating func number(_ value: Double?) {
    separate()
    guard let value, value.isFinite else { return appendLiteral("null") }
    appendNumber(value)
  }

  mutating func integer(_ value: Int?) {
    separate()
    guard let value else { return appendLiteral("null") }
    appendInteger(UInt64(value.magnitude), negative: value < 0)
  }

  mutating func bool(_ value: Bool?) {
    separate()
    guard let value else { return appendLiteral("null") }
    appendLiteral(value ? "true" : "false")
  }

  mutating func null() {
    separate()
    appendLiteral("null")
  }

  // MARK: - Members

  mutating func member(_ name: StaticString, _ value: String?) {
    key(name)
    string(value)
  }

  mutating func member(_ name: StaticString, _ value: Double?) {
    key(name)
    number(value)
  }

  mutating func member(_ name: StaticString, _ value: Int?) {
    key(name)
    integer(value)
  }

  mutating func member(_ name: StaticString, _ value: Bool?) {
    key(name)
    bool(value)
  }

  // MARK: - Encoding

  /// A number rounded to `fractionDigits` places, integers without a fraction:
  /// `1500000`, `4.583`, `0.001`.
  static func format(_ value: Double, fractionDigits: Int) -> String {
    if value == value.rounded(), abs(value) < 9.007_199_254_740_992e15 {
      return String(Int64(value))
    }
    var scale = 1.0
    for _ in 0..<fractionDigits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == rounded.rounded(), abs(rounded) < 9.007_199_254_740_992e15 {
      return String(Int64(rounded))
    }
    return rounded.description
  }

  /// Writes `value` rounded to `fractionDigits` places straight into the buffer, with the
  /// same text as ``format(_:fractionDigits:)`` (see ``JSONNumberText``), without building a
  /// `String` except for the magnitudes `format` writes through `description`.
  @inline(__always)
  private mutating func appendNumber(_ value: Double) {
    reserve(JSONNumberText.maximumLength)
    let written = JSONNumberText.write(value, fractionDigits: fractionDigits, to: storage + count)
    guard written > 0 else { return appendLiteral(Self.format(value, fractionDigits: fractionDigits)) }
    count &+= written
  }

  private mutating func appendInteger(_ magnitude: UInt64, negative: Bool) {
    reserve(JSONNumberText.maximumLength)
    count &+= JSONNumberText.writeInteger(magnitude, negative: negative, to: storage + count)
  }

  /// Ends a top-level value with a line break; the next value starts a new NDJSON line,
  /// without a comma before it.
  mutating func endLine() {
    append(UInt8(ascii: "\n"))
    commaBits &= ~1
  }

  @inline(__always)
  private mutating func separate() {
    let bit: UInt64 = 1 << UInt64(level)
    if commaBits & bit != 0 { append(UInt8(ascii: ",")) }
    commaBits |= bit
  }

  private mutating func appendLiteral(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  private mutating func appendString(_ text: String) {
    var text = text
    // The common case, text that needs no escape, is copied as it is checked, quotes
    // included, after one capacity check.
    let plain = text.withUTF8 { buffer in
      let length = buffer.count
      reserve(length &+ 2)
      let out = storage + count
      out[0] = UInt8(ascii: "\"")
      for index in 0..<length {
        let byte = buffer[index]
        guard byte >= 0x20, byte != 0x22, byte != 0x5C else { return false }
        out[index &+ 1] = byte
      }
      out[length &+ 1] = UInt8(ascii: "\"")
      count &+= length &+ 2
      return true
    }
    if plain { return }
    append(UInt8(ascii: "\""))
    let hex = Array("0123456789abcdef".utf8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append([0x5C, 0x22])
      case UInt8(ascii: "\\"): append([0x5C, 0x5C])
      case 0x0A: append([0x5C, UInt8(ascii: "n")])
      case 0x0D: append([0x5C, UInt8(ascii: "r")])
      case 0x09: append([0x5C, UInt8(ascii: "t")])
      case 0..<0x20: append([0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      default: append(byte)
      }
    }
    append(UInt8(ascii: "\""))
  }
}
