import RTCStatsCore

/// Reads W3C stats objects (`{"id":…,"type":…,"timestamp":…,…}`) from a ``JSONReader``
/// into rows of a ``StatsReport``.
///
/// Only the members the engine reads are converted; every other member is skipped (and
/// still validated). Members of an unexpected JSON type are tolerated the way real dumps
/// need: numeric strings (`"45"`, legacy Chrome stats) and booleans count as numbers,
/// `null` as absent; anything else is ignored and counted in ``ignoredMembers``.
struct StatsObjectDecoder {
  var interner = StringInterner()
  /// Members ignored because their JSON type made no sense for the field.
  private(set) var ignoredMembers = 0
  /// The first ignored member, for the warning.
  private(set) var firstIgnoredMember: String?
  /// ``ignoredMembers`` and ``firstIgnoredMember`` together. A parser saves them before a
  /// unit that `StreamWindow.parseValue` may read more than once (when the unit is cut by
  /// the end of the window) and restores them at the start of every attempt, so that the
  /// unit's members are counted once.
  var ignoredTally: (count: Int, first: String?) {
    get { (ignoredMembers, firstIgnoredMember) }
    set { (ignoredMembers, firstIgnoredMember) = newValue }
  }
  /// Whether a timestamp was converted from microseconds.
  private(set) var sawMicroseconds = false
  private let keys = StatsKeyTable.standard

  /// Adds another decoder's notes (ignored members, µs timestamps) to this one's.
  mutating func absorb(_ other: StatsObjectDecoder) {
    ignoredMembers += other.ignoredMembers
    if firstIgnoredMember == nil { firstIgnoredMember = other.firstIgnoredMember }
    if other.sawMicroseconds { sawMicroseconds = true }
  }

  /// Reads the object under the cursor into a new row of `report`.
  ///
  /// - Parameters:
  ///   - id: The id to use when the object has none (e.g. the key of a `{id: stats}` map).
  ///   - timestamp: The timestamp to use when the object has none (ms, or NaN).
  /// - Returns: The row index.
  mutating func decode(
    _ reader: inout JSONReader, into report: inout StatsReport, id: String? = nil,
    timestamp: Double = .nan
  ) throws(JSONError) -> Int {
    let row = report.append(id: id ?? "", type: .other, typeName: "", timestamp: .nan)
    try decodeMembers(&reader, into: &report, row: row, nested: false)
    if report.timestamp(at: row) == nil, !timestamp.isNaN {
      report.setTimestamp(timestamp, at: row)
    }
    if report.typeName(at: row).isEmpty {
      report.setType(report.inferredType(at: row), name: "", at: row)
    }
    if report.id(at: row).isEmpty { report.setID(Self.syntheticID(report, row: row), at: row) }
    return row
  }

  private mutating func decodeMembers(
    _ reader: inout JSONReader, into report: inout StatsReport, row: Int, nested: Bool
  ) throws(JSONError) {
    var object = try reader.beginObject()
    while let name = try reader.nextKey(in: &object) {
      guard let key = keys.lookup(name) else {
        try reader.skipValue()
        continue
      }
      switch key {
      case .id:
        if let value = try readText(&reader, name: name) { report.setID(value, at: row) }
      case .type:
        if try reader.peekKind() == .string {
          let token = try reader.readStringToken()
          if let known = StatsTypeTable.standard.lookup(token) {
            report.setType(known.type, name: known.name, at: row)
          } else {
            let value = interner.intern(token)
            report.setType(StatsType(dumpName: value) ?? .other, name: value, at: row)
          }
        } else if let value = try readText(&reader, name: name) {
          report.setType(StatsType(dumpName: value) ?? .other, name: value, at: row)
        }
      case .timestamp:
        if let value = try readNumber(&reader, name: name) {
          if value > Timestamps.microsecondThreshold { sawMicroseconds = true }
          report.setTimestamp(Timestamps.milliseconds(value), at: row)
        }
      case .timestampMicroseconds:
        if let value = try readNumber(&reader, name: name) {
          sawMicroseconds = true
          report.setTimestamp(value / 1000, at: row)
        }
      case .numeric(let field):
        if let value = try readNumber(&reader, name: name) { report.setNumber(value, field, at: row) }
      case .text(let field):
        if let value = try readText(&reader, name: name) { report.setText(value, field, at: row) }
      case .qualityLimitationDurations:
        try readQualityLimitationDurations(&reader, into: &report, row: row, name: name)
      case .nestedMembers:
        if !nested, try reader.peekKind() == .object {
          try decodeMembers(&reader, into: &report, row: row, nested: true)
        } else {
          try reader.skipValue()
        }
      }
    }
  }

  /// Reads `{"none":…,"cpu":…,"bandwidth":…,"other":…}` (seconds).
  mutating func readQualityLimitationDurations(
    _ reader: inout JSONReader, into report: inout StatsReport, row: Int, name: JSONKey
  ) throws(JSONError) {
    guard try reader.peekKind() == .object else {
      try ignore(&reader, name: name)
      return
    }
    var object = try reader.beginObject()
    while let reason = try reader.nextKey(in: &object) {
      let field: NumericField?
      if reason.equals("none") {
        field = .qualityLimitationDurationsNone
      } else if reason.equals("cpu") {
        field = .qualityLimitationDurationsCpu
      } else if reason.equals("bandwidth") {
        field = .qualityLimitationDurationsBandwidth
      } else if reason.equals("other") {
        field = .qualityLimitationDurationsOther
      } else {
        field = nil
      }
      if let field, let value = try readNumber(&reader, name: reason) {
        report.setNumber(value, field, at: row)
      } else if field == nil {
        try reader.skipValue()
      }
    }
  }

  /// A number, a numeric string or a boolean; `nil` for `null` and ignored types.
  mutating func readNumber(_ reader: inout JSONReader, name: JSONKey) throws(JSONError) -> Double? {
    switch try reader.peekKind() {
    case .number:
      return try reader.readDouble()
    case .string:
      let token = try reader.readStringToken()
      if let value = Self.parseNumericString(token) { return value }
      noteIgnored(name)
      return nil
    case .bool:
      return try reader.readBool() ? 1 : 0
    case .null:
      try reader.readNull()
      return nil
    case .object, .array:
      try ignore(&reader, name: name)
      return nil
    }
  }

  /// A string (interned), or a number or boolean spelled as text; `nil` for `null`.
  mutating func readText(_ reader: inout JSONReader, name: JSONKey) throws(JSONError) -> String? {
    switch try reader.peekKind() {
    case .string:
      return interner.intern(try reader.readStringToken())
    case .number:
      let number = try reader.readNumber()
      switch number {
      case .int(let value): return String(value)
      case .uint(let value): return String(value)
      case .double(let value): return String(value)
      }
    case .bool:
      return try reader.readBool() ? "true" : "false"
    case .null:
      try reader.readNull()
      return nil
    case .object, .array:
      try ignore(&reader, name: name)
      return nil
    }
  }

  private mutating func ignore(_ reader: inout JSONReader, name: JSONKey) throws(JSONError) {
    try reader.skipValue()
    noteIgnored(name)
  }

  private mutating func noteIgnored(_ name: JSONKey) {
    ignoredMembers += 1
    if firstIgnoredMember == nil { firstIgnoredMember = name.decoded() }
  }

  /// An id for an object that has none: its type and SSRC (`inbound-rtp ssrc 1234`), which
  /// stays the same from poll to poll, or else its position in the report.
  static func syntheticID(_ report: StatsReport, row: Int) -> String {
    let type = report.type(at: row) == .other ? report.typeName(at: row) : report.type(at: row).name
    if let ssrc = report.number(.ssrc, at: row) {
      return "\(type) ssrc \(ssrc.rounded() == ssrc && abs(ssrc) < 1e15 ? String(Int64(ssrc)) : String(ssrc))"
    }
    return "\(type) #\(row)"
  }

  /// Parses a numeric string such as `"45"` or `"0.25"` (legacy stats); `nil` otherwise.
  static func parseNumericString(_ token: JSONKey) -> Double? {
    guard !token.hasEscapes, token.count > 0, token.count <= 64 else { return nil }
    var reader = JSONReader(base: token.start, count: token.count)
    guard let value = try? reader.readDouble(), reader.isAtEnd() else { return nil }
    return value
  }
}
