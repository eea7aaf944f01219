import RTCStatsCore

/// Reads the oldest rtcstats export (2016).
///
/// The export is one JSON object:
///
///     {"url":…, "userAgent":…, "getUserMedia":[{time, type, value}],
///      "peerConnections":{"PC_0":[{"time":"2016-01-28T18:24:21.237Z","type":"getStats","value":{…}}]}}
///
/// Each `getStats` event holds a whole report keyed by id (legacy goog stats in the corpus,
/// next to W3C-like objects of an old polyfill); ``RTCStatsLegacyPipeline`` sniffs, merges and
/// maps them. Every other event, of a peer connection or of the page's `getUserMedia` list,
/// is handed on as a `StatsEvent` in document order, its ISO 8601 `time` in ms. An empty
/// `PeerConnections` member (webrtc-internals spelling) may sit beside `peerConnections`
/// and is ignored.
///
/// The whole document is read into the window (`StreamWindow.fillToEnd`) and parsed in
/// place.
struct RTCStatsV0Parser: DialectParser {
  static var format: DumpFormat { .rtcstatsV0 }

  /// A top-level object with a lower-case `peerConnections` member among its first ones.
  static func sniff(_ prefix: DumpPrefix) -> Bool {
    prefix.first == UInt8(ascii: "{") && prefix.hasMember("peerConnections")
  }

  private var pipeline: RTCStatsLegacyPipeline
  private var userAgent: String?
  /// Events of the peer connections (getStats included).
  private var eventCount = 0

  /// The size of the stream when known: the whole document is read into one buffer of it.
  private let sizeHint: Int?

  init(_ context: DialectContext) {
    pipeline = RTCStatsLegacyPipeline(ignored: context.ignoredMembers)
    sizeHint = context.sizeHint
  }

  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(DumpError) -> ParseOutcome {
    try window.fillToEnd(from: &source, sizeHint: sizeHint)
    let bytes = window.unread
    var reader = JSONReader(bytes)
    do throws(JSONError) {
      var object = try reader.beginObject()
      while let key = try reader.nextKey(in: &object) {
        if key.equals("peerConnections"), try reader.peekKind() == .object {
          try readPeerConnections(&reader, into: &consumer, info: &info)
        } else if key.equals("getUserMedia"), try reader.peekKind() == .array {
          try reader.forEachObject { (reader) throws(JSONError) in
            try readEvent(&reader, connection: nil, into: &consumer, info: &info)
          }
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
    return .done
  }

  func finish(into consumer: inout some StatsReportConsumer, info: inout DumpInfo) {
    if info.userAgent == nil { info.userAgent = userAgent }
    info.addDetail(
      "\(eventCount) events, \(pipeline.connectionNames.count) peer connections with stats")
    pipeline.finish(info: &info, statsFormat: nil)
    if info.reportCount == 0 {
      info.note(.noStatsReports, ["events": .integer(eventCount)])
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
      try reader.forEachObject { (reader) throws(JSONError) in
        eventCount += 1
        try readEvent(&reader, connection: name, into: &consumer, info: &info)
      }
    }
  }

  /// `{"time": ISO 8601, "type": method, "value": …}` in any member order: a getStats report
  /// for the pipeline, anything else an event.
  private mutating func readEvent(
    _ reader: inout JSONReader, connection: String?,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(JSONError) {
    var type: String?
    var time: Double?
    var valueOffset: Int?
    var object = try reader.beginObject()
    while let key = try reader.nextKey(in: &object) {
      if key.equals("type"), try reader.peekKind() == .string {
        type = try reader.readString()
      } else if key.equals("time"), try reader.peekKind() == .string {
        time = ISO8601.milliseconds(try reader.readStringToken().bytes)
      } else if key.equals("value") {
        reader.skipWhitespace()
        valueOffset = reader.offset
        try reader.skipValue()
      } else {
        try reader.skipValue()
      }
    }
    guard let type, let valueOffset else {
      if let type, type != "getStats", type != "getstats" {
        consumer.consume(event: StatsEvent(dumpName: type, time: time, connection: connection, value: nil))
      }
      return
    }
    // The value was validated by skipValue; read it again now that the type is known.
    var value = JSONReader(base: reader.base + valueOffset, count: reader.offset - valueOffset)
    do throws(JSONError) {
      if type == "getStats" || type == "getstats" {
        guard try value.peekKind() == .object, let connection else { return }
        let pending = try pipeline.read(&value, connection: connection)
        pipeline.apply(pending, fallbackTime: time, into: &consumer, info: &info)
      } else {
        let text = try EventValue.read(&value)
        consumer.consume(event: StatsEvent(dumpName: type, time: time, connection: connection, value: text))
      }
    } catch {
      throw JSONError(error.kind, at: valueOffset + error.offset)
    }
  }
}
