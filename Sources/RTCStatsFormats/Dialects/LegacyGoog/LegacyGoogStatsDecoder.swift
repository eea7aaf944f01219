import RTCStatsCore

/// Legacy (callback `getStats`) stats objects: how ``MemberDecoder`` writes them into
/// ``LegacyGoogStatsReport`` rows (``MemberTables/legacyGoog``: values are usually strings,
/// `"googRtt": "45"`, `"googActiveConnection": "true"`), and how legacy reports are told from
/// W3C ones by their content.
enum LegacyGoogStats {
  /// `type` values that only legacy reports use.
  ///
  /// `localcandidate`/`remotecandidate` are not
  /// among them: early Firefox wrote them in W3C reports too.
  private static let legacyTypes: Set<String> = [
    "ssrc", "VideoBwe", "googCandidatePair", "googComponent", "googTrack",
    "googLibjingleSession", "googCertificate",
  ]

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

extension LegacyGoogStatsReport: MemberRows {
  mutating func appendRow(id: String) -> Int { append(id: id) }

  /// Only read from an `id` member (snapshots, ``MemberTables/legacyGoogSnapshot``); rtcstats
  /// dumps file objects under their key.
  mutating func setID(_ id: String, at row: Int) { setObjectID(id, at: row) }

  /// Legacy types are kept as written; the mapper reads them.
  mutating func setDecodedType(_ type: StatsType?, name: String, at row: Int) {
    setTypeName(name, at: row)
  }

  mutating func setNumber(_ value: Double?, _ field: LegacyGoogStatsField, at row: Int) {
    if let value { setNumber(value, field, at: row) }
  }

  mutating func setText(_ value: String?, _ field: LegacyGoogStatsTextField, at row: Int) {
    if let value { setText(value, field, at: row) }
  }
}
