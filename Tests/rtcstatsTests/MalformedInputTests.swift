import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

@testable import rtcstats

/// Bad input is normal input: every file of the malformed corpus
/// (Tests/rtcstatsTests/Fixtures/malformed, expected answers in `expected.txt`) gives its
/// documented exit status and exactly its one-line message, and never a crash; the good part
/// of a damaged dump is analysed without negative or absurd figures.
@Suite struct MalformedInputTests {
  static let folder = CLIRun.root + "/Tests/rtcstatsTests/Fixtures/malformed"

  struct Case: CustomStringConvertible, Sendable {
    var file: String
    var status: Int32
    var message: String
    var description: String { file }
  }

  static let cases: [Case] = {
    guard let text = try? String(contentsOfFile: folder + "/expected.txt", encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let parts = line.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count == 3, let status = Int32(parts[1].trimmingCharacters(in: .whitespaces)) else {
        return nil
      }
      return Case(
        file: parts[0].trimmingCharacters(in: .whitespaces), status: status,
        message: String(parts[2].dropFirst()))
    }
  }()

  @Test func corpusIsComplete() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter {
      $0 != "expected.txt"
    }
    #expect(Set(files) == Set(Self.cases.map(\.file)))
    #expect(Self.cases.count >= 30)
  }

  @Test(arguments: cases)
  func eachFileGivesItsDocumentedAnswer(_ malformed: Case) throws {
    let run = CLIRun(["analyze", "--format", "ndjson", "--no-intervals", Self.folder + "/" + malformed.file])
    #expect(run.status.rawValue == malformed.status)
    let error = run.error.replacingOccurrences(of: Self.folder + "/", with: "")
    #expect(error == (malformed.message.isEmpty ? "" : malformed.message + "\n"))
    #expect(run.error.split(separator: "\n").count <= 1, "one line on stderr")
    // A file that is not a dump is skipped: exit 0, a `skipped` record, nothing analysed.
    guard malformed.status == 0, !malformed.message.contains(": skipped: ") else { return }
    // Whatever was analysed: rates and percentages are finite, not negative and plausible.
    let document = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let tracks = (document["peerConnections"] as? [[String: Any]] ?? []).flatMap {
      $0["tracks"] as? [[String: Any]] ?? []
    }
    #expect(!tracks.isEmpty)
    for track in tracks {
      for key in ["bitrate", "totalBitrate"] {
        guard let summary = track[key] as? [String: Double] else { continue }
        for value in summary.values { #expect(value >= 0 && value < 1e11, "\(key) \(value)") }
      }
      if let loss = track["packetLossPercent"] as? Double { #expect(loss >= 0 && loss <= 100) }
    }
  }

  @Test func counterResetIsTwoSegmentsNotANegativeRate() throws {
    let run = CLIRun(["analyze", "--format", "json", Self.folder + "/counter-reset.jsonl"])
    let document = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let track = try #require(
      ((document["peerConnections"] as? [[String: Any]])?.first?["tracks"] as? [[String: Any]])?.first)
    // counter-reset.jsonl: bytesSent 1000 → 126000 → 500 (reset) → 125500, packets 10 → 110 → 5 → 105.
    #expect(track["packets"] as? Int == 215)
    let intervals = try #require(track["intervals"] as? [[String: Any]])
    #expect(intervals.compactMap { $0["bitrate"] as? Double } == [1_000_000, 1_000_000])
  }

  @Test func mixedMicrosecondsAndMillisecondsGiveOneSecondIntervals() throws {
    let run = CLIRun(["analyze", "--format", "json", Self.folder + "/mixed-us-ms.jsonl"])
    let document = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let track = try #require(
      ((document["peerConnections"] as? [[String: Any]])?.first?["tracks"] as? [[String: Any]])?.first)
    let intervals = try #require(track["intervals"] as? [[String: Any]])
    #expect(intervals.compactMap { $0["duration"] as? Double } == [1000, 1000, 1000])
  }

  // MARK: - Generated inputs

  /// The outer levels are read as a log of snapshots; the limit applies below them.
  @Test func hundredThousandNestedArraysAreRejectedWithoutRecursion() throws {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    var analyzer = CallAnalyzer()
    #expect(
      throws: DumpError(.data, "arrays and objects nested deeper than 512 levels", line: 1, column: 516)
    ) {
      _ = try DumpReader.read(source: MemoryByteSource(text), into: &analyzer)
    }
  }

  /// A 1 GB line, generated on the fly: the reader stops once one value outgrows its limit,
  /// having read a bounded part of the stream.
  @Test func aGigabyteLineIsRefusedWithBoundedMemory() throws {
    let source = GeneratedLine(total: 1 << 30)
    let counter = source.counter
    var analyzer = CallAnalyzer()
    #expect(throws: DumpError.limitExceeded("a single JSON value is larger than 128 MB; not a stats dump")) {
      _ = try DumpReader.read(source: source, into: &analyzer)
    }
    #expect(counter.value < 200 << 20, "read \(counter.value) bytes")
  }

  @Test func emptyFolderHasNoFiles() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = CLIRun(["analyze", folder])
    #expect(run.status == .noInput)
    #expect(run.error == "rtcstats: \(folder): the folder has no files\n")
  }

  @Test(.enabled(if: geteuid() != 0, "root reads any file"))
  func unreadableFileIsNoInput() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/secret.json"
    _ = FileManager.default.createFile(
      atPath: path, contents: Data("[]".utf8), attributes: [.posixPermissions: 0])
    let run = CLIRun(["analyze", path])
    #expect(run.status == .noInput)
    #expect(run.error == "rtcstats: \(path): permission denied\n")
  }

  /// A folder holding the malformed corpus, a link loop, a loop back to itself and the real
  /// samples: every file gets its answer, the good ones their analysis, and the status is the
  /// first failure's.
  @Test func batchOfEverythingKeepsGoing() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: folder + "/a-loop", withDestinationPath: folder + "/b-loop")
    try manager.createSymbolicLink(atPath: folder + "/b-loop", withDestinationPath: folder + "/a-loop")
    try manager.createSymbolicLink(atPath: folder + "/self", withDestinationPath: folder)
    try manager.createSymbolicLink(atPath: folder + "/malformed", withDestinationPath: Self.folder)
    try manager.createSymbolicLink(
      atPath: folder + "/samples", withDestinationPath: CLIRun.root + "/Samples/captures")
    let run = CLIRun(["analyze", "--format", "ndjson", "--no-intervals", "--jobs", "2", folder])
    let lines = run.output.split(separator: "\n")
    let sampleFiles = try manager.subpathsOfDirectory(atPath: CLIRun.root + "/Samples/captures").filter {
      !$0.hasSuffix("truth.json") && $0.contains(".")
    }
    // The first file in name order is the link loop: exit 66 from it, the rest analysed.
    #expect(run.status == .noInput)
    #expect(
      run.error.hasPrefix(
        "rtcstats: \(folder)/a-loop: a symbolic link loop (the link leads back to itself)\n"))
    let good = lines.filter { !$0.contains("\"error\"") }
    for sample in sampleFiles {
      #expect(good.contains { $0.contains("samples/" + sample + "\"") }, "no result for \(sample)")
    }
    let answered = lines.count
    // Two loop links, the corpus with expected.txt, every sample and the 8 truth.json files.
    #expect(answered == 2 + Self.cases.count + 1 + sampleFiles.count + 8, "one result per file")
  }

  private static func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rtcstats-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}

/// `[{"id":"a","type":"codec","mimeType":"aaaa…` for `total` bytes, never stored.
struct GeneratedLine: ByteSource {
  final class Counter: @unchecked Sendable {
    var value = 0
  }

  let total: Int
  let counter = Counter()
  private let head = Array(#"[{"id":"a","type":"codec","mimeType":""#.utf8)

  init(total: Int) {
    self.total = total
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    let count = min(buffer.count, total - counter.value)
    guard count > 0 else { return 0 }
    for offset in 0..<count {
      let position = counter.value + offset
      buffer[offset] = position < head.count ? head[position] : UInt8(ascii: "a")
    }
    counter.value += count
    return count
  }
}
