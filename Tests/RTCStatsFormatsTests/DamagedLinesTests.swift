import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// One damaged line in the middle of a JSON-lines log (a crash and restart, interleaved
/// writers) is skipped with a diagnostic naming it; only a mostly damaged log is refused
/// (issue 10, item 13; before: the whole log was refused at the first bad line).
@Suite struct DamagedLinesTests {
  static let lines: [String] = {
    let path = TestData.sample("captures/basic/sender.jsonl")
    return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(
      String.init)
  }()

  private func read(_ text: String) throws -> (DumpInfo, CallAnalysis) {
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(text), into: &analyzer)
    return (info, analyzer.analysis())
  }

  /// Line `n` cut in half by a crash, the restarted writer's next line glued to it: both
  /// lines are lost, the rest gives what the log without them gives.
  @Test(arguments: [2, 11, 20, 30])
  func aLineCutByACrashIsSkipped(line: Int) throws {
    var damaged = Self.lines
    let cut = damaged[line - 1]
    damaged[line - 1] = String(cut.prefix(cut.count / 2)) + damaged[line]
    damaged.remove(at: line)
    let (info, analysis) = try read(damaged.joined(separator: "\n") + "\n")
    var without = Self.lines
    without.removeSubrange((line - 1)...line)
    let (reference, expected) = try read(without.joined(separator: "\n") + "\n")
    #expect(info.reportCount == reference.reportCount)
    #expect(info.reportCount == Self.lines.count - 2)
    #expect(info.warnings.count == 1)
    #expect(info.warnings.first?.hasPrefix("skipped damaged line \(line): ") == true, "\(info.warnings)")
    #expect(analysis.peerConnections.map(\.timeline) == expected.peerConnections.map(\.timeline))
    #expect(info.diagnostics.first { $0.code == .damagedLine }?.evidence["line"] == .integer(line))
  }

  /// Two writers interleaved inside line 5: another program's log line written between two
  /// of its stats objects.
  @Test func anInterleavedLineIsSkipped() throws {
    var damaged = Self.lines
    let mixed = damaged[4]
    let boundary = try #require(mixed.ranges(of: "},{").dropFirst(2).first)
    let middle = mixed.index(after: boundary.lowerBound)
    damaged[4] =
      String(mixed[..<middle]) + "2026-11-30T14:44:12Z INFO stats uploaded" + String(mixed[middle...])
    let (info, _) = try read(damaged.joined(separator: "\n"))
    #expect(info.reportCount == Self.lines.count - 1)
    #expect(info.warnings.first?.hasPrefix("skipped damaged line 5: ") == true, "\(info.warnings)")
  }

  /// A damaged first line: the second line is one whole value, so the log is JSON lines.
  @Test func aDamagedFirstLineIsSkipped() throws {
    var damaged = Self.lines
    damaged[0] = String(damaged[0].prefix(100))
    let (info, _) = try read(damaged.joined(separator: "\n"))
    #expect(info.reportCount == Self.lines.count - 1)
    #expect(info.warnings.first?.hasPrefix("skipped damaged line 1: ") == true, "\(info.warnings)")
  }

  /// Several damaged lines: one diagnostic with the count and the line numbers.
  @Test func severalDamagedLinesAreListed() throws {
    var damaged = Self.lines
    for line in [3, 9, 14] { damaged[line - 1] = "{\"broken\":" }
    let (info, _) = try read(damaged.joined(separator: "\n"))
    #expect(info.reportCount == Self.lines.count - 3)
    #expect(info.warnings.first?.hasPrefix("skipped 3 damaged lines (3, 9, 14); the first, line 3: ") == true)
  }

  /// A pretty-printed document is not JSON lines: its error keeps its exact place.
  @Test func aPrettyPrintedDocumentKeepsItsError() throws {
    let object = try JSONSerialization.jsonObject(with: Data(Self.lines[0].utf8))
    let pretty = String(
      decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]), as: UTF8.self)
    var lines = pretty.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[9] = "  @"  // not a value, on line 10
    var analyzer = CallAnalyzer()
    #expect {
      _ = try DumpReader.read(source: MemoryByteSource(lines.joined(separator: "\n")), into: &analyzer)
    } throws: { error in
      guard let error = error as? DumpError else { return false }
      return error.line == 10 && error.column == 3 && !error.message.contains("damaged")
    }
  }

  /// Garbage in half of the lines (none of it a cut at the end): refused, with the first
  /// damaged line's error.
  @Test func aHalfDamagedLogIsRefused() throws {
    let text = [Self.lines[0], "Error: ECONNRESET", "{\"id\":}", Self.lines[1]].joined(separator: "\n")
    #expect(
      throws: DumpError(
        .data, "expected '[' or '{' to start the next snapshot, found 'E'", line: 2, column: 1)
    ) {
      _ = try read(text)
    }
  }
}
