/// Why a thresholds override was refused.
public enum ThresholdError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The override names a rule or ladder the table does not have.
  case unknownEntry(String, suggestion: String?)
  /// The override names a value the entry does not have.
  case unknownValue(entry: String, name: String, suggestion: String?)
  /// The value is not usable (not finite, or an interval count below 1).
  case invalidValue(entry: String, name: String, value: Double, reason: String)

  /// One line, naming the key.
  public var description: String {
    switch self {
    case .unknownEntry(let key, let suggestion):
      return "unknown rule \"\(key)\"" + Self.hint(suggestion) + "; `rtcstats explain` lists them"
    case .unknownValue(let entry, let name, let suggestion):
      return "unknown threshold \"\(name)\" for \"\(entry)\"" + Self.hint(suggestion)
    case .invalidValue(let entry, let name, let value, let reason):
      return "threshold \"\(entry).\(name)\" = \(value): \(reason)"
    }
  }

  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
  }
}
