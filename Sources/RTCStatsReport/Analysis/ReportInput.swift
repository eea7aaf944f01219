public import RTCStatsCore

/// One input of a report: a dump that was read and analysed, or one that could not be.
public struct ReportInput: Sendable {
  /// What became of the input.
  public enum Outcome: Sendable {
    /// What the reader saw and what the analysis found (keep every timeline row: the charts
    /// draw them).
    case analysed(SourceSummary, CallAnalysis)
    /// Why it could not be read, in words (`line 3: unexpected end of input`).
    case failed(String)
  }

  /// The file name as given, shown as the section's title.
  public var name: String
  /// What became of it.
  public var outcome: Outcome

  /// Creates an input.
  public init(name: String, outcome: Outcome) {
    self.name = name
    self.outcome = outcome
  }

  /// The analysis, when the input was read.
  var analysis: CallAnalysis? {
    if case .analysed(_, let analysis) = outcome { return analysis }
    return nil
  }

  /// How bad the input is, for ordering worst first.
  ///
  /// The worst finding's severity, then the number of critical and warning findings, then the
  /// worst network grade. A failed input sorts first: it is the first thing to look at.
  var badness: [Int] {
    guard let analysis else { return [Int.max] }
    func rank(_ severity: Severity) -> Int { Severity.allCases.firstIndex(of: severity) ?? 0 }
    let worst = analysis.findings.map { rank($0.severity) }.max() ?? -1
    let grade = analysis.peerConnections.compactMap { $0.networkCondition?.overall.grade.badness }.max() ?? -1
    return [
      worst, analysis.findings.count { $0.severity == .critical },
      analysis.findings.count { $0.severity == .warning }, grade,
    ]
  }
}
