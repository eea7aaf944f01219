import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// A gzip file cut short (a half-uploaded attachment) is analysed up to the cut and marked
/// truncated (issue 10, item 10; before: "the dump is truncated: the gzip data ends before its
/// end marker", exit 65, whenever the whole file fitted the first read).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gzip"), "needs /usr/bin/gzip"))
struct CutGzipTests {
  static let gzip = "/usr/bin/gzip"

  /// Runs gzip with `arguments` on `input`; its standard output (a cut stream decompresses
  /// as far as it goes, with an error status).
  static func run(_ arguments: [String], input: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gzip)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let writer = Thread {
      stdin.fileHandleForWriting.write(Data(input))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(output)
  }

  /// The basic capture (gzip -9, 11 kB) cut at a fifth, a third, a half and nine tenths:
  /// each cut gives the reports of the complete lines gzip itself recovers before the cut.
  @Test(arguments: [0.2, 0.33, 0.5, 0.9])
  func aCutGzipIsAnalysedUpToTheCut(fraction: Double) throws {
    let plain = Array(
      try Data(contentsOf: URL(fileURLWithPath: TestData.sample("captures/basic/sender.jsonl"))))
    let compressed = try Self.run(["-9", "-c"], input: plain)
    let cut = Array(compressed.prefix(Int(Double(compressed.count) * fraction)))
    let recovered = try Self.run(["-d", "-c"], input: cut)
    let completeLines = recovered.split(separator: 0x0A, omittingEmptySubsequences: true).filter {
      (try? JSONSerialization.jsonObject(with: Data($0))) != nil
    }.count
    try #require(completeLines > 0 && completeLines < plain.split(separator: 0x0A).count)
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(cut), into: &analyzer)
    #expect(info.isCompressed && info.isTruncated)
    #expect(info.reportCount == completeLines)
    #expect(info.warnings.count == 1)
    #expect(info.warnings.first?.contains("the gzip data ends before its end marker") == true)
    #expect(analyzer.analysis().peerConnections.first?.reportCount == completeLines)
  }

  /// A cut inside the first line leaves nothing to analyse: the error names the gzip data.
  @Test func aCutBeforeTheFirstLineIsAnError() throws {
    let plain = Array(
      try Data(contentsOf: URL(fileURLWithPath: TestData.sample("captures/basic/sender.jsonl"))))
    let compressed = try Self.run(["-9", "-c"], input: plain)
    var analyzer = CallAnalyzer()
    #expect(throws: DumpError.truncated("the gzip data ends before its end marker")) {
      _ = try DumpReader.read(source: MemoryByteSource(Array(compressed.prefix(40))), into: &analyzer)
    }
  }

  /// A webrtc-internals dump (one JSON document) cut in its gzip: the peer connections before
  /// the cut are analysed.
  ///
  /// Before: exit 65.
  @Test func aCutWebRTCInternalsGzipIsAnalysedUpToTheCut() throws {
    let plain = Array(
      try Data(contentsOf: URL(fileURLWithPath: TestData.sample("captures/basic/webrtc-internals.json"))))
    let compressed = try Self.run(["-9", "-c"], input: plain)
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(
      source: MemoryByteSource(Array(compressed.prefix(compressed.count * 9 / 10))), into: &analyzer)
    #expect(info.isTruncated)
    #expect(info.format == .webrtcInternals)
    #expect(!analyzer.analysis().peerConnections.isEmpty)
  }
}
