/// The dialects rtcstats reads, detected from the bytes.
public enum DumpFormat: String, Sendable, CaseIterable {
  /// One `getStats()` result: `[stats…]`, `[[id, stats]…]`, `[{key, value}…]` or `{id: stats}`.
  case getStatsSnapshot = "getstats-snapshot"
  /// Many `getStats()` results: JSON lines, a JSON array of snapshots, or app wrappers such
  /// as `{"timestamp":…,"jsonArrayOfReports":"[…]"}`.
  case getStatsLog = "getstats-log"
  /// A chrome://webrtc-internals "Create dump" file.
  case webrtcInternals = "webrtc-internals"
  /// An rtcstats dump file format 3 (`RTCStatsDump` header): rtcstats-js ≥ 2025 or Chrome's
  /// own "Download the rtcstats dump".
  case rtcstats = "rtcstats"
  /// A legacy rtcstats-server dump (fippo/jitsi): `[method, pcId, value, time]` lines.
  case rtcstatsLegacy = "rtcstats-legacy"
  /// The oldest rtcstats export: one JSON object with `peerConnections.PC_0[{time,type,value}]`.
  case rtcstatsV0 = "rtcstats-v0"

  /// A short human description.
  public var summary: String {
    switch self {
    case .getStatsSnapshot: "one getStats() snapshot"
    case .getStatsLog: "getStats() log"
    case .webrtcInternals: "chrome://webrtc-internals dump"
    case .rtcstats: "rtcstats dump (file format 3)"
    case .rtcstatsLegacy: "legacy rtcstats-server dump"
    case .rtcstatsV0: "rtcstats v0 export"
    }
  }
}

/// What a parser learned about a dump besides its stats.
public struct DumpInfo: Sendable {
  /// The detected dialect.
  public var format: DumpFormat
  /// Details of the dialect, e.g. `JSON lines`, `timestamps in µs`.
  public var details: [String] = []
  /// Bytes read from the file (compressed size for gzip).
  public var bytes: Int = 0
  /// Whether the file was gzip-compressed.
  public var isCompressed = false
  /// Stats reports (polls) read, all peer connections together.
  public var reportCount = 0
  /// The browser's user agent, when the dump records it.
  public var userAgent: String?
  /// Problems that did not stop the analysis.
  public var warnings: [String] = []
  /// Whether the dump ended in the middle of a value; the part before was analysed.
  public var isTruncated = false

  public init(format: DumpFormat) {
    self.format = format
  }

  mutating func addDetail(_ detail: String) {
    if !details.contains(detail) { details.append(detail) }
  }
}
