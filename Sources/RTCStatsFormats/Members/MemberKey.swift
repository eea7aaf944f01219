import RTCStatsCore

/// What a member name of a stats object means to ``MemberDecoder``: where its value goes
/// in a column store with members `Numeric` and `Text`.
enum MemberKey<Numeric: StatsColumn, Text: StatsColumn>: Sendable {
  case id
  case type
  /// `timestamp`, ms since epoch (µs when beyond ``Timestamps/microsecondThreshold``).
  case timestamp
  /// `timestamp_us` / `timestampUs` of libwebrtc's native bindings.
  case timestampMicroseconds
  case numeric(Numeric)
  case text(Text)
  /// `qualityLimitationDurations`: an object of seconds per reason, flattened into four
  /// numeric members.
  case durations(none: Numeric, cpu: Numeric, bandwidth: Numeric, other: Numeric)
  /// `values` / `members`: native SDK wrappers that nest the members one level down.
  case nestedMembers
}

extension MemberKey: Equatable where Numeric: Equatable, Text: Equatable {}

/// The meaning of W3C member names to the engine.
typealias StatsKey = MemberKey<NumericField, TextField>

/// Maps member names, as raw bytes, to ``MemberKey``s without building strings, and says
/// how the values of the dialect are written (``policy``).
struct MemberKeyTable<Numeric: StatsColumn, Text: StatsColumn>: Sendable {
  private let table: ByteNameTable<MemberKey<Numeric, Text>>
  /// How the values of this dialect's members are read.
  let policy: MemberPolicy
  /// Which table this is, for a ``MemberNameCatalog`` that keeps positions in it (compared
  /// by reference; the catalog holds it, so no other table can take its address).
  let identity = MemberKeyTableIdentity()

  /// A table of `names` (a name given twice keeps its first meaning).
  init(_ names: [(name: String, value: MemberKey<Numeric, Text>)], policy: MemberPolicy) {
    table = ByteNameTable(names)
    self.policy = policy
  }

  /// The position of a member name given as raw bytes (for ``key(at:)``), or `nil` for
  /// members the engine does not read.
  @inline(__always)
  func index(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    table.index(start, count)
  }

  /// The meaning of the name at a position ``index(_:_:)`` gave.
  @inline(__always)
  func key(at index: Int) -> MemberKey<Numeric, Text> { table.value(at: index) }

  /// The meaning of a member name, or `nil` for members the engine does not read.
  @inline(__always)
  func lookup(_ start: UnsafePointer<UInt8>, _ count: Int) -> MemberKey<Numeric, Text>? {
    table.lookup(start, count)
  }

  /// The meaning of a member name given as a `String`.
  func lookup(_ name: String) -> MemberKey<Numeric, Text>? {
    table.lookup(name)
  }

  /// The meaning of a key token (escapes decoded when present).
  @inline(__always)
  func lookup(_ token: JSONKey) -> MemberKey<Numeric, Text>? {
    token.hasEscapes ? table.lookup(token.decoded()) : table.lookup(token.start, token.count)
  }
}

/// The identity of a ``MemberKeyTable``.
final class MemberKeyTableIdentity: Sendable {}

/// The key tables of the dialects.
enum MemberTables {
  /// W3C member names, as `getStats()` and libwebrtc write them; also what webrtc-internals
  /// series are named after.
  static let w3c = MemberKeyTable<NumericField, TextField>(w3cNames(nested: true), policy: .w3c)

  /// rtcstats file format 3: W3C names, or the numbers of the rtcstats compression table,
  /// `"t"` for `timestamp`; members are never nested.
  static let rtcstatsDump: MemberKeyTable<NumericField, TextField> = {
    var names: [(name: String, value: StatsKey)] = [("t", .timestamp)]
    for (number, name) in RTCStatsCompressionTables.properties.sorted(by: { $0.key < $1.key }) {
      if let key = w3c.lookup(name) { names.append((String(number), key)) }
    }
    names += w3cNames(nested: false)
    return MemberKeyTable(names, policy: .rtcstatsDump)
  }()

  /// Legacy (callback `getStats`) member names, in rtcstats dumps (objects filed by id).
  static let legacyGoog = MemberKeyTable(legacyGoogNames, policy: .legacyGoog)

  /// Legacy member names in getStats snapshots (the id is a member).
  static let legacyGoogSnapshot = MemberKeyTable(legacyGoogNames, policy: .legacyGoogSnapshot)

  private static var legacyGoogNames:
    [(name: String, value: MemberKey<LegacyGoogStatsField, LegacyGoogStatsTextField>)]
  {
    var names: [(name: String, value: MemberKey<LegacyGoogStatsField, LegacyGoogStatsTextField>)] =
      [("id", .id), ("type", .type), ("timestamp", .timestamp)]
    for field in LegacyGoogStatsField.allCases { names.append((field.name, .numeric(field))) }
    for field in LegacyGoogStatsTextField.allCases { names.append((field.name, .text(field))) }
    return names
  }

  private static func w3cNames(nested: Bool) -> [(name: String, value: StatsKey)] {
    var names: [(name: String, value: StatsKey)] = [
      ("id", .id), ("type", .type), ("timestamp", .timestamp),
      ("timestamp_us", .timestampMicroseconds), ("timestampUs", .timestampMicroseconds),
      (
        "qualityLimitationDurations",
        .durations(
          none: .qualityLimitationDurationsNone, cpu: .qualityLimitationDurationsCpu,
          bandwidth: .qualityLimitationDurationsBandwidth, other: .qualityLimitationDurationsOther)
      ),
      // Obsolete spellings that mean the same member.
      ("mediaType", .text(.kind)),
    ]
    if nested { names += [("values", .nestedMembers), ("members", .nestedMembers)] }
    for field in NumericField.allCases where !field.name.contains(".") {
      names.append((field.name, .numeric(field)))
    }
    for field in TextField.allCases { names.append((field.name, .text(field))) }
    return names
  }
}
