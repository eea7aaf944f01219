import RTCStatsCore

/// What a member name of a stats object means to the decoder.
enum StatsKey: Equatable, Sendable {
  case id
  case type
  /// `timestamp`, ms since epoch (µs when > 10¹⁴; see ``TimestampUnit``).
  case timestamp
  /// `timestamp_us` / `timestampUs` of libwebrtc's native bindings.
  case timestampMicroseconds
  case numeric(NumericField)
  case text(TextField)
  /// `qualityLimitationDurations`: an object of seconds per reason.
  case qualityLimitationDurations
  /// `values` / `members`: native SDK wrappers that nest the members one level down.
  case nestedMembers
}

/// Maps member names, as raw bytes, to ``StatsKey``s without building strings.
struct StatsKeyTable: Sendable {
  private let table: ByteNameTable<StatsKey>

  /// The table every decoder uses.
  static let standard = StatsKeyTable()

  private init() {
    var names: [(name: String, value: StatsKey)] = [
      ("id", .id), ("type", .type), ("timestamp", .timestamp),
      ("timestamp_us", .timestampMicroseconds), ("timestampUs", .timestampMicroseconds),
      ("qualityLimitationDurations", .qualityLimitationDurations),
      ("values", .nestedMembers), ("members", .nestedMembers),
      // Obsolete spellings that mean the same member.
      ("mediaType", .text(.kind)),
    ]
    for field in NumericField.allCases where !field.name.contains(".") {
      names.append((field.name, .numeric(field)))
    }
    for field in TextField.allCases { names.append((field.name, .text(field))) }
    table = ByteNameTable(names)
  }

  /// The meaning of a member name, or `nil` for members the engine does not read.
  @inline(__always)
  func lookup(_ start: UnsafePointer<UInt8>, _ count: Int) -> StatsKey? {
    table.lookup(start, count)
  }

  /// The meaning of a member name given as a `String`.
  func lookup(_ name: String) -> StatsKey? {
    table.lookup(name)
  }

  /// The meaning of a key token (escapes decoded when present).
  @inline(__always)
  func lookup(_ token: JSONKey) -> StatsKey? {
    token.hasEscapes ? table.lookup(token.decoded()) : table.lookup(token.start, token.count)
  }
}
