import RTCStatsCore

extension GetStatsParser {
  /// What a member of a wrapper around a log is to the reader.
  private enum WrapperMember { case log, peerConnection, other }

  /// An app's wrapper around a log, `{"connectionId":"pc1","snapshots":[snapshot, …], …}`,
  /// the window at its `{`: streamed member by member, the log's snapshots one unit each
  /// (as a top-level log), so that a large one needs no window of its size.
  ///
  /// The log is the
  /// first member, whatever its name, that holds one (``ReportProbe``); a peer connection
  /// named before it names the snapshots' connection.
  mutating func parseWrappedLog(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo, level: Int
  ) throws(DumpError) {
    try window.expectByte(UInt8(ascii: "{"), from: &source, expected: "'{'")
    defer { wrapperPeerConnection = nil }
    var isFirst = true
    var sawLog = false
    while true {
      guard let next = try window.peekByte(from: &source) else {
        throw window.positioned(JSONError(.unexpectedEnd(expected: "',' or '}'"), at: window.unread.count))
      }
      if next == UInt8(ascii: "}") {
        window.consume(1)
        return
      }
      if !isFirst { try window.expectByte(UInt8(ascii: ","), from: &source, expected: "',' or '}'") }
      isFirst = false
      let role = try memberRole(window: &window, source: &source, lookingForLog: !sawLog)
      switch role {
      case .log:
        sawLog = true
        try parseLogElements(window: &window, source: &source, into: &consumer, info: &info, level: level)
      case .peerConnection:
        wrapperPeerConnection =
          try window.parseValue(from: &source) { (reader) throws(JSONError) -> String? in
            try snapshots.decoder.text(&reader, name: nil, policy: .w3c)
          } ?? nil
      case .other:
        _ = try window.parseValue(from: &source) { (reader) throws(JSONError) -> Void in
          try reader.skipValue()
        }
      }
    }
  }

  /// Reads a member name and its `:`, and tells what the value after it is.
  private mutating func memberRole(
    window: inout StreamWindow, source: inout some ByteSource, lookingForLog: Bool
  ) throws(DumpError) -> WrapperMember {
    let isPeerConnection =
      try window.parseValue(from: &source) { (reader) throws(JSONError) -> Bool in
        SnapshotShape.isPeerConnectionMember(try reader.readStringToken())
      } ?? false
    try window.expectByte(UInt8(ascii: ":"), from: &source, expected: "':'")
    if isPeerConnection { return .peerConnection }
    guard lookingForLog, try window.peekByte(from: &source) == UInt8(ascii: "[") else { return .other }
    let probed =
      try window.peekValue(from: &source) { (reader) throws(JSONError) -> ReportProbe.Found in
        try ReportProbe.probe(&reader)
      } ?? .nothing
    return probed == .log ? .log : .other
  }
}
