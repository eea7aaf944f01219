/// Reads many fields of one ``StreamRow`` with one schema lookup: the same values as
/// ``StreamRow/subscript(_:)`` and ``StreamRow/delta(_:)``, which look the schema up again
/// for every field. The diagnosis reads some twenty fields of every row of every poll.
struct RowReader {
  private let slots: [Int8]
  private let values: [Double]
  private let previousKnown: UInt64
  /// Whether the row closes an interval.
  let closesInterval: Bool

  init(_ row: StreamRow) {
    slots = RowSchema.schema(row.schema).slots
    values = row.values
    previousKnown = row.previousKnown
    closesInterval = row.duration != nil
  }

  /// The stored value of `field` (``StreamRow/subscript(_:)``).
  subscript(field: RowField) -> Double? {
    let slot = slots[field.rawValue]
    guard slot >= 0 else { return nil }
    let value = values[Int(slot)]
    return value.isNaN ? nil : value
  }

  /// The change of counter `field` over the interval (``StreamRow/delta(_:)``).
  func delta(_ field: RowField) -> Double? {
    guard closesInterval, previousKnown & (1 << UInt64(field.rawValue)) != 0 else { return nil }
    return self[field]
  }
}
