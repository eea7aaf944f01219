public import RTCStatsCore

/// Decodes one `getStats()` snapshot into a ``StatsReport``: for an app that already holds
/// the snapshot (a `jsonArrayOfReports` string from the Vonage SDK, a line of its own log)
/// and wants it analysed without writing a file.
///
///     var decoder = SnapshotDecoder()
///     var analyzer = CallAnalyzer()
///     let snapshot = try decoder.decode(jsonArrayOfReports)
///     analyzer.consume(snapshot.report, peerConnection: snapshot.peerConnection ?? "PC_0")
///
/// Every shape of one snapshot is accepted: `[stats…]`, `[[id, stats]…]`,
/// `[{"key":…,"value":…}…]`, `{id: stats}`, a single stats object, an app wrapper holding the
/// report as a value or as a JSON string (`{"connectionId":…,"jsonArrayOfReports":"[…]"}`),
/// and libwebrtc's native JSON (timestamps in µs, nested `values`). The report comes out as
/// ``DumpReader`` hands reports to its consumer: W3C types, timestamps in ms, and the members
/// of Chrome ≤ M100 `track` objects in the RTP rows (the latest `track` objects of each peer
/// connection are kept from call to call for that). No format detection, no stream window:
/// the bytes are parsed in place, and the decoder's buffers (interned strings, the report's
/// storage once the previous snapshot is released) are reused from call to call.
public struct SnapshotDecoder {
  /// One decoded snapshot.
  public struct Snapshot: Sendable {
    /// The stats objects.
    public var report: StatsReport
    /// The peer connection an app wrapper names (`connectionId`, `pcId`, …), if any.
    public var peerConnection: String?
    /// Whether the text was one stats object on its own (`{"id":…,"type":…}`), as logs that
    /// write one object per line hold: a poll is then several of them.
    public var isStatsObject = false
  }

  private var reader = SnapshotReader<StatsReport>(decoder: MemberDecoder())
  private var report = StatsReport()
  private var tracks = LegacyTrackMerge()

  /// A decoder with empty buffers.
  public init() {}

  /// Decodes the snapshot held in `text`.
  ///
  /// - Throws: ``DumpError`` (category `data`, with line and column) when the text is not
  ///   well-formed JSON or not one getStats snapshot.
  public mutating func decode(_ text: String) throws(DumpError) -> Snapshot {
    var text = text
    let outcome = text.withUTF8 { bytes -> Result<Snapshot, DumpError> in
      do throws(DumpError) {
        return .success(try decode(UnsafeRawBufferPointer(bytes)))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Decodes the snapshot in `bytes` (UTF-8 JSON, an optional byte order mark).
  ///
  /// - Throws: ``DumpError`` (category `data`, with line and column) when the bytes are not
  ///   well-formed JSON or not one getStats snapshot.
  public mutating func decode(_ bytes: [UInt8]) throws(DumpError) -> Snapshot {
    let outcome = bytes.withUnsafeBytes { buffer -> Result<Snapshot, DumpError> in
      do throws(DumpError) {
        return .success(try decode(buffer))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Decodes the snapshot in `bytes`, which must stay valid during the call.
  ///
  /// - Throws: ``DumpError`` (category `data`, with line and column) when the bytes are not
  ///   well-formed JSON or not one getStats snapshot.
  public mutating func decode(_ bytes: UnsafeRawBufferPointer) throws(DumpError) -> Snapshot {
    let buffer = bytes.bindMemory(to: UInt8.self)
    var json = JSONReader(bytes)
    if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { json.offset = 3 }
    report.removeAll()
    let peerConnection: String?
    var isStatsObject = false
    do throws(JSONError) {
      let shape = try json.lookahead { (reader) throws(JSONError) -> SnapshotShape in
        try SnapshotShape.classify(&reader)
      }
      switch shape {
      case .log, .wrappedLog:
        throw JSONError(
          .typeMismatch(expected: "one snapshot", found: "a log of several snapshots"), at: json.offset)
      case .unknown:
        throw JSONError(
          .typeMismatch(expected: "a getStats snapshot", found: "something else"), at: json.offset)
      default:
        isStatsObject = shape == .statsObject
        peerConnection = try reader.read(&json, shape: shape, into: &report)
      }
      try json.expectEnd()
    } catch {
      let (line, column) = JSONReader.lineAndColumn(of: error.offset, in: buffer)
      if case .unexpectedEnd = error.kind, error.offset >= buffer.count {
        throw DumpError.truncated(error.description, line: line, column: column)
      }
      throw DumpError(.data, error.description, line: line, column: column)
    }
    let name = peerConnection ?? GetStatsParser.defaultPeerConnection
    if let merged = tracks.merged(report, peerConnection: name) { report = merged }
    return Snapshot(report: report, peerConnection: peerConnection, isStatsObject: isStatsObject)
  }
}
