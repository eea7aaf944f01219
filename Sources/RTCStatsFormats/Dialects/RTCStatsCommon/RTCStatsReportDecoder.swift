import RTCStatsCore

/// What the top level of one getStats value of an rtcstats dump said besides its objects.
struct RTCStatsReportSummary {
  /// The common timestamp (`"t"` in file format 3, `"timestamp"` in legacy dumps), ms.
  var commonTimestamp: Double?
  /// Whether the value is a delta against the previous report: it has a common timestamp,
  /// an object without `id`, or a removed (`null`) object.
  ///
  /// A full report (Chrome's own
  /// export, rtcstats v0) has none of these.
  var isDelta = false
  /// Objects decoded.
  var objectCount = 0

  /// Whether the getStats value under the cursor is a full report (Chrome's export: every
  /// object has its `id`) rather than an rtcstats-js delta.
  ///
  /// Looks at the first object only;
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
}

/// Reads the getStats values of rtcstats dumps, `{id: object|null, …, "t"|"timestamp": ms}`,
/// into a column store: W3C reports (``MemberTables/rtcstatsDump``: plain or compressed
/// names, numeric `type` values) or legacy goog reports (``MemberTables/legacyGoog``).
///
/// Objects are filed under their key; an object without `type` keeps none, so that the
/// delta merge can take the type from the previous report (call
/// `StatsReport.inferMissingTypes(from:)` on the full report).
struct RTCStatsRowDecoder<Rows: MemberRows> {
  /// The member decoder.
  var members: MemberDecoder
  /// The names of the dialect.
  let table: MemberKeyTable<Rows.Numeric, Rows.Text>

  /// Turns a key of the report into an id string (interned).
  mutating func internID(_ key: JSONKey) -> String {
    members.interner.intern(key)
  }

  /// Reads the object under the cursor, filed under `key`, into a new row with id `id`.
  ///
  /// - Returns: Whether the object carried its own `id` member.
  mutating func decodeObject(_ reader: inout JSONReader, key: JSONKey, id: String, into rows: inout Rows)
    throws(JSONError) -> Bool
  {
    let row = rows.appendRow(id: id)
    return try decodeMembers(&reader, key: key, into: &rows, row: row).hadID
  }

  /// Reads the object under the cursor, filed under `key`, into the existing row `row`,
  /// overwriting the members it has and keeping the others: a delta applied in place.
  mutating func decodeMembers(_ reader: inout JSONReader, key: JSONKey, into rows: inout Rows, row: Int)
    throws(JSONError) -> MemberDecoder.DecodedObject
  {
    try members.decodeMembers(
      &reader, table: table, into: &rows, row: row, keyTag: MemberNameCatalog.tag(key.start, key.count))
  }

  /// Reads a getStats value `{id: object|null, …, "t"|"timestamp": number}` into `rows`,
  /// collecting the ids set to `null` in `removed`.
  ///
  /// - `timestampKey`: The name of the common timestamp: `"t"` (file format 3) or
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
        let hadID = try decodeObject(&reader, key: key, id: internID(key), into: &rows)
        if !hadID { summary.isDelta = true }
        summary.objectCount += 1
        if summary.objectCount > ReaderLimits.objectsPerReport {
          throw JSONError(.limitExceeded(ReaderLimits.tooManyObjects), at: reader.offset)
        }
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
