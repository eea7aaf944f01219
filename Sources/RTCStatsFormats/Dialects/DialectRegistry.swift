/// Every dialect rtcstats reads, in the order their sniffers are asked: a new dialect is a
/// folder under `Dialects/` plus one line here.
///
/// Specific shapes come first (a header line, telling top-level members), the catch-all
/// getStats reader last. Inputs that are JSON but not WebRTC stats are recognised by
/// ``rejections`` (``NotADump``) before any dialect is asked.
enum DialectRegistry {
  /// The dialects, most specific first.
  static var dialects: [any DialectParser.Type] {
    [
      RTCStatsDumpParser.self,  // RTCStatsDump header line (file format 3)
      RTCStatsV0Parser.self,  // {"peerConnections": {...}} single JSON export
      WebRTCInternalsParser.self,  // {"PeerConnections": ..., "getUserMedia": ...}
      RTCStatsLegacyParser.self,  // [method, pcId, value, time] lines, fileFormat 1/2 header
      GetStatsParser.self,  // getStats snapshots and logs in any shape
    ]
  }

  /// Known inputs that are not getStats data: a message saying what they are, or `nil`.
  static var rejections: [@Sendable (DumpPrefix) -> String?] { NotADump.checks }

  /// The dialect that reads a dump starting with `prefix`.
  ///
  /// - Throws: A ``DumpError`` saying what the input is when no dialect reads it (reason
  ///   ``DumpError/Reason/notADump``).
  static func dialect(for prefix: DumpPrefix) throws(DumpError) -> any DialectParser.Type {
    for rejection in rejections {
      if let message = rejection(prefix) { throw DumpError.notADump(message) }
    }
    for dialect in dialects where dialect.sniff(prefix) { return dialect }
    throw DumpError.notADump(prefix.notJSONDescription)
  }
}
