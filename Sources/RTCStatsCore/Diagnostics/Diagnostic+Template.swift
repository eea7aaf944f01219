extension DiagnosticCode {
  /// The template with every `{name}` placeholder replaced by the evidence item `name`,
  /// written by `format`.
  ///
  /// The substitution is purely textual and knows no language: a placeholder without an
  /// evidence item of its name, and a `{` without a closing `}`, stay as they are.
  ///
  ///     let code = DiagnosticCode("skipped", template: "skipped {count} lines")
  ///     code.filled(with: ["count": .integer(3)]) { _, value in "\(value)" }
  ///     // "skipped 3 lines" (with a formatter that writes integers as digits)
  ///
  /// - `evidence`: The values for the placeholders.
  /// - `format`: Writes one value; it gets the item's name and value.
  /// - Complexity: O(*n* · *m*) for a template of *n* characters and *m* evidence items.
  public func filled(
    with evidence: Evidence, format: (_ name: String, _ value: EvidenceValue) -> String
  ) -> String {
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}") else {
        rest = rest[open...]
        break
      }
      let name = String(rest[afterOpen..<close])
      if let value = evidence[name] {
        result += format(name, value)
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result
  }
}

extension Diagnostic {
  /// The code's template filled with this diagnostic's evidence (see
  /// ``DiagnosticCode/filled(with:format:)``).
  public func filled(format: (_ name: String, _ value: EvidenceValue) -> String) -> String {
    code.filled(with: evidence, format: format)
  }
}
