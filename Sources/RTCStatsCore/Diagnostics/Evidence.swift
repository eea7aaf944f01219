/// One value of a diagnostic's evidence: a measured figure, a count, a name or a flag.
public enum EvidenceValue: Sendable, Hashable {
  /// A measured figure in the unit its name implies (ms, bps, percent 0–100, …).
  case number(Double)
  /// A count or another whole number.
  case integer(Int)
  /// A name, a state or any text taken from the dump (untrusted: escape it when printing).
  case text(String)
  /// A yes/no fact.
  case bool(Bool)
}

/// The facts a diagnostic rests on, as named values in a stable order.
///
/// Names are lowerCamelCase and double as the placeholders of the diagnostic's message
/// template (`"{count} samples skipped"`); JSON writes them as the members of `evidence`.
public struct Evidence: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
  /// One named value.
  public struct Item: Sendable, Hashable {
    /// The name, for example `count` or `lossPercent`.
    public var name: String
    /// The value.
    public var value: EvidenceValue

    /// Creates an item.
    public init(name: String, value: EvidenceValue) {
      self.name = name
      self.value = value
    }
  }

  /// The items in the order they were added.
  public private(set) var items: [Item]

  /// Creates evidence from items in order.
  public init(_ items: [Item] = []) { self.items = items }

  /// Creates evidence from a literal; the literal's order is kept.
  public init(dictionaryLiteral elements: (String, EvidenceValue)...) {
    items = elements.map { Item(name: $0.0, value: $0.1) }
  }

  /// The position of the first item.
  public var startIndex: Int { items.startIndex }
  /// The position after the last item.
  public var endIndex: Int { items.endIndex }
  /// The item at `position`.
  public subscript(position: Int) -> Item { items[position] }

  /// The value named `name`, or `nil`.
  public subscript(name: String) -> EvidenceValue? {
    items.first { $0.name == name }?.value
  }

  /// Adds or replaces the value named `name`, keeping the position of an existing one.
  public mutating func set(_ name: String, _ value: EvidenceValue) {
    if let index = items.firstIndex(where: { $0.name == name }) {
      items[index].value = value
    } else {
      items.append(Item(name: name, value: value))
    }
  }
}
