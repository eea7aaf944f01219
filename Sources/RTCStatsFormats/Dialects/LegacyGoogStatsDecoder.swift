/// Reads legacy (callback `getStats`) stats objects into ``LegacyGoogStatsReport`` rows, and
/// tells legacy reports from W3C ones by their content.
///
/// Values are usually strings (`"googRtt": "45"`, `"googActiveConnection": "true"`); numbers
/// and booleans are accepted as well (rtcstats v0 mixes them). Members the mapper does not
/// read are skipped (and still validated).
struct LegacyGoogStatsDecoder: RTCStatsObjectDecoding {
  private var interner = StringInterner()
  private let keys = LegacyGoogStatsKeyTable.shared

  /// `type` values that only legacy reports use. `localcandidate`/`remotecandidate` are not
  /// among them: early Firefox wrote them in W3C reports too.
  private static let legacyTypes: Set<String> = [
    "ssrc", "VideoBwe", "googCandidatePair", "googComponent", "googTrack",
    "googLibjingleSession", "googCertificate",
  ]

  mutating func internID(_ key: JSONKey) -> String { interner.intern(key) }

  mutating func decodeObject(
    _ reader: inout JSONReader, id: String, into report: inout LegacyGoogStatsReport
  ) throws(JSONError) -> Bool {
    let row = report.append(id: id)
    var hadID = false
    var object = try reader.beginObject()
    while let name = try reader.nextKey(in: &object) {
      guard let key = keys.lookup(name) else {
        try reader.skipValue()
        continue
      }
      switch key {
      case .id:
        hadID = true
        try reader.skipValue()
      case .type:
        if try reader.peekKind() == .string {
          report.setTypeName(interner.intern(try reader.readStringToken()), at: row)
        } else {
          try reader.skipValue()
        }
      case .timestamp:
        if let value = try readNumber(&reader) { report.setTimestamp(value, at: row) }
      case .numeric(let field):
        if let value = try readNumber(&reader) { report.setNumber(value, field, at: row) }
      case .text(let field):
        if try reader.peekKind() == .string {
          report.setText(interner.intern(try reader.readStringToken()), field, at: row)
        } else {
          try reader.skipValue()
        }
      }
    }
    return hadID
  }

  /// A number, a numeric string, `"true"`/`"false"` or a boolean; `nil` otherwise.
  private func readNumber(_ reader: inout JSONReader) throws(JSONError) -> Double? {
    switch try reader.peekKind() {
    case .number:
      return try reader.readDouble()
    case .string:
      let token = try reader.readStringToken()
      if let value = StatsObjectDecoder.parseNumericString(token) { return value }
      if token.equals("true") { return 1 }
      if token.equals("false") { return 0 }
      return nil
    case .bool:
      return try reader.readBool() ? 1 : 0
    default:
      try reader.skipValue()
      return nil
    }
  }

  /// Whether the getStats value under the cursor (`{id: object, …}`) holds legacy stats: an
  /// object whose `type` is a legacy one (`ssrc`, `VideoBwe`, `googCandidatePair`, …).
  ///
  /// - Returns: `true` for legacy, `false` for W3C stats, `nil` when no object has a `type`
  ///   (a delta that cannot tell). The reader is left where it was.
  static func sniffLegacy(_ reader: inout JSONReader) throws(JSONError) -> Bool? {
    try reader.lookahead { (reader) throws(JSONError) -> Bool? in
      var sawType = false
      var report = try reader.beginObject()
      while try reader.nextKey(in: &report) != nil {
        guard try reader.peekKind() == .object else {
          try reader.skipValue()
          continue
        }
        var object = try reader.beginObject()
        while let name = try reader.nextKey(in: &object) {
          if name.equals("type"), try reader.peekKind() == .string {
            sawType = true
            let value = try reader.readStringToken()
            if legacyTypes.contains(value.decoded()) { return true }
          } else {
            try reader.skipValue()
          }
        }
      }
      return sawType ? false : nil
    }
  }
}

/// What a member name of a legacy stats object means to ``LegacyGoogStatsDecoder``.
enum LegacyGoogStatsKey: Sendable {
  case id
  case type
  case timestamp
  case numeric(LegacyGoogStatsField)
  case text(LegacyGoogStatsTextField)
}

/// Maps legacy member names, as raw bytes, to ``LegacyGoogStatsKey``s without building
/// strings.
struct LegacyGoogStatsKeyTable: Sendable {
  private let table: ByteNameTable<LegacyGoogStatsKey>

  /// The table every decoder uses.
  static let shared = LegacyGoogStatsKeyTable()

  private init() {
    var names: [(name: String, value: LegacyGoogStatsKey)] = [
      ("id", .id), ("type", .type), ("timestamp", .timestamp),
    ]
    for field in LegacyGoogStatsField.allCases { names.append((field.name, .numeric(field))) }
    for field in LegacyGoogStatsTextField.allCases { names.append((field.name, .text(field))) }
    table = ByteNameTable(names)
  }

  /// The meaning of a member name, or `nil` for members the mapper does not read.
  func lookup(_ token: JSONKey) -> LegacyGoogStatsKey? {
    guard !token.hasEscapes else { return nil }
    return table.lookup(token.start, token.count)
  }
}
