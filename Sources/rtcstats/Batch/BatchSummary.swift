import RTCStatsCore

/// The tally of a batch for its summary line on standard error (README "Batches"):
/// `rtcstats: 31 files: 27 analysed, 3 skipped, 1 failed; worst grade critical (2 files);
/// top findings: highPacketLoss ×12 in 5 files, …`.
struct BatchSummary: Sendable {
  var analysed = 0
  var skipped = 0
  var failed = 0
  /// Files per worst grade.
  var filesByGrade: [NetworkGrade: Int] = [:]
  /// Per finding code: its severity, how often it was found and in how many files.
  var findings: [String: (severity: Severity, count: Int, files: Int)] = [:]

  /// How many findings the line names.
  static let topFindings = 3

  /// Counts one file.
  mutating func add(_ verdict: FileVerdict) {
    switch verdict.outcome {
    case .analysed: analysed += 1
    case .skipped: skipped += 1
    case .failed: failed += 1
    }
    if let grade = verdict.grade { filesByGrade[grade, default: 0] += 1 }
    var seen: Set<String> = []
    for finding in verdict.findings {
      var entry = findings[finding.code] ?? (finding.severity, 0, 0)
      entry.severity = max(entry.severity, finding.severity)
      entry.count += 1
      if seen.insert(finding.code).inserted { entry.files += 1 }
      findings[finding.code] = entry
    }
  }

  /// The summary line, without the `rtcstats: ` prefix.
  var line: String {
    let total = analysed + skipped + failed
    var parts = [
      Plural.count(total, "file") + ": \(analysed) analysed, \(skipped) skipped, \(failed) failed"
    ]
    if let worst = GradeRanking.worst(Array(filesByGrade.keys)) {
      parts.append("worst grade \(worst.rawValue) (" + Plural.count(filesByGrade[worst] ?? 0, "file") + ")")
    }
    let top = findings.sorted { lhs, rhs in
      if lhs.value.files != rhs.value.files { return lhs.value.files > rhs.value.files }
      if lhs.value.count != rhs.value.count { return lhs.value.count > rhs.value.count }
      if lhs.value.severity != rhs.value.severity { return lhs.value.severity > rhs.value.severity }
      return lhs.key < rhs.key
    }.prefix(Self.topFindings)
    if !top.isEmpty {
      let named = top.map { "\($0.key) ×\($0.value.count) in " + Plural.count($0.value.files, "file") }
      parts.append("top findings: " + named.joined(separator: ", "))
    } else if analysed > 0 {
      parts.append("no findings")
    }
    return parts.joined(separator: "; ")
  }
}
