/// One `getStats()` result: the stats objects one peer connection reported at one poll.
///
/// The objects are stored column-wise (struct of arrays) so that a parser can reuse one
/// report for every poll of a long dump without allocating: ``removeAll()`` keeps the
/// capacity, and every member is a plain `Double` or an interned `String`. Only the members
/// the engine reads (``NumericField``, ``TextField``) are kept; a parser skips the rest.
///
/// Timestamps are milliseconds since the Unix epoch (W3C `DOMHighResTimeStamp`); parsers
/// convert libwebrtc's microseconds before storing them. An absent member reads as `nil`.
public struct StatsReport: Sendable {
  /// The number of stats objects in the report.
  @inlinable public var count: Int { columns.count }
  /// When the report was taken, if the dump says so (ms since epoch).
  public var timestamp: Double?

  // The readers and member setters are inlinable: parsers in other modules call them once
  // per member, and the storage is a plain column store.

  /// Ids, timestamps and members.
  @usableFromInline var columns = StatsColumns<NumericField, TextField>()
  @usableFromInline var types: [StatsType] = []
  @usableFromInline var typeNames: [String] = []

  /// An empty report.
  public init() {}

  /// Removes every object and keeps the storage for the next poll.
  public mutating func removeAll() {
    timestamp = nil
    columns.removeAll()
    types.removeAll(keepingCapacity: true)
    typeNames.removeAll(keepingCapacity: true)
  }

  /// Appends an object with no members and returns its index.
  ///
  /// - `id`: The stats `id`.
  /// - `type`: The parsed `type`; ``StatsType/other`` when unknown or absent.
  /// - `typeName`: The `type` as written in the dump (empty when absent).
  /// - `timestamp`: ms since epoch, or `nan` when the object has none.
  @discardableResult
  public mutating func append(id: String, type: StatsType, typeName: String, timestamp: Double)
    -> Int
  {
    types.append(type)
    typeNames.append(typeName)
    return columns.append(id: id, timestamp: timestamp)
  }

  /// Removes the last object, for a parser that finds it is not a stats object after all.
  public mutating func removeLast() {
    precondition(count > 0, "removeLast() on an empty report")
    columns.removeLast()
    types.removeLast()
    typeNames.removeLast()
  }

  // MARK: - Reading

  /// The `id` of object `index`.
  @inlinable public func id(at index: Int) -> String { columns.id(at: index) }
  /// The type of object `index`.
  @inlinable public func type(at index: Int) -> StatsType { types[index] }
  /// The `type` of object `index` as the dump spelled it.
  @inlinable public func typeName(at index: Int) -> String { typeNames[index] }
  /// The timestamp of object `index` in ms since epoch, or `nil` when it had none.
  @inlinable public func timestamp(at index: Int) -> Double? { columns.timestamp(at: index) }

  /// The value of a numeric member, or `nil` when absent.
  @inlinable public func number(_ field: NumericField, at index: Int) -> Double? {
    columns.number(field, at: index)
  }

  /// The value of a text member, or `nil` when absent.
  @inlinable public func text(_ field: TextField, at index: Int) -> String? {
    columns.text(field, at: index)
  }

  // MARK: - Writing

  /// Sets the `id` of object `index`.
  @inlinable public mutating func setID(_ id: consuming String, at index: Int) {
    columns.setID(id, at: index)
  }
  /// Sets the type of object `index`.
  @inlinable public mutating func setType(_ type: StatsType, name: consuming String, at index: Int) {
    types[index] = type
    typeNames[index] = name
  }
  /// Sets the timestamp (ms since epoch) of object `index`.
  @inlinable public mutating func setTimestamp(_ timestamp: Double, at index: Int) {
    columns.setTimestamp(timestamp, at: index)
  }
  /// Sets a numeric member; `nil` or a non-finite value removes it.
  @inlinable public mutating func setNumber(_ value: Double?, _ field: NumericField, at index: Int) {
    columns.setNumber(value, field, at: index)
  }
  /// Sets a text member; `nil` removes it.
  @inlinable public mutating func setText(_ value: consuming String?, _ field: TextField, at index: Int) {
    columns.setText(value, field, at: index)
  }

  /// Copies every member object `index` lacks from object `baseIndex` of `base`.
  ///
  /// This is the merge step of the rtcstats delta compression: a member left out of a delta
  /// keeps its previous value. The timestamp is copied too when absent, and the type when
  /// the object has neither a type nor a type name.
  public mutating func fillMissing(at index: Int, from base: StatsReport, at baseIndex: Int) {
    columns.fillMissing(at: index, from: base.columns, at: baseIndex)
    if types[index] == .other && typeNames[index].isEmpty {
      types[index] = base.types[baseIndex]
      typeNames[index] = base.typeNames[baseIndex]
    }
  }

  /// Appends a copy of object `index` of `other`.
  @discardableResult
  public mutating func appendCopy(of index: Int, from other: StatsReport) -> Int {
    types.append(other.types[index])
    typeNames.append(other.typeNames[index])
    return columns.appendCopy(of: index, from: other.columns)
  }

  /// Replaces object `index` with a copy of object `otherIndex` of `other`.
  public mutating func replace(at index: Int, withCopyOf otherIndex: Int, from other: StatsReport) {
    types[index] = other.types[otherIndex]
    typeNames[index] = other.typeNames[otherIndex]
    columns.replace(at: index, withCopyOf: otherIndex, from: other.columns)
  }

  /// Whether object `index` has no member besides `id`, `type` and `timestamp`.
  public func isEmpty(at index: Int) -> Bool { columns.isEmpty(at: index) }
}
