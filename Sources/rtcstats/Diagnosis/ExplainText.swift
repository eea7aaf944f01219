import RTCStatsCore

/// The text of `rtcstats explain [CODE]`, generated from the rule descriptors and the
/// thresholds table (so it cannot drift from what the rules do).
///
/// Wiring (the front end's job): `rtcstats explain` prints ``list(thresholds:)`` and exits 0;
/// `rtcstats explain CODE` prints ``rule(_:thresholds:)`` and exits 0, or writes
/// ``ExplainError`` on stderr and exits 64.
enum ExplainText {
  /// Every rule, one line each, then the condition ladders.
  static func list(thresholds: ThresholdTable = .defaults) -> String {
    let descriptors = RuleRegistry.descriptors
    let width = descriptors.map(\.code.rawValue.count).max() ?? 0
    var text = "RULES (\(descriptors.count)):\n"
    for descriptor in descriptors {
      let code = descriptor.code.rawValue
      text += "  " + code + String(repeating: " ", count: width - code.count + 2)
      text += descriptor.code.defaultSeverity.rawValue.padding(to: 9) + descriptor.summary + "\n"
    }
    text += "\nNETWORK CONDITION LADDERS:\n"
    for entry in thresholds.entries where entry.key.hasPrefix("condition") {
      text +=
        "  " + entry.key + ": "
        + entry.values.map { "\($0.name) \(format($0.value))" }.joined(separator: ", ")
      text += "\n"
    }
    text += "\nSee 'rtcstats explain <rule>' for a rule's definition, formula, thresholds and source.\n"
    return text
  }

  /// One rule's (or ladder's) definition, formula, inputs, thresholds, source and guards.
  ///
  /// - Throws: ``ExplainError`` when no rule or ladder has that code.
  static func rule(_ code: String, thresholds: ThresholdTable = .defaults) throws(ExplainError) -> String {
    if let descriptor = RuleRegistry.descriptor(code: code) {
      let entry = thresholds[code] ?? descriptor.thresholds
      var text = "\(code) (\(descriptor.code.defaultSeverity.rawValue)): \(descriptor.summary)\n\n"
      text += "FORMULA:\n  \(descriptor.formula)\n\n"
      text += "INPUTS:\n" + descriptor.inputs.map { "  \($0)\n" }.joined() + "\n"
      text += "MESSAGE:\n  \(descriptor.code.template)\n\n"
      text += thresholdsBlock(entry)
      text += "SOURCE:\n  \(descriptor.source)\n\n"
      text += "GUARDS (false positives it avoids):\n" + descriptor.guards.map { "  - \($0)\n" }.joined()
      return text
    }
    if let entry = thresholds[code] {
      return "\(code): network-condition grading ladder\n\n" + thresholdsBlock(entry)
    }
    let names = RuleRegistry.descriptors.map(\.code.rawValue) + thresholds.entries.map(\.key)
    throw ExplainError(code: code, suggestion: ThresholdTable.closest(code, in: names))
  }

  private static func thresholdsBlock(_ entry: ThresholdEntry) -> String {
    guard !entry.values.isEmpty else { return "THRESHOLDS:\n  none\n\n" }
    let width = entry.values.map(\.name.count).max() ?? 0
    let lines = entry.values.map { value in
      "  " + value.name + String(repeating: " ", count: width - value.name.count + 2)
        + format(value.value).padding(to: 8)
        + value.meaning + "\n"
    }
    return "THRESHOLDS (override with --thresholds FILE: {\"\(entry.key)\": {\"name\": value}}):\n"
      + lines.joined()
      + "\n"
  }

  /// A threshold as written in JSON: integers without a fraction.
  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

/// `rtcstats explain CODE` named no rule.
struct ExplainError: Error, Equatable, CustomStringConvertible {
  var code: String
  var suggestion: String?

  var description: String {
    "unknown rule \"\(code)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
      + "; `rtcstats explain` lists the rules"
  }
}

extension String {
  /// The string padded with spaces to `width` characters (never cut).
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
