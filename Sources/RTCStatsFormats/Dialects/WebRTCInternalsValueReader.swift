import RTCStatsCore

/// Reads one element of a webrtc-internals values array as the member a ``StatsKey`` names.
///
/// webrtc-internals stores what `getStats()` gave, serialised by JavaScript: numbers,
/// booleans, strings, and objects (`qualityLimitationDurations`) either inline or as JSON
/// strings. Recent Chrome JSON-quotes some strings twice (`"\"connected\""`); the quotes
/// are stripped. A text member given as a number (`mid: 0`) becomes its digits; a numeric
/// member given as a string (`ssrc: "2927209963"`, Chrome ≤ M90) is parsed.
enum InternalsValueReader {
  // MARK: - In place (emission)

  /// Reads the element under the cursor straight into row `row`.
  @inline(__always)
  static func read(
    _ key: StatsKey, from reader: inout JSONReader, into report: inout StatsReport, row: Int,
    interner: inout StringInterner, scratch: inout [UInt8]
  ) throws(JSONError) {
    switch key {
    case .numeric(let field):
      let byte = reader.peekByte() ?? 0
      if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
        report.setNumber(try reader.readDouble(), field, at: row)
      } else if case .number(let value) = try cell(
        key, from: &reader, interner: &interner, scratch: &scratch)
      {
        report.setNumber(value, field, at: row)
      }
    case .text(let field):
      if let text = try readText(&reader, interner: &interner, scratch: &scratch) {
        report.setText(text, field, at: row)
      }
    case .qualityLimitationDurations:
      let cell = try readDurations(&reader, scratch: &scratch)
      InternalsSeries.apply(cell, key: key, to: &report, row: row)
    default:
      try reader.skipValue()
    }
  }

  // MARK: - Decoded ahead (indexing)

  /// Reads the element under the cursor as a cell for `key`.
  static func cell(
    _ key: StatsKey, from reader: inout JSONReader, interner: inout StringInterner,
    scratch: inout [UInt8]
  ) throws(JSONError) -> InternalsCell {
    switch key {
    case .numeric:
      switch try reader.peekKind() {
      case .number:
        return .number(try reader.readDouble())
      case .bool:
        return .number(try reader.readBool() ? 1 : 0)
      case .string:
        let token = try reader.readStringToken()
        if let value = StatsObjectDecoder.parseNumericString(token) { return .number(value) }
        if token.hasEscapes {
          JSONReader.unescape(token.bytes, into: &scratch)
          if let value = unquotedNumber(scratch) { return .number(value) }
        }
        return .absent
      case .null, .object, .array:
        try reader.skipValue()
        return .absent
      }
    case .text:
      return try readText(&reader, interner: &interner, scratch: &scratch).map { .text($0) }
        ?? .absent
    case .qualityLimitationDurations:
      return try readDurations(&reader, scratch: &scratch)
    default:
      try reader.skipValue()
      return .absent
    }
  }

  // MARK: - Members

  /// A text value: a string (JSON quotes stripped), or a number or boolean spelled out.
  private static func readText(
    _ reader: inout JSONReader, interner: inout StringInterner, scratch: inout [UInt8]
  ) throws(JSONError) -> String? {
    let byte = reader.peekByte() ?? 0
    if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
      reader.skipWhitespace()
      let start = reader.offset
      try reader.scanNumber()
      return interner.intern(reader.base + start, reader.offset - start)
    }
    switch byte {
    case UInt8(ascii: "\""):
      let token = try reader.readStringToken()
      guard token.hasEscapes else { return interner.intern(token.start, token.count) }
      JSONReader.unescape(token.bytes, into: &scratch)
      return scratch.withUnsafeBufferPointer { bytes -> String in
        var start = 0
        var end = bytes.count
        if end >= 2, bytes[0] == UInt8(ascii: "\""), bytes[end - 1] == UInt8(ascii: "\"") {
          start += 1
          end -= 1
        }
        guard let base = bytes.baseAddress, end > start else { return "" }
        return interner.intern(base + start, end - start)
      }
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      return try reader.readBool() ? "true" : "false"
    default:
      try reader.skipValue()
      return nil
    }
  }

  /// `qualityLimitationDurations`: an object of seconds per reason, inline or as a JSON
  /// string.
  private static func readDurations(_ reader: inout JSONReader, scratch: inout [UInt8])
    throws(JSONError) -> InternalsCell
  {
    switch reader.peekByte() ?? 0 {
    case UInt8(ascii: "{"):
      return try readDurationsObject(&reader)
    case UInt8(ascii: "\""):
      let token = try reader.readStringToken()
      if token.hasEscapes {
        JSONReader.unescape(token.bytes, into: &scratch)
      } else {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: token.bytes)
      }
      // A malformed string is a value we cannot read, not a broken dump.
      return scratch.withUnsafeBufferPointer { bytes -> InternalsCell in
        guard let base = bytes.baseAddress else { return .absent }
        var inner = JSONReader(base: base, count: bytes.count)
        guard let cell = try? readDurationsObject(&inner), inner.isAtEnd() else { return .absent }
        return cell
      }
    default:
      try reader.skipValue()
      return .absent
    }
  }

  private static func readDurationsObject(_ reader: inout JSONReader) throws(JSONError)
    -> InternalsCell
  {
    var object = try reader.beginObject()
    var none = Double.nan
    var cpu = Double.nan
    var bandwidth = Double.nan
    var other = Double.nan
    while let reason = try reader.nextKey(in: &object) {
      guard try reader.peekKind() == .number else {
        try reader.skipValue()
        continue
      }
      let value = try reader.readDouble()
      if reason.equals("none") {
        none = value
      } else if reason.equals("cpu") {
        cpu = value
      } else if reason.equals("bandwidth") {
        bandwidth = value
      } else if reason.equals("other") {
        other = value
      }
    }
    return .durations(none: none, cpu: cpu, bandwidth: bandwidth, other: other)
  }

  /// A number JSON-quoted inside a string (`"\"42\""`).
  private static func unquotedNumber(_ bytes: [UInt8]) -> Double? {
    guard bytes.count >= 3, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"")
    else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Double? in
      guard let base = buffer.baseAddress else { return nil }
      var reader = JSONReader(base: base + 1, count: buffer.count - 2)
      guard let value = try? reader.readDouble(), reader.isAtEnd() else { return nil }
      return value
    }
  }
}
