import RTCStatsCore

/// Reads the oldest rtcstats export (2016), one JSON object:
///
///     {"url":…, "userAgent":…, "getUserMedia":[{time, type, value}],
///      "peerConnections":{"PC_0":[{"time":"2016-01-28T18:24:21.237Z","type":"getStats","value":{…}}]}}
///
/// Each `getStats` event holds a whole report keyed by id (legacy goog stats in the corpus,
/// next to W3C-like objects of an old polyfill); ``RTCStatsLegacyPipeline`` sniffs, merges and
/// maps them. An empty `PeerConnections` member (webrtc-internals spelling) may sit beside
/// `peerConnections` and is ignored.
///
/// The window must already hold the whole document (`StreamWindow.fillToEnd`); the parser
/// reads it in place.
struct RTCStatsV0Parser: DialectParser {
  private var pipeline = RTCStatsLegacyPipeline()
  private var userAgent: String?
  private var eventCount = 0

  init() {}

  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) {
    info.format = .rtcstatsV0
    try window.fillToEnd(from: &source)
    let bytes = window.unread
    var reader = JSONReader(bytes)
    do throws(JSONError) {
      var object = try reader.beginObject()
      while let key = try reader.nextKey(in: &object) {
        if key.equals("peerConnections"), try reader.peekKind() == .object {
          try readPeerConnections(&reader, into: &consumer, info: &info)
        } else if key.equals("userAgent"), try reader.peekKind() == .string {
          userAgent = try reader.readString()
        } else {
          try reader.skipValue()
        }
      }
      try reader.expectEnd()
    } catch {
      throw window.positioned(error)
    }
    window.consume(bytes.count)
    if info.userAgent == nil { info.userAgent = userAgent }
    info.addDetail(
      "\(eventCount) events, \(pipeline.connectionNames.count) peer connections with stats")
    pipeline.finish(info: &info, statsFormat: nil)
    if info.reportCount == 0 {
      info.warnings.append("the dump has no getStats reports (\(eventCount) events)")
    }
  }

  /// Whether a whole JSON document is an rtcstats v0 export: its top-level object has a
  /// `peerConnections` member (lower-case p; webrtc-internals writes `PeerConnections`).
  static func isV0(_ document: UnsafeRawBufferPointer) -> Bool {
    // A byte search first, so that a large webrtc-internals dump is not parsed twice.
    guard contains(document, "\"peerConnections\"") else { return false }
    var reader = JSONReader(document)
    do throws(JSONError) {
      var object = try reader.beginObject()
      while let key = try reader.nextKey(in: &object) {
        if key.equals("peerConnections") { return true }
        try reader.skipValue()
      }
    } catch {
      return false
    }
    return false
  }

  /// Whether `bytes` contain `needle` (memchr for the first byte, then a comparison).
  static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: StaticString) -> Bool {
    let count = needle.utf8CodeUnitCount
    guard count > 0, bytes.count >= count, let base = bytes.baseAddress else { return false }
    let first = needle.utf8Start[0]
    var offset = 0
    while offset <= bytes.count - count,
      let found = System.firstByte(first, in: base + offset, count: bytes.count - count + 1 - offset)
    {
      let position = found - base
      if System.bytesEqual(found, needle.utf8Start, count: count) { return true }
      offset = position + 1
    }
    return false
  }

  /// `{"PC_0": [event, …], …}`.
  private mutating func readPeerConnections(
    _ reader: inout JSONReader, into consumer: inout some StatsReportConsumer,
    info: inout DumpInfo
  ) throws(JSONError) {
    var connections = try reader.beginObject()
    while let key = try reader.nextKey(in: &connections) {
      guard try reader.peekKind() == .array else {
        try reader.skipValue()
        continue
      }
      let name = key.decoded()
      var events = try reader.beginArray()
      while try reader.nextElement(in: &events) {
        try readEvent(&reader, connection: name, into: &consumer, info: &info)
      }
    }
  }

  /// `{"time": ISO 8601, "type": method, "value": …}` in any member order.
  private mutating func readEvent(
    _ reader: inout JSONReader, connection: String,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(JSONError) {
    guard try reader.peekKind() == .object else {
      try reader.skipValue()
      return
    }
    eventCount += 1
    var isGetStats = false
    var time: Double?
    var valueOffset: Int?
    var object = try reader.beginObject()
    while let key = try reader.nextKey(in: &object) {
      if key.equals("type"), try reader.peekKind() == .string {
        let type = try reader.readStringToken()
        isGetStats = type.equals("getStats") || type.equals("getstats")
      } else if key.equals("time"), try reader.peekKind() == .string {
        time = Self.epochMilliseconds(iso8601: try reader.readString())
      } else if key.equals("value"), try reader.peekKind() == .object {
        reader.skipWhitespace()
        valueOffset = reader.offset
        try reader.skipValue()
      } else {
        try reader.skipValue()
      }
    }
    guard isGetStats, let valueOffset else { return }
    // The value was validated by skipValue; read it again now that the type is known.
    var value = JSONReader(
      base: reader.buffer.allocatedBase + valueOffset,
      count: reader.offset - valueOffset)
    do throws(JSONError) {
      let pending = try pipeline.read(&value, connection: connection)
      pipeline.apply(pending, fallbackTime: time, into: &consumer, info: &info)
    } catch {
      throw JSONError(error.kind, at: valueOffset + error.offset)
    }
  }

  /// `2016-01-28T18:24:21.237Z` → ms since the Unix epoch; `nil` for other shapes.
  static func epochMilliseconds(iso8601 text: String) -> Double? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var value = 0
      for index in range {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes.last == UInt8(ascii: "Z"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var fraction = 0.0
    if bytes.count > 21, bytes[19] == UInt8(ascii: ".") {
      var scale = 100.0
      for index in 20..<(bytes.count - 1) {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        fraction += Double(digit) * scale
        scale /= 10
      }
    }
    // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
    return Double(seconds) * 1000 + fraction
  }
}
