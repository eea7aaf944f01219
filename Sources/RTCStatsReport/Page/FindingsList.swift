/// Writes findings as an ordered list, worst first: a severity badge, the message (linking
/// to where the evidence is shown), when (call time) and where, and the evidence.
struct FindingsList {
  /// The time that is call time 00:00 for this list, ms since the epoch.
  let timeOrigin: Double?

  /// Writes `findings`, sorted worst first.
  func write(_ findings: [FindingItem], into writer: inout HTMLWriter) {
    writer.element(.ol, [.class("findings")]) { writer in
      for finding in FindingItem.worstFirst(findings) {
        let severityClass = SeriesPalette.severityClass(finding.severity)
        writer.element(.li, [.class("finding", severityClass), .id(finding.id)]) { writer in
          writer.element(.span, [.class("badge", severityClass)], text: finding.severity.rawValue)
          writer.text(" ")
          if let target = finding.evidenceTarget {
            writer.element(.a, [.class("message"), .href(target)], text: finding.message)
          } else {
            writer.element(.span, [.class("message")], text: finding.message)
          }
          if let when = when(finding) {
            writer.text(" ")
            writer.element(.span, [.class("when")], text: when)
          }
          if let location = finding.location {
            writer.text(" ")
            writer.element(.span, [.class("where")], text: location)
          }
          writeEvidence(finding.evidence, into: &writer)
        }
        writer.newline()
      }
    }
  }

  /// `01:05–01:40` in call time; `nil` without a start or an origin.
  private func when(_ finding: FindingItem) -> String? {
    guard let start = finding.start, start.isFinite, let timeOrigin else { return nil }
    let end = finding.end.flatMap { $0.isFinite ? $0 - timeOrigin : nil }
    return CallTime.format(from: start - timeOrigin, to: end)
  }

  private func writeEvidence(_ evidence: [ReportFact], into writer: inout HTMLWriter) {
    guard !evidence.isEmpty else { return }
    writer.element(.dl, [.class("evidence")]) { writer in
      for fact in evidence {
        writer.element(.div) { writer in
          writer.element(.dt, text: fact.label)
          writer.element(.dd, text: fact.value)
        }
      }
    }
  }
}
