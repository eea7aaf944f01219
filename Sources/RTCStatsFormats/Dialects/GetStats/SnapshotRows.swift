import RTCStatsCore

/// A column store one getStats snapshot can be read into by ``SnapshotReader``: W3C stats
/// (`StatsReport`) or legacy goog stats (``LegacyGoogStatsReport``, a legacy callback
/// `getStats()` result that an app serialised the way it serialises W3C ones).
protocol SnapshotRows: MemberRows {
  /// The member names and value policy of a snapshot's objects.
  static var snapshotTable: MemberKeyTable<Numeric, Text> { get }
  /// The number of objects.
  var count: Int { get }
  /// The id of object `row`.
  func id(at row: Int) -> String
  /// The timestamp of object `row` (ms), `nil` when absent.
  func timestamp(at row: Int) -> Double?
  /// The time of the whole snapshot, when a wrapper gives it.
  var snapshotTime: Double? { get set }
  /// Removes every object, keeping the storage.
  mutating func removeAll()
  /// Completes object `row` once its members are read: a type and an id for objects that
  /// have none.
  mutating func completeObject(at row: Int)
}

extension StatsReport: SnapshotRows {
  static var snapshotTable: MemberKeyTable<NumericField, TextField> { MemberTables.w3c }

  var snapshotTime: Double? {
    get { timestamp }
    set { timestamp = newValue }
  }

  /// An object without `type` gets the type its members suggest
  /// (`StatsReport.inferredType(at:)`); one without `id` a stable synthetic id
  /// (``MemberDecoder/syntheticID(_:row:)``).
  mutating func completeObject(at row: Int) {
    if typeName(at: row).isEmpty { setType(inferredType(at: row), name: "", at: row) }
    if id(at: row).isEmpty { setID(MemberDecoder.syntheticID(self, row: row), at: row) }
  }
}

extension LegacyGoogStatsReport: SnapshotRows {
  static var snapshotTable: MemberKeyTable<LegacyGoogStatsField, LegacyGoogStatsTextField> {
    MemberTables.legacyGoogSnapshot
  }

  /// Legacy objects carry their own times; the mapper reads no snapshot time.
  var snapshotTime: Double? {
    get { nil }
    set {}
  }

  /// Legacy objects are kept as written: the mapper skips those it cannot map.
  mutating func completeObject(at row: Int) {}
}

extension MemberDecoder {
  /// Reads the stats object under the cursor (`{"id":…,"type":…,"timestamp":…,…}`) into a
  /// new row of `rows`, as getStats snapshots hold them, and completes it
  /// (``SnapshotRows/completeObject(at:)``).
  ///
  /// - `id`: The id to use when the object has none (e.g. the key of a
  ///   `{id: stats}` map).
  /// - `completing`: Whether to complete the object now; a caller that may still learn its
  ///   id (a `{"value": …, "key": id}` entry) completes it itself.
  /// - `keyTag`: What tells the object apart before its `id` (see
  ///   ``decodeMembers(_:table:into:row:nested:keyTag:)``): the tag of its key in a map, or
  ///   the previous object's `tag` in an array.
  /// - Returns: The row index and the object's tag, for the next object's `keyTag`.
  @discardableResult
  mutating func decodeSnapshotObject<Rows: SnapshotRows>(
    _ reader: inout JSONReader, into rows: inout Rows, id: String? = nil, completing: Bool = true,
    keyTag: UInt64 = 0
  ) throws(JSONError) -> (row: Int, tag: UInt64) {
    let row = rows.appendRow(id: id ?? "")
    let decoded = try decodeMembers(&reader, table: Rows.snapshotTable, into: &rows, row: row, keyTag: keyTag)
    if completing { rows.completeObject(at: row) }
    return (row, decoded.tag)
  }
}
