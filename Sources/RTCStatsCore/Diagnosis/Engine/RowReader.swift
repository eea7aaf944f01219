/// Reads many fields of one ``StreamRow``: the same values as ``StreamRow/subscript(_:)`` and
/// ``StreamRow/delta(_:)``, from a copy of the row's storage taken once.
///
/// The diagnosis reads
/// some twenty fields of every row of every poll.
struct RowReader {
  /// The row's schema's slots, by `RowField.rawValue`.
  private let slots: UnsafePointer<Int8>
  private let values: [Double]
  private let previousKnown: UInt64
  /// Whether the row closes an interval.
  let closesInterval: Bool

  @inline(__always)
  init(_ row: StreamRow) {
    slots = RowSchema.slotRow(row.schema)
    values = row.values
    previousKnown = row.previousKnown
    closesInterval = row.duration != nil
  }

  /// A reader of `rows[position]`, its members read in place (the row is not copied).
  @inline(__always)
  init(_ rows: [StreamRow], _ position: Int) {
    slots = RowSchema.slotRow(rows[position].schema)
    values = rows[position].values
    previousKnown = rows[position].previousKnown
    closesInterval = rows[position].duration != nil
  }

  /// The stored value of `field` (``StreamRow/subscript(_:)``).
  @inline(__always)
  subscript(field: RowField) -> Double? {
    let slot = Int(slots[field.rawValue])
    guard slot >= 0 else { return nil }
    let value = values[slot]
    return value.isNaN ? nil : value
  }

  /// The change of counter `field` over the interval (``StreamRow/delta(_:)``).
  @inline(__always)
  func delta(_ field: RowField) -> Double? {
    guard closesInterval, previousKnown & (1 << UInt64(field.rawValue)) != 0 else { return nil }
    return self[field]
  }
}
