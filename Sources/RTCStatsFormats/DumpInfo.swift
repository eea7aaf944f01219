public import RTCStatsCore

/// What a parser learned about a dump besides its stats.
public struct DumpInfo: Sendable, Equatable {
  /// The detected dialect.
  public var format: DumpFormat
  /// Details of the dialect, for example `JSON lines`, `timestamps in µs`.
  public var details: [String] = []
  /// Bytes read from the file (compressed size for gzip).
  public var bytes: Int = 0
  /// Whether the file was gzip-compressed.
  public var isCompressed = false
  /// Stats reports (polls) read, all peer connections together.
  public var reportCount = 0
  /// Events (state changes, API calls, getUserMedia requests) handed to the consumer.
  public var eventCount = 0
  /// The browser's user agent, when the dump records it.
  public var userAgent: String?
  /// What the reader noticed about the input, in the order noticed: damage, assumptions,
  /// missing stats (codes in `DiagnosticCode+Formats.swift`).
  public var diagnostics: [Diagnostic] = []
  /// Whether the dump ended in the middle of a value; the part before was analysed.
  public var isTruncated = false

  /// Creates the info of a dump of `format`, with nothing learned yet.
  public init(format: DumpFormat) {
    self.format = format
  }

  /// The diagnostics of severity `warning` and above, in words: each code's template filled
  /// with its evidence (integers as digits).
  ///
  /// Transitional, for frontends that still print text; setting it keeps the diagnostics
  /// whose words are unchanged and adds every further string as a ``DiagnosticCode/plainWarning``.
  public var warnings: [String] {
    get { diagnostics.filter { $0.severity >= .warning }.map(Self.words) }
    set {
      let current = warnings
      if !newValue.starts(with: current) {
        diagnostics.removeAll { $0.severity >= .warning }
      }
      for text in newValue.dropFirst(newValue.starts(with: current) ? current.count : 0) {
        diagnostics.append(Diagnostic(.plainWarning, evidence: ["message": .text(text)]))
      }
    }
  }

  /// The diagnostic in words: its template filled, integers as digits, texts as they are.
  public static func words(_ diagnostic: Diagnostic) -> String {
    diagnostic.filled { _, value in
      switch value {
      case .integer(let number): String(number)
      case .number(let number):
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
      case .text(let text): text
      case .bool(let flag): flag ? "true" : "false"
      }
    }
  }

  /// What the renderers need to know about the input, as a Core value.
  public var summary: SourceSummary {
    SourceSummary(
      format: format.rawValue, formatDescription: format.summary, details: details, bytes: bytes,
      isCompressed: isCompressed, reportCount: reportCount, userAgent: userAgent,
      isTruncated: isTruncated, diagnostics: diagnostics)
  }

  mutating func addDetail(_ detail: String) {
    if !details.contains(detail) { details.append(detail) }
  }

  /// Adds a diagnostic of `code` with `evidence`.
  mutating func note(_ code: DiagnosticCode, peerConnection: String? = nil, _ evidence: Evidence = Evidence())
  {
    diagnostics.append(Diagnostic(code, peerConnection: peerConnection, evidence: evidence))
  }

  /// Whether a diagnostic of `code` was noted.
  func has(_ code: DiagnosticCode) -> Bool {
    diagnostics.contains { $0.code == code }
  }
}
