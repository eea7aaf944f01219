/// How much a diagnostic or finding matters to a person reading the result.
///
/// Parser and engine diagnostics are `info` (something worth knowing about the data, such as
/// µs timestamps) or `warning` (something that limits the analysis, such as a truncated dump).
/// Findings of the diagnosis use all three; `critical` means the call was visibly broken.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Worth knowing; no action needed.
  case info
  /// Limits the analysis or degrades the call.
  case warning
  /// The call, or the analysis, is broken here.
  case critical

  /// Ordered by weight: `info < warning < critical`.
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .critical: 2
    }
  }
}
