/// The last number one member held, as written and as read, so that the same number written
/// again is recognised by comparing its bytes instead of being parsed.
///
/// Every object of one getStats poll carries the poll's `timestamp`
/// (`"timestamp":1796049847656.578` on each of a hundred-odd objects), and a 16- or 17-digit
/// number with a fraction is the costliest number to parse (two 8-digit words, the fraction,
/// a division): 334 instructions per timestamp, 4 % of the parser thread's on the bench's
/// JSON-lines log.
///
/// The bytes kept are a whole number token that ``JSONReader/readDouble()`` read, 8 to 24
/// bytes long. The bytes under the cursor are the same token when they are equal and the
/// byte after them cannot continue a number (a digit, `.`, `e`, `E`, `+` or `-`): the
/// scanner reads as far as the grammar goes, so equal bytes that stop there are the same
/// token and have the same value. Anything else is parsed as before.
struct RepeatedNumber {
  /// The first, middle and last eight bytes of the token (they overlap below 24 bytes).
  private var first: UInt64 = 0
  private var middle: UInt64 = 0
  private var last: UInt64 = 0
  /// The token's length; 0 when nothing is kept.
  private var count = 0
  /// What the member's reader made of the token.
  private(set) var value = 0.0
  /// A note the reader kept with the value (a timestamp converted from µs).
  private(set) var note = false

  /// The shortest token kept: shorter numbers parse in one word anyway.
  static let minimumCount = 8
  /// The longest token kept.
  static let maximumCount = 24

  /// Whether the number under the cursor (after whitespace) is the token kept.
  ///
  /// When it is, it is consumed and ``value`` is its value; otherwise the cursor is left
  /// after the whitespace.
  @inline(__always)
  func consume(from reader: inout JSONReader) -> Bool {
    reader.skipWhitespace()
    let count = self.count
    let start = reader.offset
    guard count > 0, start &+ count < reader.count else { return false }
    let raw = UnsafeRawPointer(reader.base + start)
    guard raw.loadUnaligned(as: UInt64.self) == first,
      raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == last,
      count <= 16 || raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == middle,
      !Self.continuesNumber(reader.base[start &+ count])
    else { return false }
    reader.offset = start &+ count
    return true
  }

  /// Keeps the `count` bytes at `start` (a number token just read) with its value and note;
  /// a token of another length is not kept and the previous one is forgotten.
  @inline(__always)
  mutating func keep(_ start: UnsafePointer<UInt8>, count: Int, value: Double, note: Bool) {
    guard count >= Self.minimumCount, count <= Self.maximumCount else {
      self.count = 0
      return
    }
    let raw = UnsafeRawPointer(start)
    first = raw.loadUnaligned(as: UInt64.self)
    middle = count > 16 ? raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : 0
    last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    self.count = count
    self.value = value
    self.note = note
  }

  /// Whether `byte` could be part of a number token (after its first byte).
  @inline(__always)
  static func continuesNumber(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
  }
}
