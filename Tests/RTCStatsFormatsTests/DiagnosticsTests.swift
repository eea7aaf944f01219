import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// The parsers' diagnostics: data whose templates fill to the words rtcstats prints, and
/// the counts `DumpReader` keeps once for every dialect.
@Suite struct DiagnosticsTests {
  // MARK: - Template filling

  @Test func fillingReplacesNamedPlaceholdersOnly() {
    let code = DiagnosticCode("example", template: "{count} of {total} ({missing}) {unclosed")
    let filled = code.filled(with: ["count": .integer(3), "total": .number(4.5)]) { name, value in
      switch value {
      case .integer(let number): "\(name)=\(number)"
      case .number(let number): "\(number)"
      case .text(let text): text
      case .bool(let flag): "\(flag)"
      }
    }
    #expect(filled == "count=3 of 4.5 ({missing}) {unclosed")
  }

  /// Each code fills to the sentence the parsers wrote before diagnostics were data.
  @Test(arguments: [
    (
      Diagnostic(.ignoredMembers, evidence: ["count": .integer(3), "member": .text("bytesSent")]),
      "ignored 3 members of the wrong type (first: bytesSent)"
    ),
    (
      Diagnostic(
        .truncated,
        evidence: [
          "line": .integer(4), "column": .integer(58),
          "problem": .text("unexpected end of input, expected ',' or '}'"),
          "reportCount": .integer(3),
        ]),
      "the dump is truncated at line 4, column 58: unexpected end of input, expected ',' or '}'; analysed the 3 reports before it"
    ),
    (
      Diagnostic(.noStatsReports, evidence: ["events": .integer(4)]),
      "the dump has no getStats reports (4 events)"
    ),
    (
      Diagnostic(.statsFormatMismatch, evidence: ["statsFormat": .text("chrome_standard")]),
      "the metadata says statsFormat chrome_standard, but the getstats payloads are legacy goog stats; read them as legacy"
    ),
    (
      Diagnostic(
        .seriesCapped,
        evidence: ["cap": .integer(1000), "seconds": .integer(999), "peerConnection": .text("3-2")]),
      "series capped at 1000 samples: the dump covers only the last 999 s of peer connection 3-2"
    ),
    (
      Diagnostic(.ignoredSeries, evidence: ["count": .integer(2)]),
      #"ignored 2 series that are not "<id>-<property>": {values} entries"#
    ),
    (
      Diagnostic(.noPeerConnection, evidence: ["events": .integer(2)]),
      "no peer connection in this dump (2 events)"
    ),
  ])
  func templatesFillToTheWarningText(diagnostic: Diagnostic, text: String) {
    #expect(DumpInfo.words(diagnostic) == text)
  }

  @Test func warningsAreTheWarningLevelDiagnosticsInWords() {
    var info = DumpInfo(format: .getStatsLog)
    info.note(.microsecondTimestamps)
    info.note(.skippedElements, ["count": .integer(2)])
    #expect(info.warnings == ["skipped 2 elements of snapshot arrays that are not stats objects"])
    // Appending text (the CLI's engine warnings) keeps the diagnostics and adds the text.
    info.warnings.append("2 counter resets")
    #expect(info.diagnostics.map(\.code) == [.microsecondTimestamps, .skippedElements, .plainWarning])
    #expect(info.warnings.last == "2 counter resets")
    #expect(info.summary.diagnostics == info.diagnostics)
    #expect(info.summary.format == "getstats-log")
  }

  // MARK: - Counted once

  /// A log of `lines` lines, each with one member of the wrong type (`bytesReceived` as an
  /// object), padded so that the whole is larger than the 4 MB window: units cut by the end
  /// of the window are parsed again, and their members must count once.
  static func logs(lines: Int) -> [(name: String, text: String)] {
    let padding = String(repeating: "x", count: 900)
    func object(_ index: Int) -> String {
      #"{"id":"IT1","type":"inbound-rtp","kind":"audio","ssrc":1,"timestamp":\#(1_700_000_000_000 + index * 1000),"bytesReceived":{"x":1},"p":"\#(padding)"}"#
    }
    let getStats = (0..<lines).map { "[\(object($0))]" }.joined(separator: "\n")
    let rtcstats =
      "RTCStatsDump\n{\"fileFormat\":3}\n"
      + (0..<lines).map { #"["getStats","PC_0",{"IT1":\#(object($0))},1000]"# }.joined(separator: "\n")
    let legacy = (0..<lines).map {
      #"["getstats","PC_0",{"IT1":\#(object($0))},\#(1_700_000_000_000 + $0 * 1000)]"#
    }
    .joined(separator: "\n")
    return [("getstats", getStats), ("rtcstats", rtcstats), ("legacy", legacy)]
  }

  @Test(arguments: logs(lines: 5000).map(\.name))
  func ignoredMembersCountOnceAcrossRetries(dialect: String) throws {
    let text = try #require(Self.logs(lines: 5000).first { $0.name == dialect }?.text)
    #expect(text.utf8.count > 4 << 20)
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(text), parallel: false, into: &analyzer)
    #expect(info.reportCount == 5000)
    #expect(
      info.diagnostics.filter { $0.code == .ignoredMembers }.map(\.evidence) == [
        ["count": .integer(5000), "member": .text("bytesReceived")]
      ])
  }
}
