import RTCStatsCore

/// Legacy callback `getStats()` results in the getStats dialect: a snapshot whose objects
/// have the legacy types (`ssrc`, `VideoBwe`, `googCandidatePair`, `googComponent`), as an
/// app serialised Chrome's `RTCStatsResponse` before M117 (string values, ISO 8601
/// timestamps from `JSON.stringify(new Date())`), mapped to W3C rows by
/// ``LegacyGoogStatsMapper`` as in the rtcstats dialects.
///
/// ``GetStatsParser`` reads every snapshot as W3C stats first; when it holds legacy objects
/// (``holdsLegacyObjects(_:)``) the same bytes are read again as legacy stats (the W3C
/// table does not know the `goog…` members) and the mapper, one per peer connection so
/// that its rebuilt quality limitation durations follow each connection, makes the report.
struct LegacySnapshots {
  /// The reader and mappers, made at the first legacy snapshot: a parser is made per file,
  /// and most files have none.
  private var parts: Parts?
  /// Legacy snapshots read.
  private(set) var count = 0

  private struct Parts {
    var reader = SnapshotReader<LegacyGoogStatsReport>(decoder: MemberDecoder())
    var legacy = LegacyGoogStatsReport()
    var mappers: [String: LegacyGoogStatsMapper] = [:]
    var output = StatsReport()
  }

  /// Whether a snapshot read as W3C stats holds objects of the legacy types.
  static func holdsLegacyObjects(_ report: StatsReport) -> Bool {
    for row in 0..<report.count where report.type(at: row) == .other {
      if LegacyGoogStatsMapper.isLegacyType(report.typeName(at: row)) { return true }
    }
    return false
  }

  /// Reads `bytes`, a snapshot of `shape`, as legacy stats.
  ///
  /// - Throws: ``DumpError`` when the bytes do not parse (they did as W3C stats, so only a
  ///   limit can be in the way).
  mutating func read(_ bytes: UnsafeRawBufferPointer, shape: SnapshotShape) throws(DumpError)
    -> LegacyGoogStatsReport
  {
    var parts = takeParts()
    defer { self.parts = parts }
    parts.legacy.removeAll()
    var json = JSONReader(bytes)
    do throws(JSONError) {
      _ = try parts.reader.read(&json, shape: shape, into: &parts.legacy)
    } catch {
      if case .limitExceeded = error.kind { throw DumpError.limitExceeded(error.description) }
      throw DumpError(.data, error.description)
    }
    count += 1
    return parts.legacy
  }

  /// The W3C report of a legacy snapshot of `peerConnection`; snapshots must come in dump
  /// order.
  mutating func map(_ snapshot: LegacyGoogStatsReport, peerConnection: String) -> StatsReport {
    var parts = takeParts()
    defer { self.parts = parts }
    parts.output.removeAll()
    parts.mappers[peerConnection, default: LegacyGoogStatsMapper()].map(snapshot, into: &parts.output)
    return parts.output
  }

  /// The parts, made when there are none yet, and left out of `self` while they change (so
  /// that they are not copied).
  private mutating func takeParts() -> Parts {
    let taken = parts ?? Parts()
    parts = nil
    return taken
  }
}
