/// What the renderers need to know about the input a result came from, independent of the
/// parser that read it.
///
/// `RTCStatsFormats` fills it from what it learned while reading (`DumpInfo.summary`); an
/// app that feeds reports itself can fill it by hand.
public struct SourceSummary: Sendable, Hashable {
  /// The dialect's identifier as written in JSON (`getstats-log`, `webrtc-internals`, …).
  public var format: String
  /// A short description of the dialect for people (`getStats() log`).
  public var formatDescription: String
  /// Details of the dialect, for example `JSON lines`, `timestamps in µs`.
  public var details: [String]
  /// Bytes read (the compressed size for gzip).
  public var bytes: Int
  /// Whether the input was gzip-compressed.
  public var isCompressed: Bool
  /// Stats reports (polls) read, all peer connections together.
  public var reportCount: Int
  /// The browser's user agent, when the dump records it (untrusted).
  public var userAgent: String?
  /// Whether the input ended in the middle of a value; the part before it was analysed.
  public var isTruncated: Bool
  /// What the reader noticed about the input (truncation, ignored members, time units…).
  public var diagnostics: [Diagnostic]

  /// Creates a summary.
  public init(
    format: String, formatDescription: String, details: [String] = [], bytes: Int = 0,
    isCompressed: Bool = false, reportCount: Int = 0, userAgent: String? = nil,
    isTruncated: Bool = false, diagnostics: [Diagnostic] = []
  ) {
    self.format = format
    self.formatDescription = formatDescription
    self.details = details
    self.bytes = bytes
    self.isCompressed = isCompressed
    self.reportCount = reportCount
    self.userAgent = userAgent
    self.isTruncated = isTruncated
    self.diagnostics = diagnostics
  }
}
