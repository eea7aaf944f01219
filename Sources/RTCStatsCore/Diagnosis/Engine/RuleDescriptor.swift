/// What a diagnosis rule is, described once: the `explain` text, the README rule table and the
/// default thresholds all come from it.
public struct RuleDescriptor: Sendable {
  /// The finding's code, message template and default severity.
  public let code: DiagnosticCode
  /// What the rule finds, in one line.
  public let summary: String
  /// How it decides, with the figures it computes.
  public let formula: String
  /// The W3C members (or events) it reads.
  public let inputs: [String]
  /// Where the thresholds come from.
  public let source: String
  /// The false positives it guards against, and how.
  public let guards: [String]
  /// The default thresholds (keyed by ``code``).
  public let thresholds: ThresholdEntry

  /// Describes a rule.
  public init(
    code: DiagnosticCode, summary: String, formula: String, inputs: [String], source: String,
    guards: [String],
    thresholds: [ThresholdValue]
  ) {
    self.code = code
    self.summary = summary
    self.formula = formula
    self.inputs = inputs
    self.source = source
    self.guards = guards
    self.thresholds = ThresholdEntry(code.rawValue, thresholds)
  }

  /// Describes a rule whose thresholds are already an entry (built with
  /// ``ThresholdEntry/hysteresis(_:alertOn:alertOff:unit:minIntervals:window:clearIntervals:lowerIsWorse:extra:)``).
  public init(
    code: DiagnosticCode, summary: String, formula: String, inputs: [String], source: String,
    guards: [String],
    entry: ThresholdEntry
  ) {
    self.init(
      code: code, summary: summary, formula: formula, inputs: inputs, source: source, guards: guards,
      thresholds: entry.values)
  }
}
