import RTCStatsCore

/// Reads one getStats snapshot of a known ``SnapshotShape`` into a report: the part of the
/// getStats dialect that ``GetStatsParser`` (a log of snapshots) and ``SnapshotDecoder`` (one
/// snapshot) share.
///
/// Every stats object goes through ``MemberDecoder/decodeSnapshotObject(_:into:id:)``, so
/// timestamps come out in ms and W3C objects without `type` get an inferred one. The rows
/// are W3C stats or, for a legacy callback `getStats()` result, legacy goog stats
/// (``SnapshotRows``).
struct SnapshotReader<Rows: SnapshotRows> {
  /// The member decoder (interner, ignored members, µs note).
  var decoder: MemberDecoder
  /// Elements of a snapshot array that were not stats objects (numbers, strings, null).
  private(set) var unnamedElements = 0
  private var scratch: [UInt8] = []

  init(decoder: MemberDecoder) {
    self.decoder = decoder
  }

  /// Adds another reader's notes (µs timestamps, unnamed elements).
  mutating func absorb(_ other: SnapshotReader) {
    unnamedElements += other.unnamedElements
    decoder.absorb(other.decoder)
  }

  /// Reads the snapshot under the cursor, of shape `shape`, into `report` (which the caller
  /// emptied); returns the peer connection a wrapper names.
  mutating func read(_ reader: inout JSONReader, shape: SnapshotShape, into report: inout Rows)
    throws(JSONError) -> String?
  {
    switch shape {
    case .statsArray, .entriesArray, .keyValueArray:
      var array = try reader.beginArray()
      var previous: UInt64 = 0
      while try reader.nextElement(in: &array) {
        previous = try readArrayElement(&reader, into: &report, after: previous)
        try Self.checkCount(report, reader)
      }
      return nil
    case .statsMap:
      var object = try reader.beginObject()
      while let key = try reader.nextKey(in: &object) {
        if try reader.peekKind() == .object {
          try decoder.decodeSnapshotObject(
            &reader, into: &report, id: decoder.interner.intern(key),
            keyTag: MemberNameCatalog.tag(key.start, key.count))
          try Self.checkCount(report, reader)
        } else {
          try reader.skipValue()
        }
      }
      return nil
    case .wrapper:
      return try readWrapper(&reader, into: &report)
    case .statsObject:
      try decoder.decodeSnapshotObject(&reader, into: &report)
      return nil
    case .log, .wrappedLog, .empty, .unknown:
      try reader.skipValue()
      return nil
    }
  }

  /// Throws past ``ReaderLimits/objectsPerReport`` objects.
  @inline(__always)
  private static func checkCount(_ report: Rows, _ reader: JSONReader) throws(JSONError) {
    guard report.count > ReaderLimits.objectsPerReport else { return }
    throw JSONError(.limitExceeded(ReaderLimits.tooManyObjects), at: reader.offset)
  }

  /// One element of a snapshot array: a stats object, `[id, stats]` or `{key, value}`.
  ///
  /// `previous` is the tag of the stats object before it (0 for none), the `keyTag` that
  /// predicts this one's `id`; returns this one's (`previous` when it held none).
  private mutating func readArrayElement(
    _ reader: inout JSONReader, into report: inout Rows, after previous: UInt64
  ) throws(JSONError) -> UInt64 {
    switch try reader.peekKind() {
    case .object:
      var keyValue = false
      if Self.mayOpenWithKeyOrValue(reader) {
        keyValue = try reader.lookahead { (reader) throws(JSONError) -> Bool in
          var object = try reader.beginObject()
          guard let first = try reader.nextKey(in: &object) else { return false }
          return first.equals("key") || first.equals("value")
        }
      }
      if keyValue {
        try readKeyValueEntry(&reader, into: &report)
      } else {
        return try decoder.decodeSnapshotObject(&reader, into: &report, keyTag: previous).tag
      }
    case .array:
      var entry = try reader.beginArray()
      var decoded = false
      var tag = previous
      if try reader.nextElement(in: &entry) {
        let id =
          try reader.peekKind() == .string ? decoder.interner.intern(try reader.readStringToken()) : nil
        if id == nil { try reader.skipValue() }
        while try reader.nextElement(in: &entry) {
          if try reader.peekKind() == .object {
            tag = try decoder.decodeSnapshotObject(&reader, into: &report, id: id, keyTag: tag).tag
            decoded = true
          } else {
            try reader.skipValue()
          }
        }
      }
      if !decoded { unnamedElements += 1 }
      return tag
    default:
      try reader.skipValue()
      unnamedElements += 1
    }
    return previous
  }

  /// Whether the object under the cursor (at its `{`) may open with a member named `key` or
  /// `value`.
  ///
  /// That is judged from the first byte of its first name: a stats object opens with `id`
  /// or another name, so most objects are told apart without scanning that name (the
  /// lookahead was 181 instructions per object, 2 % of the parser thread's on the bench's
  /// JSON-lines log). A name that begins with `k`, `v` or a backslash (an escape may spell
  /// either), and anything but a name, is left to the lookahead, which also reports
  /// malformed bytes where the decoder would.
  @inline(__always)
  private static func mayOpenWithKeyOrValue(_ reader: JSONReader) -> Bool {
    var probe = reader
    probe.offset &+= 1
    probe.skipWhitespace()
    let index = probe.offset
    guard index &+ 1 < probe.count, probe.base[index] == UInt8(ascii: "\"") else { return true }
    let first = probe.base[index &+ 1]
    return first == UInt8(ascii: "k") || first == UInt8(ascii: "v") || first == UInt8(ascii: "\\")
  }

  /// `{"key": id, "value": {stats}}` in either order.
  private mutating func readKeyValueEntry(_ reader: inout JSONReader, into report: inout Rows)
    throws(JSONError)
  {
    var object = try reader.beginObject()
    var id: String?
    var row: Int?
    while let key = try reader.nextKey(in: &object) {
      if key.equals("key"), try reader.peekKind() == .string {
        id = decoder.interner.intern(try reader.readStringToken())
      } else if key.equals("value"), try reader.peekKind() == .object {
        // Completed below: a `key` after the value still names an object that has no `id`.
        row = try decoder.decodeSnapshotObject(&reader, into: &report, id: id, completing: false).row
      } else {
        try reader.skipValue()
      }
    }
    guard let row else { return }
    if let id, report.id(at: row).isEmpty { report.setID(id, at: row) }
    report.completeObject(at: row)
  }

  /// An app's wrapper: the report in a member (as a value or a JSON string) of a known name
  /// (``SnapshotShape/isReportMember(_:)``), or else the first member that holds one
  /// (``ReportProbe``); plus optional peer connection name and time (a number, ms or µs, or
  /// an ISO 8601 string).
  private mutating func readWrapper(_ reader: inout JSONReader, into report: inout Rows)
    throws(JSONError) -> String?
  {
    var object = try reader.beginObject()
    var peerConnection: String?
    var timestamp: Double?
    var foundReport = false
    while let key = try reader.nextKey(in: &object) {
      if SnapshotShape.isReportMember(key) {
        try readReportMember(&reader, into: &report)
        foundReport = true
      } else if SnapshotShape.isPeerConnectionMember(key) {
        peerConnection = try decoder.readText(&reader, name: key)
      } else if SnapshotShape.isTimestampMember(key) || key.equals("timestamp_us")
        || key.equals("timestampUs")
      {
        timestamp = try readWrapperTime(&reader, name: key)
      } else if !foundReport, try ReportProbe.probe(&reader) == .report {
        try readReportMember(&reader, into: &report)
        foundReport = true
      } else {
        try reader.skipValue()
      }
    }
    if let timestamp {
      report.snapshotTime = timestamp
      for row in 0..<report.count where report.timestamp(at: row) == nil {
        report.setTimestamp(timestamp, at: row)
      }
    }
    return peerConnection
  }

  /// The report of a wrapper's member: a JSON string, an array or an object.
  private mutating func readReportMember(_ reader: inout JSONReader, into report: inout Rows)
    throws(JSONError)
  {
    switch try reader.peekKind() {
    case .string:
      try readEmbeddedReport(try reader.readStringToken(), into: &report)
    case .array, .object:
      let shape = try reader.lookahead { (reader) throws(JSONError) -> SnapshotShape in
        try SnapshotShape.classify(&reader, probesMembers: false)
      }
      _ = try read(&reader, shape: shape == .statsObject ? .statsMap : shape, into: &report)
    default:
      try reader.skipValue()
    }
  }

  /// A wrapper's time: epoch ms (µs beyond the threshold, or always for `timestamp_us`), or
  /// a date string (`JSON.stringify` of a `Date`: `"2024-03-01T10:00:00.123Z"`).
  private mutating func readWrapperTime(_ reader: inout JSONReader, name: JSONKey) throws(JSONError)
    -> Double?
  {
    if try reader.peekKind() == .string {
      let isDate = try reader.lookahead { (reader) throws(JSONError) -> Bool in
        ISO8601.milliseconds(try reader.readStringToken().bytes) != nil
      }
      if isDate { return ISO8601.milliseconds(try reader.readStringToken().bytes) }
    }
    let isMicroseconds = name.equals("timestamp_us") || name.equals("timestampUs")
    return try decoder.readNumber(&reader, name: name).map {
      isMicroseconds ? $0 / 1000 : Timestamps.milliseconds($0)
    }
  }

  /// A report serialised into a string member (`"jsonArrayOfReports":"[{…}]"`).
  private mutating func readEmbeddedReport(_ token: JSONKey, into report: inout Rows)
    throws(JSONError)
  {
    if token.hasEscapes {
      JSONReader.unescape(token.bytes, into: &scratch)
    } else {
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: token.bytes)
    }
    let bytes = scratch
    let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<Void, JSONError> in
      var inner = JSONReader(base: buffer.baseAddress ?? token.start, count: buffer.count)
      do throws(JSONError) {
        let shape = try inner.lookahead { (reader) throws(JSONError) -> SnapshotShape in
          try SnapshotShape.classify(&reader, probesMembers: false)
        }
        switch shape {
        case .statsArray, .entriesArray, .keyValueArray, .statsMap:
          _ = try read(&inner, shape: shape, into: &report)
        case .empty:
          try inner.skipValue()
        default:
          throw JSONError(
            .typeMismatch(expected: "a stats report in the string", found: "something else"), at: 0)
        }
        try inner.expectEnd()
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    if case .failure(let error) = outcome {
      // Point at the string in the outer document.
      throw JSONError(
        .typeMismatch(expected: "a JSON stats report inside the string", found: "\(error)"), at: 0)
    }
  }
}
