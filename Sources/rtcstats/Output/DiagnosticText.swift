import RTCStatsCore

/// Turns diagnostics into words: fills each code's template with the evidence.
///
/// `{name}` is replaced by the evidence item `name`: counts as integers, figures rounded to
/// three decimals, text as it is (callers that print to a terminal escape it), flags as
/// `yes`/`no`. A placeholder without evidence stays as written, so a missing item shows.
enum DiagnosticText {
  /// The message of `diagnostic`.
  static func message(_ diagnostic: Diagnostic) -> String {
    fill(diagnostic.code.template, with: diagnostic.evidence)
  }

  /// `template` with every `{name}` replaced by the evidence item `name`.
  static func fill(_ template: String, with evidence: Evidence) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = String(rest[rest.index(after: open)..<close])
      if let value = evidence[name] {
        result += text(value)
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// An evidence value as text.
  static func text(_ value: EvidenceValue) -> String {
    switch value {
    case .integer(let value): String(value)
    case .number(let value): JSONWriter.format(value, fractionDigits: 3)
    case .text(let value): value
    case .bool(let value): value ? "yes" : "no"
    }
  }
}
