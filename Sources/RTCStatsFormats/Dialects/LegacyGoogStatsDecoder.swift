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
enum LegacyGoogStatsKey {
  case id
  case type
  case timestamp
  case numeric(LegacyGoogStatsField)
  case text(LegacyGoogStatsTextField)
}

/// Maps legacy member names, as raw bytes, to ``LegacyGoogStatsKey``s without building
/// strings (open addressing over FNV-1a, like `StatsKeyTable`).
struct LegacyGoogStatsKeyTable: Sendable {
  private struct Entry: Sendable {
    var name: [UInt8]
    var hash: UInt64
    var key: LegacyGoogStatsKey
  }

  private var slots: [Int16]
  private var entries: [Entry] = []
  private let mask = 255

  /// The table every decoder uses.
  static let shared = LegacyGoogStatsKeyTable()

  private init() {
    var names: [(String, LegacyGoogStatsKey)] = [
      ("id", .id), ("type", .type), ("timestamp", .timestamp),
    ]
    for field in LegacyGoogStatsField.allCases { names.append((field.name, .numeric(field))) }
    for field in LegacyGoogStatsTextField.allCases { names.append((field.name, .text(field))) }
    slots = Array(repeating: -1, count: mask + 1)
    for (name, key) in names {
      let bytes = Array(name.utf8)
      let hash = bytes.withUnsafeBufferPointer { fnv1a($0.baseAddress.unsafelyUnwrapped, $0.count) }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int16(entries.count)
      entries.append(Entry(name: bytes, hash: hash, key: key))
    }
  }

  /// The meaning of a member name, or `nil` for members the mapper does not read.
  func lookup(_ token: JSONKey) -> LegacyGoogStatsKey? {
    guard !token.hasEscapes, token.count > 0, token.count <= 48 else { return nil }
    let hash = fnv1a(token.start, token.count)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      let entry = entries[index]
      if entry.hash == hash && entry.name.count == token.count {
        let equal = entry.name.withUnsafeBufferPointer {
          bytesEqual($0.baseAddress.unsafelyUnwrapped, token.start, token.count)
        }
        if equal { return entry.key }
      }
      slot = (slot &+ 1) & mask
    }
  }
}
