import RTCStatsCore

/// One dump on the page: what the reader saw (facts and warnings), its findings and one
/// section per peer connection.
struct DumpSection {
  /// The dump.
  let input: ReportInput
  /// Keeps its anchors apart from other dumps' on the same page.
  let scope: String

  /// Format, size, reports and user agent, as the table view's header line gives them.
  var facts: [ReportFact] {
    guard case .analysed(let source, _) = input.outcome else { return [] }
    var facts = [
      ReportFact(
        "format",
        source.formatDescription
          + (source.details.isEmpty ? "" : " (" + source.details.joined(separator: ", ") + ")")),
      ReportFact("reports", String(source.reportCount)),
      ReportFact("size", TableFigures.bytes(source.bytes) + (source.isCompressed ? " gzip" : "")),
    ]
    if let agent = source.userAgent { facts.append(ReportFact("user agent", agent)) }
    return facts
  }

  /// The reader's and the engine's warnings, and why a failed input could not be read.
  var notes: [String] {
    switch input.outcome {
    case .failed(let reason): return ["could not be read: " + reason]
    case .analysed(let source, let analysis):
      var notes = (source.diagnostics + analysis.diagnostics).filter { $0.severity >= .warning }.map(
        FindingMapping.message)
      if analysis.peerConnections.isEmpty { notes.append("no peer connections") }
      return notes
    }
  }

  /// The dump's findings.
  var findings: FindingMapping { FindingMapping(input.analysis?.findings ?? [], scope: scope) }

  /// The peer connections' sections (notes first, as a section of their own, when any).
  var body: [ReportSection] {
    let findings = self.findings
    var sections: [ReportSection] = []
    if !notes.isEmpty {
      sections.append(
        ReportSection(id: AnchorID(scope, "notes"), kind: .other, title: "Warnings", notes: notes))
    }
    let renderer = ConnectionSection(scope: scope, findings: findings)
    sections += (input.analysis?.peerConnections ?? []).map(renderer.section)
    return sections
  }

  /// The dump as one section of a page of several.
  func section() -> ReportSection {
    let findings = self.findings
    let renderer = ConnectionSection(scope: scope, findings: findings)
    return ReportSection(
      id: AnchorID(scope, "dump"), kind: .dump, title: input.name, facts: facts, notes: notes,
      findings: findings.items, children: (input.analysis?.peerConnections ?? []).map(renderer.section))
  }
}
