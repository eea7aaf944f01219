import RTCStatsCore

/// What the top level of one getStats value of an rtcstats dump said besides its objects.
struct RTCStatsReportSummary {
  /// The common timestamp (`"t"` in file format 3, `"timestamp"` in legacy dumps), ms.
  var commonTimestamp: Double?
  /// Whether the value is a delta against the previous report: it has a common timestamp,
  /// an object without `id`, or a removed (`null`) object. A full report (Chrome's own
  /// export, rtcstats v0) has none of these.
  var isDelta = false
  /// Objects decoded.
  var objectCount = 0
}

/// Reads the objects of one stats object into a row of some column store.
protocol RTCStatsObjectDecoding {
  associatedtype Rows: RTCStatsRows
  /// Turns a key of the report into an id string (interned).
  mutating func internID(_ key: JSONKey) -> String
  /// Reads the object under the cursor into a new row with id `id`.
  ///
  /// - Returns: Whether the object carried its own `id` member.
  mutating func decodeObject(_ reader: inout JSONReader, id: String, into rows: inout Rows)
    throws(JSONError) -> Bool
}

extension RTCStatsObjectDecoding {
  /// Reads a getStats value `{id: object|null, …, "t"|"timestamp": number}` of an rtcstats
  /// dump into `rows`, collecting the ids set to `null` in `removed`.
  ///
  /// - Parameter timestampKey: The name of the common timestamp: `"t"` (file format 3) or
  ///   `"timestamp"` (legacy); a member of that name with a numeric value is never an object.
  mutating func decodeReport(
    _ reader: inout JSONReader, into rows: inout Rows, removed: inout [String],
    timestampKey: StaticString
  ) throws(JSONError) -> RTCStatsReportSummary {
    var summary = RTCStatsReportSummary()
    var object = try reader.beginObject()
    while let key = try reader.nextKey(in: &object) {
      switch try reader.peekKind() {
      case .object:
        let hadID = try decodeObject(&reader, id: internID(key), into: &rows)
        if !hadID { summary.isDelta = true }
        summary.objectCount += 1
      case .null:
        try reader.readNull()
        removed.append(internID(key))
        summary.isDelta = true
      case .number where key.equals(timestampKey):
        summary.commonTimestamp = Timestamps.milliseconds(try reader.readDouble())
        summary.isDelta = true
      default:
        try reader.skipValue()
      }
    }
    return summary
  }
}

/// Reads W3C stats objects of rtcstats dumps, compressed or not, into `StatsReport` rows.
///
/// Besides the plain member names of ``StatsObjectDecoder``, it understands the file format 3
/// compression (``RTCStatsCompressionTables``): member names written as numbers, `"t"` for
/// `timestamp`, and numeric `type` values. An object without `type` keeps `.other`, so that
/// the delta merge can take the type from the previous report; call ``inferMissingTypes(in:)``
/// on the full report.
struct RTCStatsObjectDecoder: RTCStatsObjectDecoding {
  /// The shared member reader (numbers, texts, interning).
  var members = StatsObjectDecoder()
  private let keys = StatsKeyTable.standard

  mutating func internID(_ key: JSONKey) -> String {
    members.interner.intern(key)
  }

  mutating func decodeObject(_ reader: inout JSONReader, id: String, into report: inout StatsReport)
    throws(JSONError) -> Bool
  {
    let row = report.append(id: id, type: .other, typeName: "", timestamp: .nan)
    return try decodeMembers(&reader, into: &report, row: row).hadID
  }

  /// What an object carried besides its members.
  struct DecodedObject {
    var hadID = false
    var hadTimestamp = false
  }

  /// Reads the object under the cursor into the existing row `row`, overwriting the members
  /// it has and keeping the others: a delta applied in place.
  mutating func decodeMembers(_ reader: inout JSONReader, into report: inout StatsReport, row: Int)
    throws(JSONError) -> DecodedObject
  {
    var decoded = DecodedObject()
    var object = try reader.beginObject()
    while let name = try reader.nextKey(in: &object) {
      let key: StatsKey?
      if name.count > 0 && name.start[0] == UInt8(ascii: "[") {
        // webrtc-internals' derived values (`[bytesSent_in_bits/s]`) in Chrome's export.
        key = nil
      } else if name.count == 1 && name.start[0] == UInt8(ascii: "t") {
        key = .timestamp
      } else if !name.hasEscapes,
        let compressed = RTCStatsCompressionTables.propertyKey(name.start, name.count)
      {
        key = compressed
      } else {
        key = keys.lookup(name)
      }
      guard let key else {
        try reader.skipValue()
        continue
      }
      switch key {
      case .id:
        decoded.hadID = true
        try reader.skipValue()
      case .type:
        try readType(&reader, name: name, into: &report, row: row)
      case .timestamp:
        if let value = try members.readNumber(&reader, name: name) {
          report.setTimestamp(Timestamps.milliseconds(value), at: row)
          decoded.hadTimestamp = true
        }
      case .timestampMicroseconds:
        if let value = try members.readNumber(&reader, name: name) {
          report.setTimestamp(value / 1000, at: row)
          decoded.hadTimestamp = true
        }
      case .numeric(let field):
        if let value = try members.readNumber(&reader, name: name) {
          report.setNumber(value, field, at: row)
        }
      case .text(let field):
        if let value = try members.readText(&reader, name: name) {
          report.setText(value, field, at: row)
        }
      case .qualityLimitationDurations:
        try members.readQualityLimitationDurations(&reader, into: &report, row: row, name: name)
      case .nestedMembers:
        try reader.skipValue()
      }
    }
    return decoded
  }

  /// `"type": "inbound-rtp"` or, compressed, `"type": 1`.
  private mutating func readType(
    _ reader: inout JSONReader, name: JSONKey, into report: inout StatsReport, row: Int
  ) throws(JSONError) {
    if try reader.peekKind() == .number {
      let number = try reader.readDouble()
      let typeName =
        number >= 0 && number < 1000 ? RTCStatsCompressionTables.types[Int(number)] : nil
      if let typeName {
        report.setType(StatsType(dumpName: typeName) ?? .other, name: typeName, at: row)
      }
    } else if let typeName = try members.readText(&reader, name: name) {
      report.setType(StatsType(dumpName: typeName) ?? .other, name: typeName, at: row)
    }
  }

  /// Whether the getStats value under the cursor is a full report (Chrome's export: every
  /// object has its `id`) rather than an rtcstats-js delta. Looks at the first object only;
  /// a value without objects counts as a delta. The reader is left where it was.
  static func isFullReport(_ reader: inout JSONReader) throws(JSONError) -> Bool {
    try reader.lookahead { (reader) throws(JSONError) -> Bool in
      var report = try reader.beginObject()
      while try reader.nextKey(in: &report) != nil {
        switch try reader.peekKind() {
        case .object:
          var object = try reader.beginObject()
          while let name = try reader.nextKey(in: &object) {
            if name.equals("id") { return true }
            try reader.skipValue()
          }
          return false
        case .null:
          return false
        default:
          try reader.skipValue()
        }
      }
      return false
    }
  }

  /// Gives every object from `start` on that is still without type after the merge the type
  /// its members suggest (`StatsReport.inferredType(at:)`).
  static func inferMissingTypes(in report: inout StatsReport, from start: Int = 0) {
    guard start < report.count else { return }
    for row in start..<report.count where !report.hasType(at: row) {
      report.setType(report.inferredType(at: row), name: "", at: row)
    }
  }
}
