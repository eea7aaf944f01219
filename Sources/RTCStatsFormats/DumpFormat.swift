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
