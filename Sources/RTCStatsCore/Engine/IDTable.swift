/// Values keyed by stats id, in the order their ids first appeared, found without hashing
/// when the caller knows where the id was found last time.
///
/// A dump repeats the same objects in the same order poll after poll, so the slot an id had at
/// a report position is, almost always, the slot it has at that position in the next report.
/// A hint is only a guess: it is used when the key stored in that slot is the id (a string
/// comparison, which for the interned ids of one parser is a pointer comparison), else the id
/// is hashed as in a dictionary. The answer never depends on the hint.
struct IDTable<Value: Sendable>: Sendable {
  private var slots: [String: Int] = [:]
  private(set) var keys: [String] = []
  private(set) var values: [Value] = []

  /// Ids held.
  var count: Int { keys.count }

  /// The slot of `id`, trying `hint` first; `nil` when the table does not hold `id`.
  @inline(__always)
  func slot(of id: String, hint: Int) -> Int? {
    if hint >= 0, hint < keys.count, keys[hint] == id { return hint }
    return slots[id]
  }

  /// The value held for `id` (hashed).
  subscript(id: String) -> Value? {
    slots[id].map { values[$0] }
  }

  /// The value in `slot`, a slot this table returned.
  subscript(slot slot: Int) -> Value {
    get { values[slot] }
    set { values[slot] = newValue }
  }

  /// Stores `value` for `id` (its slot found from `hint` when it is right) and returns the slot.
  @discardableResult
  mutating func set(_ value: Value, for id: String, hint: Int) -> Int {
    if let slot = slot(of: id, hint: hint) {
      values[slot] = value
      return slot
    }
    let slot = keys.count
    keys.append(id)
    values.append(value)
    slots[id] = slot
    return slot
  }
}

/// Per object position of the report being read, the slot its id had last time: the hints
/// of ``IDTable``.
struct PositionHints: Sendable {
  private var slots: [Int] = []

  /// The hint for position `index` (-1: none yet).
  @inline(__always)
  subscript(index: Int) -> Int {
    get { index < slots.count ? slots[index] : -1 }
    set {
      if index >= slots.count { slots.append(contentsOf: repeatElement(-1, count: index - slots.count + 1)) }
      slots[index] = newValue
    }
  }
}
