import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

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

  /// A consumer that keeps cores busy on its own threads (the engine's lanes) gets them: the
  /// log is parsed on the cores left, on one thread when one is left, with the same result.
  @Test func coresTheConsumerReservesAreLeftToIt() throws {
    #expect(DumpReader.parseThreads(cores: 2, reserving: 1) == 1)
    #expect(DumpReader.parseThreads(cores: 8, reserving: 1) == 7)
    #expect(DumpReader.parseThreads(cores: 4, reserving: 0) == 4)
    #expect(DumpReader.parseThreads(cores: 1, reserving: 1) == 1)
    #expect(DumpReader.parseThreads(cores: 4, reserving: -3) == 4)
    let (_, everyCore) = try analyze(Self.log, parallel: true)
    var analyzer = CallAnalyzer()
    _ = try DumpReader.read(
      source: MemoryByteSource(Self.log), sizeHint: Self.log.count, parallel: true,
      reservingCores: System.activeProcessorCount - 1, into: &analyzer)
    #expect(analyzer.analysis().peerConnections.map(\.timeline) == everyCore.peerConnections.map(\.timeline))
  }

  /// The offset of the first byte of `line` (1-based) in `bytes`.
  static func offset(ofLine line: Int, in bytes: [UInt8]) -> Int {
    var current = 1
    var index = 0
    while current < line {
      if bytes[index] == 0x0A { current += 1 }
      index += 1
    }
    return index
  }

  /// A damaged line (its first byte replaced) is skipped with its line number, the same way
  /// on worker threads as in sequence.
  ///
  /// Before: the whole log was refused.
  @Test func aDamagedLineIsSkippedWithItsLineNumberEitherWay() throws {
    var bytes = Self.log
    bytes[Self.offset(ofLine: 700, in: bytes)] = UInt8(ascii: "x")
    let (sequential, sequentialAnalysis) = try analyze(bytes, parallel: false)
    let (parallel, parallelAnalysis) = try analyze(bytes, parallel: true)
    let lines = Self.log.split(separator: 0x0A).count
    for info in [sequential, parallel] {
      #expect(info.reportCount == lines - 1)
      #expect(
        info.warnings == [
          "skipped damaged line 700: expected '[' or '{' to start the next snapshot, found 'x'"
        ])
    }
    #expect("\(sequential)" == "\(parallel)")
    #expect(
      sequentialAnalysis.peerConnections.map(\.timeline) == parallelAnalysis.peerConnections.map(\.timeline))
  }

  /// Where ``ParallelLines`` cuts `text` into chunks when it takes over at `start`: after
  /// the last newline of each chunk-sized stretch.
  static func chunkEnds(_ text: [UInt8], from start: Int) -> [Int] {
    var ends: [Int] = []
    var position = start
    while text.count - position > ParallelLines.chunkSize {
      guard let newline = text[position..<(position + ParallelLines.chunkSize)].lastIndex(of: 0x0A) else {
        break
      }
      ends.append(newline + 1)
      position = newline + 1
    }
    return ends
  }

  /// Damaged lines at the chunk boundaries: the last line of each chunk and the first of the
  /// next cut short (their second half blanked, the length kept so that the chunks stay
  /// where they were).
  ///
  /// A worker sees the value end with its chunk, the sequential reader
  /// runs into the next line: both skip the line the same way.
  @Test func damagedLinesAtChunkBoundariesGiveTheSameResultEitherWay() throws {
    var text = Self.log
    let ends = Self.chunkEnds(text, from: Self.offset(ofLine: 3, in: text))
    try #require(ends.count >= 8)
    var damaged = 0
    for end in ends {
      let lastStart = (text[..<(end - 1)].lastIndex(of: 0x0A) ?? -1) + 1
      let nextEnd = text[end...].firstIndex(of: 0x0A) ?? text.count
      for (start, stop) in [(lastStart, end - 1), (end, nextEnd)] {
        for index in (start + (stop - start) / 2)..<stop { text[index] = UInt8(ascii: " ") }
        damaged += 1
      }
    }
    let (sequential, sequentialAnalysis) = try analyze(text, parallel: false)
    let (parallel, parallelAnalysis) = try analyze(text, parallel: true)
    #expect(sequential.reportCount == Self.log.split(separator: 0x0A).count - damaged)
    #expect(sequential.warnings.first?.hasPrefix("skipped \(damaged) damaged lines") == true)
    #expect("\(sequential)" == "\(parallel)")
    #expect(
      sequentialAnalysis.peerConnections.map(\.timeline) == parallelAnalysis.peerConnections.map(\.timeline))
  }

  /// A log that is at least half damaged is refused with its first damaged line's error, the
  /// same either way.
  @Test func aMostlyDamagedLogIsRefusedWithTheFirstLine() throws {
    var bytes = Self.log
    let lines = Self.log.split(separator: 0x0A).count
    for line in stride(from: 2, through: lines, by: 2) {
      bytes[Self.offset(ofLine: line, in: bytes)] = UInt8(ascii: "x")
    }
    for parallel in [false, true] {
      #expect(
        throws: DumpError(
          .data, "expected '[' or '{' to start the next snapshot, found 'x'", line: 2, column: 1)
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
