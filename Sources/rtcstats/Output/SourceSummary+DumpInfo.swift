import RTCStatsCore
import RTCStatsFormats

extension DiagnosticCode {
  /// A reader warning carried as text (until every reader reports diagnostics as data).
  static let readerWarning = DiagnosticCode("readerWarning", template: "{message}")
  /// A reader warning about a dump cut short.
  static let readerTruncated = DiagnosticCode("truncated", template: "{message}")
}

extension SourceSummary {
  /// What the renderers need to know about a dump the reader described with `info`.
  init(_ info: DumpInfo) {
    self.init(
      format: info.format.rawValue, formatDescription: info.format.summary, details: info.details,
      bytes: info.bytes, isCompressed: info.isCompressed, reportCount: info.reportCount,
      userAgent: info.userAgent, isTruncated: info.isTruncated,
      diagnostics: info.warnings.map { warning in
        Diagnostic(
          warning.hasPrefix("the dump is truncated") ? .readerTruncated : .readerWarning,
          evidence: ["message": .text(warning)])
      })
  }
}
