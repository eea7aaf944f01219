import RTCStatsCore

/// What one analysed file adds to a batch's verdict: its worst network grade, its findings
/// and whether it reaches the `--fail-on` grade.
struct FileVerdict: Sendable {
  /// How a file of a batch ended.
  enum Outcome: Sendable {
    case analysed
    /// Not a dump (an image, a text log, other JSON).
    case skipped
    case failed
  }

  var outcome: Outcome
  /// The worst known grade of its peer connections' network condition.
  var grade: NetworkGrade?
  /// Its findings' codes with their severities, in file order.
  var findings: [(code: String, severity: Severity)] = []

  init(_ file: FileAnalysis) {
    switch file.outcome {
    case .success: outcome = .analysed
    case .failure(let error): outcome = error.isNotADump ? .skipped : .failed
    }
    guard case .success(let success) = file.outcome else { return }
    grade = GradeRanking.worst(success.analysis.peerConnections.compactMap(\.networkCondition?.overall.grade))
    findings = success.analysis.findings.map { ($0.code.rawValue, $0.severity) }
  }

  /// Whether the file reaches `level`: a connection graded at least `level`, or a finding of
  /// at least that severity.
  func reaches(_ level: FailLevel) -> Bool {
    let (badness, severity): (Int, Severity) =
      switch level {
      case .warning: (NetworkGrade.warning.badness, .warning)
      case .critical: (NetworkGrade.critical.badness, .critical)
      }
    return (grade?.badness ?? -1) >= badness || findings.contains { $0.severity >= severity }
  }
}
