import CByteScan
import RTCStatsCore

extension WebRTCInternalsParser {
  /// Splits `"<id>-<property>"` at the last `-`: the length of the id and the role of the
  /// property, or `nil` for computed keys (`"X-[bytesSent_in_bits/s]"`), malformed keys and
  /// properties the engine does not read.
  static func split(_ name: JSONKey) -> (idCount: Int, role: Role)? {
    let bytes = name.start
    let count = name.count
    var dash = -1
    var index = count - 1
    while index > 0 {
      if bytes[index] == UInt8(ascii: "-") {
        dash = index
        break
      }
      index -= 1
    }
    guard dash > 0, dash < count - 1 else { return nil }
    // Computed values are `-[…]`; the bracket may hold a `-` itself.
    for offset in 0..<(count - 1)
    where bytes[offset] == UInt8(ascii: "-") && bytes[offset + 1] == UInt8(ascii: "[") {
      return nil
    }
    let property = bytes + dash + 1
    let propertyCount = count - dash - 1
    switch MemberTables.w3c.lookup(property, propertyCount) {
    case .timestamp:
      return (dash, .timestamp)
    case .numeric(let field):
      return (dash, .value(.numeric(field)))
    case .text(let field):
      return (dash, .value(.text(field)))
    case .durations(let none, let cpu, let bandwidth, let other):
      return (dash, .value(.durations(none: none, cpu: cpu, bandwidth: bandwidth, other: other)))
    case .id, .type, .timestampMicroseconds, .nestedMembers:
      return nil
    case nil:
      let isRemote: StaticString = "isRemote"
      guard propertyCount == isRemote.utf8CodeUnitCount,
        bytesEqual(property, isRemote.utf8Start, propertyCount)
      else { return nil }
      return (dash, .isRemote)
    }
  }

  /// The members of a series entry.
  struct Entry {
    var values: JSONKey?
    /// `values` given as an array instead of a string (a re-serialised dump).
    var array: Range<Int>?
    var statsType: JSONKey?
    var startTime = Double.nan
    var endTime = Double.nan
  }

  static func readEntry(_ reader: inout JSONReader) throws(JSONError) -> Entry {
    var entry = Entry()
    var object = try reader.beginObject()
    while let member = try reader.nextKey(in: &object) {
      if member.equals("values") {
        switch try reader.peekKind() {
        case .string:
          entry.values = try reader.readStringToken()
        case .array:
          reader.skipWhitespace()
          let start = reader.offset
          try reader.skipValue()
          entry.array = start..<reader.offset
        default:
          try reader.skipValue()
        }
      } else if member.equals("statsType"), try reader.peekKind() == .string {
        entry.statsType = try reader.readStringToken()
      } else if member.equals("startTime") {
        entry.startTime = try readTime(&reader)
      } else if member.equals("endTime") {
        entry.endTime = try readTime(&reader)
      } else {
        try reader.skipValue()
      }
    }
    return entry
  }

  /// `startTime`/`endTime`: an ISO 8601 string, or epoch ms; NaN otherwise.
  private static func readTime(_ reader: inout JSONReader) throws(JSONError) -> Double {
    switch try reader.peekKind() {
    case .string:
      let token = try reader.readStringToken()
      return ISO8601.milliseconds(token.bytes) ?? .nan
    case .number:
      return Timestamps.milliseconds(try reader.readDouble())
    default:
      try reader.skipValue()
      return .nan
    }
  }

  /// The bytes of `entry`'s values as written: the string's (escapes and all) or the array's.
  static func valueBytes(_ entry: Entry, reader: JSONReader) -> (start: UnsafePointer<UInt8>, count: Int) {
    if let token = entry.values { return (token.start, token.count) }
    let range = entry.array ?? 0..<0
    return (reader.base + range.lowerBound, range.count)
  }

  /// Runs `body` on a reader over the values array of `entry`: in place when the string
  /// has no escapes, else over an unescaped copy.
  func withValues<Result>(
    _ entry: Entry, reader: JSONReader, unescaped: inout [UInt8],
    _ body: (inout JSONReader) throws(JSONError) -> Result
  ) throws(JSONError) -> Result {
    if let token = entry.values, token.hasEscapes {
      JSONReader.unescape(token.bytes, into: &unescaped)
      let outcome = unescaped.withUnsafeBufferPointer { buffer -> Swift.Result<Result, JSONError> in
        var values = JSONReader(UnsafeRawBufferPointer(buffer))
        do throws(JSONError) {
          return .success(try body(&values))
        } catch {
          return .failure(error)
        }
      }
      return try outcome.get()
    }
    let range =
      entry.values.map { (token) -> Range<Int> in
        let start = token.start - reader.base
        return start..<(start + token.count)
      } ?? entry.array ?? 0..<0
    var values = JSONReader(base: reader.base + range.lowerBound, count: range.count)
    return try body(&values)
  }

  /// Reads a `-timestamp` series; elements that are not numbers become NaN.
  static func readTimes(_ reader: inout JSONReader, into times: inout [Double])
    throws(JSONError)
  {
    var array = try reader.beginArray()
    while try reader.nextElement(in: &array) {
      if try reader.peekKind() == .number {
        times.append(Timestamps.milliseconds(try reader.readDouble()))
      } else {
        try reader.skipValue()
        times.append(.nan)
      }
    }
    try reader.expectEnd()
  }

  /// Decodes an unescaped values array into runs of equal cells; returns the value count.
  static func decodeRuns(
    _ bytes: [UInt8], key: StatsKey, runs: inout [InternalsRun], decoder: inout MemberDecoder
  ) throws(JSONError) -> Int {
    let first = runs.count
    let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<Int, JSONError> in
      var reader = JSONReader(UnsafeRawBufferPointer(buffer))
      do throws(JSONError) {
        var array = try reader.beginArray()
        var count = 0
        while try reader.nextElement(in: &array) {
          let cell = try InternalsValueReader.cell(key, from: &reader, decoder: &decoder)
          if runs.count > first, runs[runs.count - 1].cell == cell {
            runs[runs.count - 1].count += 1
          } else {
            runs.append(InternalsRun(cell: cell, count: 1))
          }
          count += 1
        }
        try reader.expectEnd()
        return .success(count)
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// How many of the eight bytes of `word` equal `byte`: a byte is zero after the XOR exactly
  /// when it matched, and `~((x & 0x7F…) + 0x7F… | x | 0x7F…)` sets the high bit of exactly
  /// the zero bytes (the addition cannot carry between bytes).
  @inline(__always)
  static func bytes(equalTo byte: UInt8, in word: UInt64) -> Int {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
    let zeros = ~(((x & low) &+ low) | x | low)
    return zeros.nonzeroBitCount
  }

  /// Counts the elements of a values array without parsing them.
  ///
  /// An array of numbers and literals has one more element than commas, which a simple
  /// byte count finds; anything with strings or nested values is counted by the reader.
  static func countElements(base: UnsafePointer<UInt8>, count: Int) throws(JSONError) -> Int {
    var commas = 0
    var openings = 0
    var quotes = 0
    var index = 0
    #if arch(x86_64)
      // Sixteen bytes at a time with SSE2 first (`rtcstats_count_series_bytes`).
      index = rtcstats_count_series_bytes(base, count, &commas, &openings, &quotes)
    #endif
    // Eight bytes at a time: each count is the number of bytes equal to the character
    // (an exact per-byte test, no false positives), then the tail byte by byte.
    let raw = UnsafeRawPointer(base)
    while index &+ 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      commas &+= Self.bytes(equalTo: 0x2C, in: word)
      openings &+= Self.bytes(equalTo: 0x5B, in: word) &+ Self.bytes(equalTo: 0x7B, in: word)
      quotes &+= Self.bytes(equalTo: 0x22, in: word)
      index &+= 8
    }
    while index < count {
      let byte = base[index]
      commas &+= byte == UInt8(ascii: ",") ? 1 : 0
      openings &+= byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") ? 1 : 0
      quotes &+= byte == UInt8(ascii: "\"") ? 1 : 0
      index &+= 1
    }
    var reader = JSONReader(base: base, count: count)
    if openings == 1 && quotes == 0 {
      var array = try reader.beginArray()
      return try reader.nextElement(in: &array) ? commas + 1 : 0
    }
    var array = try reader.beginArray()
    var elements = 0
    while try reader.nextElement(in: &array) {
      try reader.skipValue()
      elements += 1
    }
    try reader.expectEnd()
    return elements
  }
}
