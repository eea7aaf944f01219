/// The members of one kind (numeric or text) a ``StatsColumns`` store keeps: an enum whose
/// raw values number the columns from 0 to ``columnCount`` − 1.
@usableFromInline
package protocol StatsColumn: CaseIterable, Sendable {
  /// The column of this member, from 0 to ``columnCount`` − 1.
  var rawValue: Int { get }
  /// The number of columns (`allCases.count`, stored once).
  static var columnCount: Int { get }
}

extension NumericField: StatsColumn {
  /// The number of numeric fields.
  @usableFromInline package static let columnCount = allCases.count
}

extension TextField: StatsColumn {
  /// The number of text fields.
  @usableFromInline package static let columnCount = allCases.count
}

/// Stats objects stored column-wise (struct of arrays): per object an id, a timestamp, one
/// `Double` per numeric member and one text slot per text member.
///
/// It is the storage of ``StatsReport`` and of the legacy goog reports of `RTCStatsFormats`,
/// which differ only in their members. ``removeAll()`` keeps the capacity, so one store
/// serves every poll of a long dump without allocating. Absent numbers are NaN; text
/// members are few per object, so a text column holds an index into a separate list of
/// strings (−1 when absent) and a reset releases only those strings.
///
/// The number and text-slot rows are kept past a reset, and the next poll's objects take
/// them, each emptied by one fill as it is taken: appending a row of NaN and one of −1 for
/// every object (two `append(contentsOf:)` calls, about 275 instructions an object) was an
/// eighth of what a JSON-lines parser spent on an object; the fill of one row is a short
/// vector loop. (Emptying all of a poll's rows at the reset instead is one `memset` of some
/// 15 KB, which glibc writes with `rep stosb`.)
@usableFromInline
package struct StatsColumns<Numeric: StatsColumn, Text: StatsColumn>: Sendable {
  /// The number of objects.
  @usableFromInline package private(set) var count = 0
  /// The rows `numbers` and `textSlots` hold: the objects', then rows of earlier objects
  /// (stale: the next objects take them, each emptied as it is taken).
  @usableFromInline var rows = 0
  @usableFromInline var ids: [String] = []
  @usableFromInline var timestamps: [Double] = []
  @usableFromInline var numbers: [Double] = []
  @usableFromInline var textSlots: [Int32] = []
  @usableFromInline var textValues: [String] = []
  /// `Numeric.columnCount` and `Text.columnCount`, kept here: reading the types' lazily
  /// initialised constants costs a check on every member access.
  @usableFromInline let numericCount: Int
  @usableFromInline let textCount: Int
  /// An empty object's numbers (NaN) and text slots (−1), appended by one copy per new object
  /// (``EmptyRows``): `append(contentsOf: repeatElement(…))` fills element by element, 4 % of
  /// the whole read of a webrtc-internals dump with the hundred-odd numeric members, and
  /// copying from an array stored here retained and released it for every object.
  /// (Read-only rows that live as long as the process: safe to share between threads.)
  nonisolated(unsafe) private let emptyNumbers: UnsafeBufferPointer<Double>
  nonisolated(unsafe) private let emptyTextSlots: UnsafeBufferPointer<Int32>

  /// An empty store.
  package init() {
    numericCount = Numeric.columnCount
    textCount = Text.columnCount
    emptyNumbers = EmptyRows.numbers(numericCount)
    emptyTextSlots = EmptyRows.textSlots(textCount)
  }

  /// Removes every object and keeps the storage.
  package mutating func removeAll() {
    count = 0
    ids.removeAll(keepingCapacity: true)
    timestamps.removeAll(keepingCapacity: true)
    textValues.removeAll(keepingCapacity: true)
  }

  /// Appends an object with no members and returns its index: the next empty row, or a new
  /// one when every row is taken.
  ///
  /// - `timestamp`: ms since epoch, or `nan` when the object has none.
  @discardableResult
  package mutating func append(id: String, timestamp: Double) -> Int {
    ids.append(id)
    timestamps.append(timestamp)
    if count == rows {
      numbers.append(contentsOf: emptyNumbers)
      textSlots.append(contentsOf: emptyTextSlots)
      rows &+= 1
    } else {
      empty(row: count)
    }
    count += 1
    return count - 1
  }

  /// Removes the last object (its row is kept for the next one).
  package mutating func removeLast() {
    precondition(count > 0, "removeLast() on an empty store")
    count -= 1
    ids.removeLast()
    timestamps.removeLast()
  }

  /// Empties the number and text-slot row `row`: one fill of each with all-one bits, which
  /// is a NaN and −1.
  private mutating func empty(row: Int) {
    let n = numericCount
    numbers.withUnsafeMutableBufferPointer { numbers in
      UnsafeMutableBufferPointer(rebasing: numbers[(row &* n)..<(row &* n &+ n)])
        .update(repeating: EmptyRows.absentNumber)
    }
    let t = textCount
    textSlots.withUnsafeMutableBufferPointer { slots in
      UnsafeMutableBufferPointer(rebasing: slots[(row &* t)..<(row &* t &+ t)]).update(repeating: -1)
    }
  }

  // MARK: - Reading

  /// The id of object `index`.
  @inlinable
  package func id(at index: Int) -> String { ids[index] }

  /// The timestamp of object `index`, or `nil` when it has none.
  @inlinable
  package func timestamp(at index: Int) -> Double? {
    let value = timestamps[index]
    return value.isNaN ? nil : value
  }

  /// The value of a numeric member, or `nil` when absent.
  @inlinable
  package func number(_ field: Numeric, at index: Int) -> Double? {
    let value = numbers[index &* numericCount &+ field.rawValue]
    return value.isNaN ? nil : value
  }

  /// The value of a text member, or `nil` when absent.
  @inlinable
  package func text(_ field: Text, at index: Int) -> String? {
    text(offset: index &* textCount &+ field.rawValue)
  }

  @inlinable
  func text(offset: Int) -> String? {
    let slot = Int(textSlots[offset])
    return slot < 0 ? nil : textValues[slot]
  }

  /// Whether object `index` has no member besides its id and timestamp.
  package func isEmpty(at index: Int) -> Bool {
    let n = numericCount
    for offset in 0..<n where !numbers[index &* n &+ offset].isNaN { return false }
    let t = textCount
    for offset in 0..<t where textSlots[index &* t &+ offset] >= 0 { return false }
    return true
  }

  // MARK: - Writing

  /// Sets the id of object `index`.
  @inlinable
  package mutating func setID(_ id: consuming String, at index: Int) { ids[index] = id }

  /// Sets the timestamp of object `index` (NaN removes it).
  @inlinable
  package mutating func setTimestamp(_ timestamp: Double, at index: Int) {
    timestamps[index] = timestamp
  }

  /// Sets a numeric member; `nil` or a non-finite value removes it.
  @inlinable
  package mutating func setNumber(_ value: Double?, _ field: Numeric, at index: Int) {
    let stored = value.flatMap { $0.isFinite ? $0 : nil } ?? .nan
    numbers[index &* numericCount &+ field.rawValue] = stored
  }

  /// Sets a text member; `nil` removes it.
  @inlinable
  package mutating func setText(_ value: consuming String?, _ field: Text, at index: Int) {
    setText(value, offset: index &* textCount &+ field.rawValue)
  }

  @inlinable
  mutating func setText(_ value: consuming String?, offset: Int) {
    guard let value else {
      textSlots[offset] = -1
      return
    }
    let slot = Int(textSlots[offset])
    if slot >= 0 {
      textValues[slot] = value
    } else {
      textSlots[offset] = Int32(textValues.count)
      textValues.append(value)
    }
  }

  // MARK: - Copying

  /// Copies every member object `index` lacks, and its timestamp when it has none, from
  /// object `baseIndex` of `base`: the merge step of delta-compressed dumps.
  package mutating func fillMissing(at index: Int, from base: Self, at baseIndex: Int) {
    if timestamps[index].isNaN { timestamps[index] = base.timestamps[baseIndex] }
    let n = numericCount
    for offset in 0..<n where numbers[index &* n &+ offset].isNaN {
      numbers[index &* n &+ offset] = base.numbers[baseIndex &* n &+ offset]
    }
    let t = textCount
    for offset in 0..<t where textSlots[index &* t &+ offset] < 0 {
      if let value = base.text(offset: baseIndex &* t &+ offset) {
        setText(value, offset: index &* t &+ offset)
      }
    }
  }

  /// Appends a copy of object `index` of `other`; returns the new index.
  @discardableResult
  package mutating func appendCopy(of index: Int, from other: Self) -> Int {
    let row = append(id: other.ids[index], timestamp: other.timestamps[index])
    let n = numericCount
    numbers.replaceSubrange(
      (row &* n)..<(row &* n &+ n), with: other.numbers[(index &* n)..<(index &* n &+ n)])
    let t = textCount
    for offset in 0..<t {
      if let value = other.text(offset: index &* t &+ offset) {
        setText(value, offset: row &* t &+ offset)
      }
    }
    return row
  }

  /// Replaces object `index` with a copy of object `otherIndex` of `other`.
  package mutating func replace(at index: Int, withCopyOf otherIndex: Int, from other: Self) {
    ids[index] = other.ids[otherIndex]
    timestamps[index] = other.timestamps[otherIndex]
    let n = numericCount
    numbers.replaceSubrange(
      (index &* n)..<(index &* n &+ n), with: other.numbers[(otherIndex &* n)..<(otherIndex &* n &+ n)])
    let t = textCount
    for offset in 0..<t {
      setText(other.text(offset: otherIndex &* t &+ offset), offset: index &* t &+ offset)
    }
  }
}

/// The empty rows every ``StatsColumns`` store copies from, shared by the whole process and
/// never freed: a row of NaN numbers and one of −1 text slots, as long as the widest store.
@usableFromInline
enum EmptyRows {
  /// Enough for ``NumericField``, ``TextField`` and the legacy goog fields.
  static let capacity = 1024
  /// An absent number: the NaN of all-one bits, so that a row of them and of −1 text slots
  /// is one byte value throughout.
  static let absentNumber = Double(bitPattern: .max)
  nonisolated(unsafe) private static let nanNumbers: UnsafeBufferPointer<Double> = {
    let row = UnsafeMutableBufferPointer<Double>.allocate(capacity: capacity)
    row.initialize(repeating: absentNumber)
    return UnsafeBufferPointer(row)
  }()
  nonisolated(unsafe) private static let absentSlots: UnsafeBufferPointer<Int32> = {
    let row = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
    row.initialize(repeating: -1)
    return UnsafeBufferPointer(row)
  }()

  /// `count` NaN numbers.
  static func numbers(_ count: Int) -> UnsafeBufferPointer<Double> {
    precondition(count <= capacity, "a stats store wider than \(capacity) columns")
    return UnsafeBufferPointer(rebasing: nanNumbers[..<count])
  }

  /// `count` absent text slots.
  static func textSlots(_ count: Int) -> UnsafeBufferPointer<Int32> {
    precondition(count <= capacity, "a stats store wider than \(capacity) columns")
    return UnsafeBufferPointer(rebasing: absentSlots[..<count])
  }
}
