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

  /// `template` with every `{name}` replaced by the evidence item `name` (a placeholder
  /// without an item, or a `{` without its `}`, is left as written).
  ///
  /// The braces are found in the UTF-8 bytes: a brace is one byte and never part of another
  /// character's bytes, and a byte search costs a fraction of a walk by `Character`.
  static func fill(_ template: String, with evidence: Evidence) -> String {
    let bytes = template.utf8
    var result = ""
    var copied = bytes.startIndex
    var cursor = bytes.startIndex
    while let open = bytes[cursor...].firstIndex(of: UInt8(ascii: "{")),
      let close = bytes[open...].firstIndex(of: UInt8(ascii: "}"))
    {
      let name = String(decoding: bytes[bytes.index(after: open)..<close], as: UTF8.self)
      if let value = evidence[name] {
        result += String(decoding: bytes[copied..<open], as: UTF8.self)
        result += text(value)
        copied = bytes.index(after: close)
      }
      cursor = bytes.index(after: close)
    }
    return result + String(decoding: bytes[copied...], as: UTF8.self)
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
