public import RTCStatsCore

/// A parser for one dialect. It reads the stream from the window's current position to
/// the end and hands every stats report to the consumer.
protocol DialectParser {
  mutating func parse(
    window: inout StreamWindow, source: inout some ByteSource,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo) throws(DumpError)
}

/// Reads a dump in any supported dialect and feeds its reports to a consumer.
///
///     var analyzer = CallAnalyzer()
///     let info = try DumpReader.read(path: "dump.json", into: &analyzer)
///     print(info.format, analyzer.analysis().peerConnections.count)
///
/// The dialect is detected from the bytes (gzip is decompressed transparently). Line- and
/// unit-oriented dialects are streamed with bounded memory; whole-document dialects
/// (webrtc-internals, rtcstats v0) hold one copy of the decompressed file.
public enum DumpReader {
  /// Reads the file at `path` (`"-"` for standard input).
  ///
  /// - Parameter parallel: Whether a large JSON-lines log may be parsed on several threads
  ///   (see ``read(source:sizeHint:parallel:into:)``).
  public static func read(
    path: String, parallel: Bool = true, into consumer: inout some StatsReportConsumer
  ) throws(DumpError) -> DumpInfo {
    let file = try FileByteSource(path: path)
    defer { file.close() }
    return try read(source: file, sizeHint: file.size, parallel: parallel, into: &consumer)
  }

  /// Reads a dump from any byte source.
  ///
  /// - Parameters:
  ///   - sizeHint: The size of the stream when known (a regular file's size).
  ///   - parallel: Whether a large JSON-lines log may be parsed on several threads; the
  ///     reports reach the consumer in the same order either way.
  public static func read(
    source: some ByteSource, sizeHint: Int? = nil, parallel: Bool = true,
    into consumer: inout some StatsReportConsumer
  ) throws(DumpError) -> DumpInfo {
    var counting = CountingByteSource(source)
    let counter = counting.counter
    var magic: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 2, alignment: 1)
    defer { buffer.deallocate() }
    while magic.count < 2 {
      let count = try counting.read(
        into: UnsafeMutableRawBufferPointer(rebasing: buffer[magic.count...]))
      if count == 0 { break }
      magic.append(contentsOf: buffer[magic.count..<(magic.count + count)])
    }
    var info: DumpInfo
    if magic == [0x1F, 0x8B] {
      var gzip = try GzipByteSource(PrefixedByteSource(prefix: magic, base: counting))
      defer { gzip.close() }
      info = try readDecompressed(source: &gzip, sizeHint: nil, parallel: parallel, into: &consumer)
      info.isCompressed = true
    } else {
      var plain = PrefixedByteSource(prefix: magic, base: counting)
      info = try readDecompressed(source: &plain, sizeHint: sizeHint, parallel: parallel, into: &consumer)
    }
    info.bytes = counter.value
    return info
  }

  private static func readDecompressed(
    source: inout some ByteSource, sizeHint: Int?, parallel: Bool,
    into consumer: inout some StatsReportConsumer
  ) throws(DumpError) -> DumpInfo {
    // A small file needs no 4 MB window: size it to the file when the size is known.
    var window = StreamWindow(
      initialSize: sizeHint.map { min($0 + 4096, StreamWindow.initialSize) } ?? StreamWindow.initialSize)
    _ = try window.fill(from: &source)

    while window.unread.count < FormatDetector.prefixLength, try window.fill(from: &source) {}
    let unread = window.unread
    let prefix = UnsafeRawBufferPointer(rebasing: unread.prefix(FormatDetector.prefixLength))
    let detection = FormatDetector.detect(
      prefix, isComplete: window.isAtEndOfStream && prefix.count == unread.count)
    switch detection {
    case .rejected(let message):
      throw DumpError(.data, message)
    case .getStats:
      var info = DumpInfo(format: .getStatsLog)
      var parser = GetStatsParser()
      parser.sizeHint = sizeHint
      parser.allowsParallelLines = parallel
      try parser.parse(window: &window, source: &source, into: &consumer, info: &info)
      if info.reportCount == 0 {
        throw DumpError(.data, "no stats reports found (valid JSON, but no getStats objects in it)")
      }
      return info
    case .chromeDump:
      // One JSON object: read it whole, then its top-level members tell the dialect.
      try window.fillToEnd(from: &source, sizeHint: sizeHint)
      // The internals index pass reads the top-level members anyway; it notes a lower-case
      // `peerConnections` member, the mark of an rtcstats v0 export.
      var parser = WebRTCInternalsParser()
      try parser.index(document: window.unread)
      if parser.isRTCStatsV0 {
        var info = DumpInfo(format: .rtcstatsV0)
        var v0 = RTCStatsV0Parser()
        try v0.parse(window: &window, source: &source, into: &consumer, info: &info)
        return info
      }
      var info = DumpInfo(format: .webrtcInternals)
      try parser.parse(window: &window, source: &source, into: &consumer, info: &info)
      if info.reportCount == 0 {
        throw DumpError(
          .data, "no stats in this webrtc-internals dump (its peer connections have no stats series)")
      }
      return info
    case .rtcstats:
      var info = DumpInfo(format: .rtcstats)
      var parser = RTCStatsDumpParser()
      try parser.parse(window: &window, source: &source, into: &consumer, info: &info)
      return info
    case .rtcstatsLegacy:
      var info = DumpInfo(format: .rtcstatsLegacy)
      var parser = RTCStatsLegacyParser()
      try parser.parse(window: &window, source: &source, into: &consumer, info: &info)
      return info
    }
  }
}
