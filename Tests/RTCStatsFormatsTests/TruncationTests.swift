import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Real dumps of every dialect cut at their structural points (before and after each
/// bracket, brace, comma, colon and quote, and inside numbers and strings): every cut gives
/// either the analysis of the part before it, marked truncated, or an error that says the
/// dump is truncated.
///
/// Never a crash, never a silent partial result.
@Suite struct TruncationTests {
  struct Dump: CustomTestStringConvertible, Sendable {
    let path: String
    /// Keep only the first lines (long line logs), or everything.
    var lines: Int?
    /// At most this many cut points, spread evenly over the file.
    var cuts = 1200
    /// Whether the dialect is line-oriented: a cut just after a complete line is a complete dump.
    var isLineOriented = false
    /// Whether the (kept part of the) dump holds getStats reports; getUserMedia-only dumps do not.
    var holdsStats = true

    var testDescription: String { (path as NSString).lastPathComponent }
  }

  static let dumps: [Dump] = [
    Dump(path: "captures/basic/sender.jsonl", lines: 3, isLineOriented: true),
    Dump(path: "derived/opentok-jsonArrayOfReports-basic-sender.jsonl", lines: 2, isLineOriented: true),
    Dump(path: "corpus/rtcstats-v3-chrome140-gumonly.jsonl", isLineOriented: true, holdsStats: false),
    Dump(path: "captures/basic/rtcstats-dump.gz", lines: 56, isLineOriented: true),
    Dump(path: "corpus/jitsi-chrome117-vp9svc-relay-freezes.jsonl", isLineOriented: true),
    Dump(path: "captures/basic/sender-last-snapshot.json"),
    Dump(path: "corpus/skyway-getstats-entries-firefox-67.0.4.json"),
    Dump(path: "corpus/purecloud-getstats-keyvalue-mock-spec-stats-recvonly.json"),
    Dump(path: "derived/libwebrtc-native-snapshot-us.json"),
    Dump(path: "captures/basic/webrtc-internals.json", cuts: 250),
    Dump(path: "corpus/jitsi-chrome48-legacy-rtcstats-v0.json", cuts: 250),
  ]

  @Test(arguments: dumps)
  func everyCutIsAnalysedUpToItOrSaysTruncated(dump: Dump) throws {
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: TestData.sample(dump.path))))
    if dump.path.hasSuffix(".gz") {
      bytes = try Self.gunzip(bytes)
    }
    if let lines = dump.lines {
      bytes = Array(bytes.split(separator: UInt8(ascii: "\n")).prefix(lines).joined(separator: [10]))
      bytes.append(10)
    }
    let whole = try analyze(bytes).get()
    #expect(!whole.isTruncated && (whole.reportCount > 0) == dump.holdsStats)

    for cut in Self.cutPoints(of: bytes, limit: dump.cuts) {
      let prefix = Array(bytes[..<cut])
      let completeLines = prefix.lastIndex(of: UInt8(ascii: "\n")).map { Array(prefix[...$0]) } ?? []
      if dump.isLineOriented, Self.endsWithCompleteLine(prefix) {
        // A cut right after a line's closing bracket leaves a shorter, complete dump.
        continue
      }
      switch analyze(prefix) {
      case .success(let info):
        #expect(info.isTruncated, "cut at \(cut) of \(bytes.count): analysed without saying truncated")
        if dump.isLineOriented, !completeLines.isEmpty, case .success(let before) = analyze(completeLines) {
          #expect(
            info.reportCount == before.reportCount,
            "cut at \(cut): \(info.reportCount) reports, the complete lines before it hold \(before.reportCount)"
          )
        }
      case .failure(let error):
        // Before the first bracket (an empty file, a cut `RTCStatsDump` header) there is
        // nothing to analyse and any clear error will do.
        let holdsData = prefix.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }
        #expect(
          error.message.contains("truncated") || !holdsData, "cut at \(cut) of \(bytes.count): \(error)")
      }
    }
  }

  /// Offsets just before and just after every structural byte, plus offsets inside values,
  /// thinned evenly to `limit`; never the whole length.
  static func cutPoints(of bytes: [UInt8], limit: Int) -> [Int] {
    let structural = Set("{}[],:\"".utf8)
    var points: [Int] = [0, 1]
    for (index, byte) in bytes.enumerated() where structural.contains(byte) || index % 37 == 0 {
      points.append(index)
      points.append(index + 1)
    }
    let unique = Array(Set(points.filter { $0 < bytes.count })).sorted()
    guard unique.count > limit else { return unique }
    let stride = Double(unique.count) / Double(limit)
    return (0..<limit).map { unique[Int(Double($0) * stride)] }
  }

  /// Whether the last line of `prefix` (after its last newline) is a whole JSON value,
  /// judged by Foundation's parser, independent of the reader under test.
  static func endsWithCompleteLine(_ prefix: [UInt8]) -> Bool {
    let start = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = prefix[start...]
    guard line.contains(where: { $0 > 32 }) else { return true }
    return (try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])) != nil
  }

  static func gunzip(_ compressed: [UInt8]) throws -> [UInt8] {
    var source = try GzipByteSource(MemoryByteSource(compressed))
    var bytes: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { buffer.deallocate() }
    while case let count = try source.read(into: buffer), count > 0 {
      bytes.append(contentsOf: buffer[..<count])
    }
    return bytes
  }

  private func analyze(_ bytes: [UInt8]) -> Result<DumpInfo, DumpError> {
    var analyzer = CallAnalyzer()
    do throws(DumpError) {
      let info = try DumpReader.read(source: MemoryByteSource(bytes), into: &analyzer)
      _ = analyzer.analysis()
      return .success(info)
    } catch {
      return .failure(error)
    }
  }
}
