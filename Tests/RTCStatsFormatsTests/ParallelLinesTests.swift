import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// A large JSON-lines log gives the same analysis, errors and truncation warnings whether
/// its lines are parsed on worker threads or in sequence.
@Suite struct ParallelLinesTests {
  /// About 7 MB: the basic capture's sender log repeated with later timestamps (the counters
  /// restart each repeat, which the engine takes as new segments).
  static let log: [UInt8] = {
    let path = TestData.sample("captures/basic/sender.jsonl")
    let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
    var text = ""
    for repeat_ in 0..<32 {
      for line in lines {
        // Shift every 13-digit epoch-ms timestamp by 31 s per repeat, textually.
        text += shiftTimestamps(String(line), by: Double(repeat_) * 31_000) + "\n"
      }
    }
    return Array(text.utf8)
  }()

  /// Adds `milliseconds` to every `"timestamp":<number>` of a line.
  static func shiftTimestamps(_ line: String, by milliseconds: Double) -> String {
    guard milliseconds > 0 else { return line }
    var result = ""
    var rest = Substring(line)
    while let range = rest.range(of: "\"timestamp\":") {
      result += rest[..<range.upperBound]
      rest = rest[range.upperBound...]
      let number = rest.prefix { $0.isNumber || $0 == "." }
      result += String((Double(number) ?? 0) + milliseconds)
      rest = rest.dropFirst(number.count)
    }
    return result + rest
  }

  private func analyze(_ bytes: [UInt8], parallel: Bool) throws -> (DumpInfo, CallAnalysis) {
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(
      source: MemoryByteSource(bytes), sizeHint: bytes.count, parallel: parallel, into: &analyzer)
    return (info, analyzer.analysis())
  }

  @Test func sameAnalysisEitherWay() throws {
    #expect(Self.log.count > 6 << 20)
    let (sequentialInfo, sequential) = try analyze(Self.log, parallel: false)
    let (parallelInfo, parallel) = try analyze(Self.log, parallel: true)
    #expect(sequentialInfo.reportCount == parallelInfo.reportCount)
    #expect(sequentialInfo.details == parallelInfo.details)
    let a = sequential.peerConnections.flatMap(\.tracks)
    let b = parallel.peerConnections.flatMap(\.tracks)
    #expect(a.count == b.count && !a.isEmpty)
    for (x, y) in zip(a, b) {
      #expect(x.packets == y.packets)
      #expect(x.bitrate == y.bitrate)
    }
    #expect(sequential.peerConnections.map(\.timeline) == parallel.peerConnections.map(\.timeline))
  }

  @Test func syntaxErrorKeepsItsLineNumber() throws {
    var bytes = Self.log
    // Break line 700 (of 992): replace its first character.
    var line = 1
    var index = 0
    while line < 700 {
      if bytes[index] == 0x0A { line += 1 }
      index += 1
    }
    bytes[index] = UInt8(ascii: "x")
    for parallel in [false, true] {
      #expect(
        throws: DumpError(
          .data, "expected '[' or '{' to start the next snapshot, found 'x'", line: 700, column: 1)
      ) {
        _ = try analyze(bytes, parallel: parallel)
      }
    }
  }

  @Test func truncatedLastLineIsAWarning() throws {
    let bytes = Array(Self.log.dropLast(500))
    let (sequential, _) = try analyze(bytes, parallel: false)
    let (parallel, _) = try analyze(bytes, parallel: true)
    #expect(sequential.isTruncated && parallel.isTruncated)
    #expect(sequential.warnings == parallel.warnings)
    #expect(sequential.reportCount == parallel.reportCount)
  }
}
