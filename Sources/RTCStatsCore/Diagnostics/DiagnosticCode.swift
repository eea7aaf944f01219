/// What a diagnostic is about: a stable identifier plus the template a frontend fills in to
/// say it in words.
///
/// Codes are declared where the knowledge lives — the engine's in ``DiagnosticCode``'s
/// extensions in Core, the parsers' in `RTCStatsFormats`, each diagnosis rule's in its own
/// file — and compared by ``rawValue`` alone. The ``template`` is data, not a sentence built
/// at run time: `{name}` stands for the evidence item `name`, rendered by the frontend
/// (see `DiagnosticRenderer` in the `rtcstats` target). Scripts match ``rawValue``, never
/// the words.
public struct DiagnosticCode: Sendable, Hashable, CustomStringConvertible {
  /// The stable identifier, lowerCamelCase (`counterReset`, `truncated`, `highPacketLoss`).
  public let rawValue: String
  /// The message with `{evidence}` placeholders, lowercase, no trailing period.
  public let template: String
  /// The severity a diagnostic with this code has unless it says otherwise.
  public let defaultSeverity: Severity

  /// Declares a code.
  ///
  /// - Parameters:
  ///   - rawValue: The stable identifier.
  ///   - template: The message with `{name}` placeholders for evidence items.
  ///   - severity: The default severity.
  public init(_ rawValue: String, template: String, severity: Severity = .warning) {
    self.rawValue = rawValue
    self.template = template
    self.defaultSeverity = severity
  }

  /// The identifier.
  public var description: String { rawValue }

  /// Codes are equal when their identifiers are.
  public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  /// Hashes the identifier.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
