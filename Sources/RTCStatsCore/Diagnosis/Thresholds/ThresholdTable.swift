/// Every threshold the diagnosis uses, in one table: one ``ThresholdEntry`` per rule (keyed by
/// its code) and per network-condition ladder (keyed `condition.…`).
///
/// The defaults come from the rule descriptors (``RuleRegistry``) and the ladders
/// (``ConditionLadders``), each value documented there with its source. An override (the
/// `--thresholds FILE` option) replaces values by name; a key the table does not know is an
/// error that names it, never silently ignored.
public struct ThresholdTable: Sendable, Hashable {
  /// The entries: rules in registry order, then the ladders.
  public private(set) var entries: [ThresholdEntry]
  private var positions: [String: Int]
  /// The rules and trackers built from ``entries`` (made by every initialiser and by
  /// ``overriding(_:)``; `nil` only while an initialiser runs).
  private var resolution: ResolvedThresholds?

  /// A table of `entries` (later duplicates of a key are dropped).
  public init(entries: [ThresholdEntry]) {
    var kept: [ThresholdEntry] = []
    var positions: [String: Int] = [:]
    for entry in entries where positions[entry.key] == nil {
      positions[entry.key] = kept.count
      kept.append(entry)
    }
    self.entries = kept
    self.positions = positions
    resolution = ResolvedThresholds(self)
  }

  /// The published defaults.
  public static let defaults = ThresholdTable(
    entries: RuleRegistry.rules.map { $0.descriptor.thresholds } + ConditionLadders.entries)

  /// The entry keyed `key`, or `nil`.
  public subscript(key: String) -> ThresholdEntry? {
    positions[key].map { entries[$0] }
  }

  /// The entry keyed `key`, or an empty one (every value then takes its documented fallback).
  func entry(_ key: String) -> ThresholdEntry { self[key] ?? ThresholdEntry(key, []) }

  /// The rules and trackers of this table, built once.
  var resolved: ResolvedThresholds { resolution ?? ResolvedThresholds(self) }

  /// Tables are equal when their entries are (the rest is built from them).
  public static func == (lhs: ThresholdTable, rhs: ThresholdTable) -> Bool { lhs.entries == rhs.entries }

  /// Hashes the entries.
  public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

  /// The table with `overrides` applied, in order.
  ///
  /// - `overrides`: Per entry key, the values to replace by name.
  /// - Throws: ``ThresholdError`` naming the first unknown key or unusable value.
  public func overriding(_ overrides: [(key: String, values: [(name: String, value: Double)])])
    throws(ThresholdError) -> ThresholdTable
  {
    var result = self
    for override in overrides {
      guard let position = positions[override.key] else {
        throw .unknownEntry(override.key, suggestion: Self.closest(override.key, in: entries.map(\.key)))
      }
      for (name, value) in override.values {
        let names = result.entries[position].values.map(\.name)
        guard let slot = names.firstIndex(of: name) else {
          throw .unknownValue(entry: override.key, name: name, suggestion: Self.closest(name, in: names))
        }
        try Self.validate(name, value, entry: override.key)
        result.entries[position].values[slot].value = value
      }
      let entry = result.entries[position]
      if let window = entry["window"], let minimum = entry["minIntervals"], window < minimum {
        throw .invalidValue(
          entry: entry.key, name: "window", value: window, reason: "must be at least minIntervals")
      }
    }
    result.resolution = ResolvedThresholds(result)
    return result
  }

  private static func validate(_ name: String, _ value: Double, entry: String) throws(ThresholdError) {
    guard value.isFinite else {
      throw .invalidValue(entry: entry, name: name, value: value, reason: "must be a finite number")
    }
    if ["minIntervals", "window", "clearIntervals"].contains(name), value < 1 || value != value.rounded() {
      throw .invalidValue(
        entry: entry, name: name, value: value, reason: "must be a whole number of intervals, at least 1")
    }
  }

  /// The candidate nearest to `word` by edit distance, when it is close enough to be a typo.
  package static func closest(_ word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, EditDistance.between(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= Swift.max(2, word.count / 3) else {
      return nil
    }
    return best.0
  }
}

/// Levenshtein distance, for "did you mean" suggestions.
enum EditDistance {
  /// The number of single-character edits that turn `a` into `b`.
  ///
  /// - Complexity: O(*m* · *n*).
  static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = Swift.min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
