/// Writes JSON text into a byte buffer, deterministically: members in the order written,
/// numbers without locale, non-finite numbers as `null`.
///
/// Commas are inserted automatically; the caller only opens and closes containers.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
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
    bytes.reserveCapacity(capacity)
  }

  /// A writer that hands its text to `sink` in pieces of about `threshold` bytes.
  init(flushingAt threshold: Int, sink: @escaping ([UInt8]) -> Void) {
    bytes.reserveCapacity(threshold + 4096)
    flushThreshold = threshold
    self.sink = sink
  }

  /// Hands everything written so far to the sink.
  mutating func flush() {
    guard let sink, !bytes.isEmpty else { return }
    sink(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends text as is (separators between documents).
  mutating func raw(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  // MARK: - Containers

  mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    enter()
  }

  mutating func endObject() {
    level -= 1
    bytes.append(UInt8(ascii: "}"))
    if bytes.count >= flushThreshold { flush() }
  }

  mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    enter()
  }

  mutating func endArray() {
    level -= 1
    bytes.append(UInt8(ascii: "]"))
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
    bytes.append(UInt8(ascii: ":"))
    commaBits &= ~(1 << UInt64(level))
  }

  /// Writes a literal member name, which must need no escaping.
  mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    commaBits &= ~(1 << UInt64(level))
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
  /// same text as ``format(_:fractionDigits:)``, without building a `String`.
  private mutating func appendNumber(_ value: Double) {
    var scale = 1.0
    for _ in 0..<fractionDigits { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard abs(scaled) < 9.007_199_254_740_992e15 else {
      return appendLiteral(Self.format(value, fractionDigits: fractionDigits))
    }
    let units = UInt64(abs(scaled))
    let divisor = UInt64(scale)
    let negative = scaled < 0
    var fraction = units % divisor
    appendInteger(units / divisor, negative: negative)
    guard fraction != 0 else { return }
    var digits = fractionDigits
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    bytes.append(UInt8(ascii: "."))
    var buffer: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (48, 48, 48, 48, 48, 48, 48, 48)
    withUnsafeMutableBytes(of: &buffer) { raw in
      var remaining = fraction
      var position = digits - 1
      while position >= 0 {
        raw[position] = UInt8(48 + remaining % 10)
        remaining /= 10
        position -= 1
      }
      bytes.append(contentsOf: raw.prefix(digits))
    }
  }

  private mutating func appendInteger(_ magnitude: UInt64, negative: Bool) {
    if negative && magnitude != 0 { bytes.append(UInt8(ascii: "-")) }
    if magnitude < 10 {
      bytes.append(UInt8(48 + magnitude))
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    withUnsafeMutableBytes(of: &digits) { raw in
      var remaining = magnitude
      var position = raw.count
      while remaining > 0 {
        position -= 1
        raw[position] = UInt8(48 + remaining % 10)
        remaining /= 10
      }
      bytes.append(contentsOf: raw[position...])
    }
  }

  private mutating func separate() {
    let bit: UInt64 = 1 << UInt64(level)
    if commaBits & bit != 0 { bytes.append(UInt8(ascii: ",")) }
    commaBits |= bit
  }

  private mutating func appendLiteral(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func appendString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    let plain = text.withUTF8 { buffer in
      guard !buffer.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
      bytes.append(contentsOf: buffer)
      return true
    }
    if plain {
      bytes.append(UInt8(ascii: "\""))
      return
    }
    let utf8 = text.utf8
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
          0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
        ])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
