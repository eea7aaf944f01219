import RTCStatsCore

/// A column store a ``MemberDecoder`` writes decoded members into: `StatsReport` (W3C) or
/// ``LegacyGoogStatsReport``.
protocol MemberRows {
  associatedtype Numeric: StatsColumn
  associatedtype Text: StatsColumn
  /// Appends an object with id `id` and no members; returns its row.
  mutating func appendRow(id: String) -> Int
  /// Sets the id of a row.
  mutating func setID(_ id: consuming String, at row: Int)
  /// Sets the type of a row: `type` as far as Core knows it, `name` as the dump spells it.
  mutating func setDecodedType(_ type: StatsType?, name: String, at row: Int)
  /// Sets the timestamp (ms since epoch) of a row.
  mutating func setTimestamp(_ timestamp: Double, at row: Int)
  /// Sets a numeric member.
  mutating func setNumber(_ value: Double?, _ field: Numeric, at row: Int)
  /// Sets a text member.
  mutating func setText(_ value: consuming String?, _ field: Text, at row: Int)
}

extension StatsReport: MemberRows {
  mutating func appendRow(id: String) -> Int {
    append(id: id, type: .other, typeName: "", timestamp: .nan)
  }

  mutating func setDecodedType(_ type: StatsType?, name: String, at row: Int) {
    setType(type ?? .other, name: name, at: row)
  }
}

/// The one decoder of stats members: reads the members of a stats object from a
/// ``JSONReader`` into a row of a ``MemberRows`` store, looking each name up in a
/// ``MemberKeyTable`` and reading each value as the table's ``MemberPolicy`` says.
///
/// Only the members the engine reads are converted; every other member is skipped (and
/// still validated). Strings are interned, so the ids and text values repeated in every
/// poll are allocated once. The W3C getStats reader, both rtcstats dump readers, the legacy
/// goog reader and the webrtc-internals series reader all decode through it.
struct MemberDecoder {
  /// Where the strings come from.
  var interner = StringInterner()
  /// The dump's tally of ignored members.
  let ignored: IgnoredMembers
  /// Whether a timestamp was converted from microseconds.
  private(set) var sawMicroseconds = false
  /// The member names met so far, and which followed which.
  var names = MemberNameCatalog()
  /// Text values (ids among them) read without a right prediction, for tests.
  var valueMisses = 0
  /// The last `timestamp` read, to recognise it in the next object of the same poll.
  private var lastTimestamp = RepeatedNumber()
  /// Unescaping buffers, reused.
  var scratch: [UInt8] = []
  private var embedded: [UInt8] = []

  /// A decoder that counts ignored members into `ignored`.
  init(ignored: IgnoredMembers = IgnoredMembers()) {
    self.ignored = ignored
  }

  /// Adds another decoder's notes (µs timestamps) to this one's; ignored members are
  /// merged through their tallies.
  mutating func absorb(_ other: MemberDecoder) {
    if other.sawMicroseconds { sawMicroseconds = true }
  }

  /// What a decoder learns from the bytes, for the next decoder of the same dump.
  ///
  /// That is the interned strings and the member-name and text-value predictions, handed to
  /// a parallel worker's parser of a later chunk. Neither changes what a decoder reads, only how fast: an
  /// interned string equals the one built from the bytes, and a prediction is verified
  /// against the bytes before it is used.
  struct Learned: Sendable {
    fileprivate var interner: StringInterner
    fileprivate var names: MemberNameCatalog

    /// Whether this is small enough to be kept for the next dump (``LearnedStore``): at most
    /// ``LearnedStore/maximumStrings`` interned strings and half the catalog's names, so that
    /// a dump of unique ids (or a hostile one) neither keeps its memory after it nor leaves
    /// full tables that would stop the next dumps' strings from being interned.
    var isWorthKeeping: Bool {
      interner.count <= LearnedStore.maximumStrings && names.count <= MemberNameCatalog.maximumNames / 2
    }
  }

  /// Starts from what another decoder learned (``takeLearned()``), instead of from nothing.
  mutating func adopt(_ learned: consuming Learned) {
    interner = learned.interner
    names = learned.names
  }

  /// Hands over what this decoder learned; the decoder is left with nothing learned.
  mutating func takeLearned() -> Learned {
    let learned = Learned(interner: interner, names: names)
    interner = StringInterner()
    names = MemberNameCatalog()
    return learned
  }

  /// What an object carried besides its members.
  struct DecodedObject {
    /// Whether it had an `id` member.
    var hadID = false
    /// Whether it had a timestamp.
    var hadTimestamp = false
    /// What told it apart for the name and value predictions once read: the
    /// ``MemberNameCatalog/tag(_:_:)`` of its `id` as written, else the `keyTag` it was given.
    var tag: UInt64 = 0
  }

  /// Reads the object under the cursor into the existing row `row`, overwriting the members
  /// it has and keeping the others (a delta applied in place keeps what it leaves out).
  ///
  /// - `nested`: Whether this is the `values`/`members` object of a native wrapper
  ///   (nested only one level).
  /// - `keyTag`: What tells the object apart for the predictions before its `id` member,
  ///   0 for nothing. In an `{id: object}` map it is ``MemberNameCatalog/tag(_:_:)`` of the
  ///   key: an rtcstats dump writes members alphabetically, so an audio and a video stream
  ///   share `active`, `bytesSent`, `codecId` and then part, and every object begins with a
  ///   name of its own. In an array it is the previous object's ``DecodedObject/tag``: a poll
  ///   lists its objects in the order of the poll before, so the `id` read after that object
  ///   last time is the prediction for this one's (with one state for every first member,
  ///   each object's `id` was predicted from the object before it and missed).
  mutating func decodeMembers<Rows: MemberRows>(
    _ reader: inout JSONReader, table: MemberKeyTable<Rows.Numeric, Rows.Text>, into rows: inout Rows,
    row: Int, nested: Bool = false, keyTag: UInt64 = 0
  ) throws(JSONError) -> DecodedObject {
    let policy = table.policy
    var decoded = DecodedObject()
    names.prepare(for: table.identity)
    var previous = -1
    var typeTag = 0
    var objectTag = keyTag
    var context = MemberNameCatalog.context(type: 0, object: keyTag)
    var object = try reader.beginObject()
    while try reader.enterMember(in: &object) {
      let state = MemberNameCatalog.state(after: previous, context: context)
      var entry = names.predicted(at: state)
      let name: JSONKey
      if entry >= 0, let matched = names.consume(entry, from: &reader) {
        name = matched
      } else {
        name = try reader.scanKey()
        entry = names.entry(for: name, in: table)
        names.learn(entry, at: state)
      }
      try reader.consumeColon()
      previous = entry
      let found = entry >= 0 ? names.tableIndex(of: entry).map { table.key(at: $0) } : table.lookup(name)
      guard let key = found else {
        try reader.skipValue()
        continue
      }
      switch key {
      case .id:
        decoded.hadID = true
        objectTag = try readID(&reader, name: name, policy: policy, state: state, into: &rows, row: row)
        context = MemberNameCatalog.context(type: typeTag, object: objectTag)
      case .type:
        typeTag = try readType(&reader, name: name, policy: policy, state: state, into: &rows, row: row)
        context = MemberNameCatalog.context(type: typeTag, object: objectTag)
      case .timestamp:
        if let value = try timestamp(&reader, name: name, policy: policy) {
          rows.setTimestamp(value, at: row)
          decoded.hadTimestamp = true
        }
      case .timestampMicroseconds:
        if let value = try number(&reader, name: name, policy: policy) {
          sawMicroseconds = true
          rows.setTimestamp(value / 1000, at: row)
          decoded.hadTimestamp = true
        }
      case .numeric(let field):
        if let value = try number(&reader, name: name, policy: policy) {
          rows.setNumber(value, field, at: row)
        }
      case .text(let field):
        if let value = try text(&reader, name: name, policy: policy, state: state) {
          rows.setText(value, field, at: row)
        }
      case .durations(let none, let cpu, let bandwidth, let other):
        // Only the reasons given: a second `qualityLimitationDurations` keeps the others.
        let values = try durations(&reader, name: name, policy: policy)
        if !values.none.isNaN { rows.setNumber(values.none, none, at: row) }
        if !values.cpu.isNaN { rows.setNumber(values.cpu, cpu, at: row) }
        if !values.bandwidth.isNaN { rows.setNumber(values.bandwidth, bandwidth, at: row) }
        if !values.other.isNaN { rows.setNumber(values.other, other, at: row) }
      case .nestedMembers:
        if !nested, try reader.peekKind() == .object {
          let inner = try decodeMembers(
            &reader, table: table, into: &rows, row: row, nested: true, keyTag: objectTag)
          decoded.hadID = decoded.hadID || inner.hadID
          decoded.hadTimestamp = decoded.hadTimestamp || inner.hadTimestamp
        } else {
          try reader.skipValue()
        }
      }
    }
    decoded.tag = objectTag
    return decoded
  }

  /// The `id` member (skipped when the policy files objects by key); returns the tag of its
  /// value as written, for the name catalog's states.
  private mutating func readID<Rows: MemberRows>(
    _ reader: inout JSONReader, name: JSONKey, policy: MemberPolicy, state: Int, into rows: inout Rows,
    row: Int
  ) throws(JSONError) -> UInt64 {
    reader.skipWhitespace()
    let start = reader.offset
    if policy.idComesFromKey {
      try reader.skipValue()
    } else if let value = try text(&reader, name: name, policy: policy, state: state) {
      rows.setID(value, at: row)
    }
    return MemberNameCatalog.tag(reader.base + start, reader.offset &- start)
  }

  /// A `timestamp` member in ms since the epoch: a number (µs beyond
  /// ``Timestamps/microsecondThreshold``, converted and noted) or an ISO 8601 string, as
  /// `JSON.stringify` writes the `Date` of a legacy report (`"2024-03-01T10:00:00.123Z"`).
  ///
  /// The objects of one poll share its timestamp: the bytes of the last one read are kept
  /// (``RepeatedNumber``) and the same bytes again are not parsed.
  private mutating func timestamp(_ reader: inout JSONReader, name: JSONKey, policy: MemberPolicy)
    throws(JSONError) -> Double?
  {
    if lastTimestamp.consume(from: &reader) {
      if lastTimestamp.note { sawMicroseconds = true }
      return lastTimestamp.value
    }
    let start = reader.offset
    if reader.peekByte() == UInt8(ascii: "\""),
      let date = try reader.lookahead({ (reader) throws(JSONError) -> Double? in
        ISO8601.milliseconds(try reader.readStringToken().bytes)
      })
    {
      try reader.skipValue()
      return date
    }
    // Only a number token is kept, not a numeric string or a boolean.
    let first = start < reader.count ? reader.base[start] : 0
    let isBareNumber = first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10
    guard let value = try number(&reader, name: name, policy: policy) else { return nil }
    let microseconds = value > Timestamps.microsecondThreshold
    if microseconds { sawMicroseconds = true }
    let milliseconds = Timestamps.milliseconds(value)
    if isBareNumber {
      lastTimestamp.keep(
        reader.base + start, count: reader.offset &- start, value: milliseconds, note: microseconds)
    }
    return milliseconds
  }

  /// `"type": "inbound-rtp"` (a hash of the bytes, no string built for known types), a
  /// compressed `"type": 1` when the policy allows, or another value spelled as text.
  ///
  /// A known type read in name-catalog `state` is kept as that state's value prediction
  /// (its position in ``StatsTypeTable``), so the next object in the same place has its type
  /// checked by one comparison.
  ///
  /// Returns a small number for the type, for the name catalog's state: 1 + the raw value
  /// of a known type, 255 for another name, 0 when the object got no type.
  private mutating func readType<Rows: MemberRows>(
    _ reader: inout JSONReader, name: JSONKey, policy: MemberPolicy, state: Int, into rows: inout Rows,
    row: Int
  ) throws(JSONError) -> Int {
    let table = StatsTypeTable.standard
    let predicted = names.predictedValue(at: state)
    if predicted >= 0, table.consume(predicted, from: &reader) {
      let known = table.known(at: predicted)
      rows.setDecodedType(known.type, name: known.name, at: row)
      return Int(known.type.rawValue) &+ 1
    }
    var type: StatsType?
    switch try reader.peekKind() {
    case .string:
      let token = try reader.readStringToken()
      let index = table.index(of: token)
      names.learnValue(index ?? -1, at: state)
      if let index {
        let known = table.known(at: index)
        rows.setDecodedType(known.type, name: known.name, at: row)
        type = known.type
      } else {
        let value = interner.intern(token)
        type = StatsType(dumpName: value)
        rows.setDecodedType(type, name: value, at: row)
      }
    case .number where policy.readsCompressedTypes:
      let number = try reader.readDouble()
      guard number >= 0, number < 1000, let typeName = RTCStatsCompressionTables.types[Int(number)] else {
        return 0
      }
      type = StatsType(dumpName: typeName)
      rows.setDecodedType(type, name: typeName, at: row)
    default:
      guard let value = try text(&reader, name: name, policy: policy) else { return 0 }
      type = StatsType(dumpName: value)
      rows.setDecodedType(type, name: value, at: row)
    }
    return type.map { Int($0.rawValue) &+ 1 } ?? 255
  }

  /// `qualityLimitationDurations`, `{"none":…,"cpu":…,"bandwidth":…,"other":…}` (seconds),
  /// or that object JSON-encoded in a string when the policy decodes JSON strings; NaN for
  /// reasons that are absent.
  mutating func durations(_ reader: inout JSONReader, name: JSONKey?, policy: MemberPolicy)
    throws(JSONError) -> (none: Double, cpu: Double, bandwidth: Double, other: Double)
  {
    switch try reader.peekKind() {
    case .object:
      return try durationsObject(&reader, policy: policy)
    case .string where policy.decodesJSONStrings:
      let token = try reader.readStringToken()
      JSONReader.unescape(token.bytes, into: &embedded)
      let bytes = embedded
      // A malformed string is a value that cannot be read, not a broken dump.
      return bytes.withUnsafeBufferPointer { buffer in
        let absent = (none: Double.nan, cpu: Double.nan, bandwidth: Double.nan, other: Double.nan)
        guard let base = buffer.baseAddress else { return absent }
        var inner = JSONReader(base: base, count: buffer.count)
        guard let values = try? durationsObject(&inner, policy: policy), inner.isAtEnd() else {
          return absent
        }
        return values
      }
    default:
      try reader.skipValue()
      noteIgnored(name, policy: policy)
      return (.nan, .nan, .nan, .nan)
    }
  }

  private mutating func durationsObject(_ reader: inout JSONReader, policy: MemberPolicy)
    throws(JSONError) -> (none: Double, cpu: Double, bandwidth: Double, other: Double)
  {
    var values = (none: Double.nan, cpu: Double.nan, bandwidth: Double.nan, other: Double.nan)
    var object = try reader.beginObject()
    while let reason = try reader.nextKey(in: &object) {
      if reason.equals("none") {
        values.none = try number(&reader, name: reason, policy: policy) ?? values.none
      } else if reason.equals("cpu") {
        values.cpu = try number(&reader, name: reason, policy: policy) ?? values.cpu
      } else if reason.equals("bandwidth") {
        values.bandwidth = try number(&reader, name: reason, policy: policy) ?? values.bandwidth
      } else if reason.equals("other") {
        values.other = try number(&reader, name: reason, policy: policy) ?? values.other
      } else {
        try reader.skipValue()
      }
    }
    return values
  }
}
