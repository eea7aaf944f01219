import RTCStatsCore

/// The getstats handling shared by the legacy rtcstats dumps (fippo/jitsi rtcstats-server
/// lines and the v0 single JSON): per peer connection it tells W3C stats from legacy goog
/// stats by their content, completes delta-compressed reports (``RTCStatsDeltaState``),
/// maps legacy reports to W3C rows (``LegacyGoogStatsMapper``) and hands every report to the
/// consumer.
///
/// Reading is split in two so that a streaming parser can re-run the first half:
/// ``read(_:connection:)`` only decodes into scratch buffers (it may run again on the same
/// bytes when the window grows) and ``apply(_:fallbackTime:into:info:)`` merges and emits.
struct RTCStatsLegacyPipeline {
  private enum Mode { case undetermined, standard, legacy }

  private struct Connection {
    var mode = Mode.undetermined
    var standard = RTCStatsDeltaState(empty: StatsReport())
    var legacy = RTCStatsDeltaState(empty: LegacyGoogStatsReport())
    var mapper = LegacyGoogStatsMapper()
  }

  /// A decoded getstats value waiting for ``apply(_:fallbackTime:into:info:)``.
  struct Pending {
    fileprivate var connection: Int
    fileprivate var isLegacy: Bool
    fileprivate var summary: RTCStatsReportSummary
  }

  private var connections: [Connection] = []
  private var names: [String] = []
  private var connectionIndex: [String: Int] = [:]
  private var standardDecoder: RTCStatsRowDecoder<StatsReport>
  private var legacyDecoder: RTCStatsRowDecoder<LegacyGoogStatsReport>
  private var standardScratch = StatsReport()
  private var legacyScratch = LegacyGoogStatsReport()
  private var output = StatsReport()
  private var removed: [String] = []

  /// A pipeline whose W3C decoder counts ignored members into `ignored`.
  init(ignored: IgnoredMembers) {
    standardDecoder = RTCStatsRowDecoder(
      members: MemberDecoder(ignored: ignored), table: MemberTables.rtcstatsDump)
    legacyDecoder = RTCStatsRowDecoder(members: MemberDecoder(), table: MemberTables.legacyGoog)
  }

  /// Peer connections with stats, in order of appearance.
  var connectionNames: [String] { names }
  /// Peer connections whose stats are legacy goog stats.
  var legacyConnectionCount: Int { connections.lazy.filter { $0.mode == .legacy }.count }
  /// Whether a client left unchanged objects out of its deltas (fippo rtcstats) instead of
  /// listing them (jitsi).
  var omitsUnchangedObjects: Bool {
    connections.contains { $0.standard.keepsAbsentObjects || $0.legacy.keepsAbsentObjects }
  }

  /// Decodes the getstats value under the cursor (`{id: object, …, "timestamp": ms}`) of the
  /// peer connection `name`.
  ///
  /// Safe to run again on the same bytes.
  mutating func read(_ reader: inout JSONReader, connection name: String) throws(JSONError)
    -> Pending
  {
    let index: Int
    if let existing = connectionIndex[name] {
      index = existing
    } else {
      index = connections.count
      connectionIndex[name] = index
      connections.append(Connection())
      names.append(name)
    }
    if connections[index].mode == .undetermined,
      let isLegacy = try LegacyGoogStats.sniffLegacy(&reader)
    {
      connections[index].mode = isLegacy ? .legacy : .standard
    }
    removed.removeAll(keepingCapacity: true)
    // A client that leaves unchanged objects out keeps every id it ever sent alive.
    guard
      max(connections[index].standard.liveCount, connections[index].legacy.liveCount)
        <= ReaderLimits.objectsPerReport
    else {
      throw JSONError(.limitExceeded(ReaderLimits.tooManyObjects), at: reader.offset)
    }
    if connections[index].mode == .legacy {
      legacyScratch.removeAll()
      let summary = try legacyDecoder.decodeReport(
        &reader, into: &legacyScratch, removed: &removed, timestampKey: "timestamp")
      return Pending(connection: index, isLegacy: true, summary: summary)
    }
    standardScratch.removeAll()
    let summary = try standardDecoder.decodeReport(
      &reader, into: &standardScratch, removed: &removed, timestampKey: "timestamp")
    return Pending(connection: index, isLegacy: false, summary: summary)
  }

  /// Completes, maps and emits the report ``read(_:connection:)`` decoded.
  ///
  /// - `fallbackTime`: The event's time (ms), used as the report time when neither
  ///   the report nor its objects have one.
  mutating func apply(
    _ pending: Pending, fallbackTime: Double?, into consumer: inout some StatsReportConsumer,
    info: inout DumpInfo
  ) {
    let index = pending.connection
    let summary = pending.summary
    if pending.isLegacy {
      if summary.isDelta {
        connections[index].legacy.merge(
          into: &legacyScratch, removed: removed, commonTimestamp: summary.commonTimestamp)
      }
      output.removeAll()
      connections[index].mapper.map(legacyScratch, into: &output)
      connections[index].legacy.commit(&legacyScratch)
      emit(
        &output, summary: summary, fallbackTime: fallbackTime, connection: index, into: &consumer,
        info: &info)
    } else {
      if summary.isDelta {
        connections[index].standard.merge(
          into: &standardScratch, removed: removed, commonTimestamp: summary.commonTimestamp)
      }
      standardScratch.inferMissingTypes()
      emit(
        &standardScratch, summary: summary, fallbackTime: fallbackTime, connection: index,
        into: &consumer, info: &info)
      connections[index].standard.commit(&standardScratch)
    }
  }

  private func emit(
    _ report: inout StatsReport, summary: RTCStatsReportSummary, fallbackTime: Double?,
    connection: Int, into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    if let common = summary.commonTimestamp {
      report.timestamp = common
    } else if !(0..<report.count).contains(where: { report.timestamp(at: $0) != nil }) {
      report.timestamp = fallbackTime
    }
    guard report.count > 0 else { return }
    consumer.consume(report, peerConnection: names[connection])
    info.reportCount += 1
  }

  /// Forgets the state of a closed peer connection.
  mutating func close(connection name: String) {
    guard let index = connectionIndex[name] else { return }
    connections[index].standard.reset()
    connections[index].legacy.reset()
  }

  /// Adds what the pipeline learned to the dump info.
  func finish(info: inout DumpInfo, statsFormat: String?) {
    let legacy = legacyConnectionCount
    if legacy > 0 {
      info.addDetail(
        "legacy goog stats (callback getStats) in \(legacy) of \(connections.count) peer connections"
      )
      if let statsFormat, statsFormat != "chrome_legacy" {
        info.note(.statsFormatMismatch, ["statsFormat": .text(statsFormat)])
      }
    }
    if omitsUnchangedObjects {
      info.addDetail("deltas leave unchanged objects out (fippo rtcstats client)")
    }
  }
}
