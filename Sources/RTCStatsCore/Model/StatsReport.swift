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
  public private(set) var count = 0
  /// When the report was taken, if the dump says so (ms since epoch).
  public var timestamp: Double?

  private var ids: [String] = []
  private var types: [StatsType] = []
  private var typeNames: [String] = []
  private var timestamps: [Double] = []
  private var numbers: [Double] = []
  /// Per object and text field: an index into `textValues`, or −1 when absent. Plain
  /// integers, so that rows are added and removed without touching reference counts.
  private var textSlots: [Int32] = []
  private var textValues: [String] = []

  private static let numericCount = NumericField.allCases.count
  private static let textCount = TextField.allCases.count

  public init() {}

  /// Removes every object and keeps the storage for the next poll.
  public mutating func removeAll() {
    count = 0
    timestamp = nil
    ids.removeAll(keepingCapacity: true)
    types.removeAll(keepingCapacity: true)
    typeNames.removeAll(keepingCapacity: true)
    timestamps.removeAll(keepingCapacity: true)
    numbers.removeAll(keepingCapacity: true)
    textSlots.removeAll(keepingCapacity: true)
    textValues.removeAll(keepingCapacity: true)
  }

  /// Appends an object with no members and returns its index.
  ///
  /// - Parameters:
  ///   - id: The stats `id`.
  ///   - type: The parsed `type`; ``StatsType/other`` when unknown or absent.
  ///   - typeName: The `type` as written in the dump (empty when absent).
  ///   - timestamp: ms since epoch, or `nan` when the object has none.
  @discardableResult
  public mutating func append(id: String, type: StatsType, typeName: String, timestamp: Double)
    -> Int
  {
    ids.append(id)
    types.append(type)
    typeNames.append(typeName)
    timestamps.append(timestamp)
    numbers.append(contentsOf: repeatElement(.nan, count: Self.numericCount))
    textSlots.append(contentsOf: repeatElement(-1, count: Self.textCount))
    count += 1
    return count - 1
  }

  /// Removes the last object, for a parser that finds it is not a stats object after all.
  public mutating func removeLast() {
    precondition(count > 0, "removeLast() on an empty report")
    count -= 1
    ids.removeLast()
    types.removeLast()
    typeNames.removeLast()
    timestamps.removeLast()
    numbers.removeLast(Self.numericCount)
    textSlots.removeLast(Self.textCount)
  }

  // MARK: - Reading

  /// The `id` of object `index`.
  public func id(at index: Int) -> String { ids[index] }
  /// The type of object `index`.
  public func type(at index: Int) -> StatsType { types[index] }
  /// The `type` of object `index` as the dump spelled it.
  public func typeName(at index: Int) -> String { typeNames[index] }
  /// The timestamp of object `index` in ms since epoch, or `nil` when it had none.
  public func timestamp(at index: Int) -> Double? {
    let value = timestamps[index]
    return value.isNaN ? nil : value
  }

  /// The value of a numeric member, or `nil` when absent.
  public func number(_ field: NumericField, at index: Int) -> Double? {
    let value = numbers[index &* Self.numericCount &+ field.rawValue]
    return value.isNaN ? nil : value
  }

  /// The value of a text member, or `nil` when absent.
  public func text(_ field: TextField, at index: Int) -> String? {
    let slot = textSlots[index &* Self.textCount &+ field.rawValue]
    return slot < 0 ? nil : textValues[Int(slot)]
  }

  // MARK: - Writing

  /// Sets the `id` of object `index`.
  public mutating func setID(_ id: String, at index: Int) { ids[index] = id }
  /// Sets the type of object `index`.
  public mutating func setType(_ type: StatsType, name: String, at index: Int) {
    types[index] = type
    typeNames[index] = name
  }
  /// Sets the timestamp (ms since epoch) of object `index`.
  public mutating func setTimestamp(_ timestamp: Double, at index: Int) {
    timestamps[index] = timestamp
  }
  /// Sets a numeric member; `nil` or a non-finite value removes it.
  public mutating func setNumber(_ value: Double?, _ field: NumericField, at index: Int) {
    let stored = value.flatMap { $0.isFinite ? $0 : nil } ?? .nan
    numbers[index &* Self.numericCount &+ field.rawValue] = stored
  }
  /// Sets a text member; `nil` removes it.
  public mutating func setText(_ value: String?, _ field: TextField, at index: Int) {
    storeText(value, at: index &* Self.textCount &+ field.rawValue)
  }

  private mutating func storeText(_ value: String?, at position: Int) {
    guard let value else {
      textSlots[position] = -1
      return
    }
    let slot = textSlots[position]
    if slot >= 0 {
      textValues[Int(slot)] = value
    } else {
      textSlots[position] = Int32(textValues.count)
      textValues.append(value)
    }
  }

  /// Copies every member object `index` lacks from object `baseIndex` of `base`.
  ///
  /// This is the merge step of the rtcstats delta compression: a member left out of a delta
  /// keeps its previous value. The timestamp is copied too when absent.
  public mutating func fillMissing(at index: Int, from base: StatsReport, at baseIndex: Int) {
    if timestamps[index].isNaN { timestamps[index] = base.timestamps[baseIndex] }
    if types[index] == .other && typeNames[index].isEmpty {
      types[index] = base.types[baseIndex]
      typeNames[index] = base.typeNames[baseIndex]
    }
    let n = Self.numericCount
    for offset in 0..<n where numbers[index &* n &+ offset].isNaN {
      numbers[index &* n &+ offset] = base.numbers[baseIndex &* n &+ offset]
    }
    let t = Self.textCount
    for offset in 0..<t where textSlots[index &* t &+ offset] < 0 {
      let slot = base.textSlots[baseIndex &* t &+ offset]
      if slot >= 0 {
        textSlots[index &* t &+ offset] = Int32(textValues.count)
        textValues.append(base.textValues[Int(slot)])
      }
    }
  }

  /// Appends a copy of object `index` of `other`.
  @discardableResult
  public mutating func appendCopy(of index: Int, from other: StatsReport) -> Int {
    ids.append(other.ids[index])
    types.append(other.types[index])
    typeNames.append(other.typeNames[index])
    timestamps.append(other.timestamps[index])
    let n = Self.numericCount
    numbers.append(contentsOf: other.numbers[(index &* n)..<(index &* n &+ n)])
    let t = Self.textCount
    for offset in 0..<t {
      let slot = other.textSlots[index &* t &+ offset]
      if slot >= 0 {
        textSlots.append(Int32(textValues.count))
        textValues.append(other.textValues[Int(slot)])
      } else {
        textSlots.append(-1)
      }
    }
    count += 1
    return count - 1
  }

  /// Replaces object `index` with a copy of object `otherIndex` of `other`.
  public mutating func replace(at index: Int, withCopyOf otherIndex: Int, from other: StatsReport) {
    ids[index] = other.ids[otherIndex]
    types[index] = other.types[otherIndex]
    typeNames[index] = other.typeNames[otherIndex]
    timestamps[index] = other.timestamps[otherIndex]
    let n = Self.numericCount
    numbers.replaceSubrange(
      (index &* n)..<(index &* n &+ n), with: other.numbers[(otherIndex &* n)..<(otherIndex &* n &+ n)])
    let t = Self.textCount
    for offset in 0..<t {
      let slot = other.textSlots[otherIndex &* t &+ offset]
      storeText(slot >= 0 ? other.textValues[Int(slot)] : nil, at: index &* t &+ offset)
    }
  }

  /// Whether object `index` has no member besides `id`, `type` and `timestamp`.
  public func isEmpty(at index: Int) -> Bool {
    let n = Self.numericCount
    for offset in 0..<n where !numbers[index &* n &+ offset].isNaN { return false }
    let t = Self.textCount
    for offset in 0..<t where textSlots[index &* t &+ offset] >= 0 { return false }
    return true
  }
}
