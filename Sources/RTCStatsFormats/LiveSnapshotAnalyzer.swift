public import RTCStatsCore

/// Live high-level stats from snapshots as text or bytes: a ``SnapshotDecoder`` in front of a
/// `LiveAnalyzer` (RTCStatsCore), for an app that holds each getStats result as JSON — the
/// Vonage `jsonArrayOfReports` string, a line of its own log, libwebrtc's native JSON with µs
/// timestamps.
///
///     var live = LiveSnapshotAnalyzer()
///     let stats = try live.add(jsonArrayOfReports)
///     print(stats.publisherVideo.first?.videoLayers.count ?? 0, stats.send.grade)
///
/// Logs that write one stats object per line are fed with ``addLine(_:)``: objects are
/// gathered until an id repeats (the next poll), or until ``flush()`` (an app or `rtcstats
/// follow` calls it when no line came for a while).
public struct LiveSnapshotAnalyzer {
  /// The analyzer, with everything fed so far.
  public private(set) var analyzer: LiveAnalyzer
  /// The peer connection of snapshots whose text names none.
  public var defaultPeerConnection = "PC_0"
  private var decoder = SnapshotDecoder()
  private var loose = StatsReport()
  private var looseIDs: Set<String> = []

  /// An analyzer with `options`.
  public init(options: LiveOptions = LiveOptions()) {
    analyzer = LiveAnalyzer(options: options)
  }

  /// Analyses one snapshot given as text.
  ///
  /// - Parameters:
  ///   - text: The snapshot's JSON.
  ///   - peerConnection: The connection, else the one the text names, else
  ///     ``defaultPeerConnection``.
  /// - Returns: The stats of the interval the snapshot closes.
  /// - Throws: ``DumpError`` when the text is not well-formed JSON or not one snapshot.
  public mutating func add(_ text: String, peerConnection: String? = nil) throws(DumpError) -> LiveStats {
    let snapshot = try decoder.decode(text)
    return analyzer.add(snapshot.report, peerConnection: name(snapshot, peerConnection))
  }

  /// Analyses one snapshot given as UTF-8 bytes.
  ///
  /// - Throws: ``DumpError`` when the bytes are not well-formed JSON or not one snapshot.
  public mutating func add(_ bytes: [UInt8], peerConnection: String? = nil) throws(DumpError) -> LiveStats {
    let snapshot = try decoder.decode(bytes)
    return analyzer.add(snapshot.report, peerConnection: name(snapshot, peerConnection))
  }

  /// Reads one line of a log: a whole snapshot gives its stats; a stats object on its own is
  /// gathered, and gives the stats of the poll gathered before it when its id was seen
  /// already.
  ///
  /// - Returns: The intervals completed by this line (none, one, or two when a snapshot
  ///   follows gathered objects).
  /// - Throws: ``DumpError`` when the line is not well-formed JSON or not a snapshot.
  public mutating func addLine(_ bytes: UnsafeRawBufferPointer) throws(DumpError) -> [LiveStats] {
    let snapshot = try decoder.decode(bytes)
    var result: [LiveStats] = []
    guard snapshot.isStatsObject, snapshot.report.count == 1 else {
      if let gathered = flush() { result.append(gathered) }
      result.append(analyzer.add(snapshot.report, peerConnection: name(snapshot, nil)))
      return result
    }
    let id = snapshot.report.id(at: 0)
    if looseIDs.contains(id), let gathered = flush() { result.append(gathered) }
    guard loose.count < ReaderLimits.objectsPerReport else {
      throw DumpError.limitExceeded(
        ReaderLimits.tooManyObjects + " (stats objects logged one per line, no id repeated)")
    }
    looseIDs.insert(id)
    _ = loose.appendCopy(of: 0, from: snapshot.report)
    return result
  }

  /// Whether stats objects logged one per line are gathered and not yet analysed.
  public var hasGatheredObjects: Bool { loose.count > 0 }

  /// Analyses the stats objects gathered so far as one poll.
  ///
  /// - Returns: Its stats, or `nil` when nothing was gathered.
  public mutating func flush() -> LiveStats? {
    guard loose.count > 0 else { return nil }
    let stats = analyzer.add(loose, peerConnection: defaultPeerConnection)
    loose.removeAll()
    looseIDs.removeAll(keepingCapacity: true)
    return stats
  }

  private func name(_ snapshot: SnapshotDecoder.Snapshot, _ given: String?) -> String {
    given ?? snapshot.peerConnection ?? defaultPeerConnection
  }
}
