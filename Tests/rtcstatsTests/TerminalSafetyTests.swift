import Foundation
import Testing

@testable import rtcstats

/// Issue 10 item 17: strings from a dump or the file system never reach the terminal raw.
@Suite struct TerminalSafetyTests {
  static let title = "\u{1b}]0;pwned\u{7}"
  static let clear = "\u{1b}[2J"
  static let forged = "\nrtcstats: x.json: ok"
  static let hostile = "x" + title + clear + "\r" + forged

  /// Whether `text` holds a character a terminal acts on, other than the line feeds that end
  /// lines (checked per line) — computed from the Unicode ranges, not with TerminalText.
  static func rawControls(in text: String) -> [Unicode.Scalar] {
    text.split(separator: "\n").flatMap { line in
      line.unicodeScalars.filter { scalar in
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
          || (0x2066...0x2069).contains(value)
      }
    }
  }

  @Test func escapesEveryControlVisibly() {
    #expect(TerminalText.escaped("plain text, tabs… and ü") == "plain text, tabs… and ü")
    #expect(TerminalText.escaped(Self.title) == "\\x1b]0;pwned\\x07")
    #expect(TerminalText.escaped("a\tb\r\nc") == "a\\tb\\r\\nc")
    #expect(TerminalText.escaped("\u{0}\u{7f}\u{85}\u{9b}") == "\\x00\\x7f\\u{85}\\u{9b}")
    #expect(TerminalText.escaped("\u{202e}gpj.exe\u{2066}") == "\\u{202e}gpj.exe\\u{2066}")
    #expect(TerminalText.escaped("C:\\path") == "C:\\path")
    for value in 0...0x2100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(Self.rawControls(in: TerminalText.escaped(String(Character(scalar)))).isEmpty)
    }
  }

  /// A webrtc-internals dump whose peer connection id and user agent carry terminal escapes.
  static func hostileInternalsDump() throws -> String {
    var stats: [String: Any] = [:]
    let series: [(String, [Any])] = [
      ("timestamp", [1_796_049_847_656, 1_796_049_848_656, 1_796_049_849_656]),
      ("bytesSent", [100, 2000, 4000]), ("packetsSent", [1, 20, 40]), ("kind", ["video", "video", "video"]),
      ("ssrc", [1234, 1234, 1234]),
    ]
    for (member, values) in series {
      let text = String(decoding: try JSONSerialization.data(withJSONObject: values), as: UTF8.self)
      stats["OT1-" + member] = [
        "startTime": "2026-11-30T14:44:08.000Z", "endTime": "2026-11-30T14:44:10.000Z",
        "statsType": "outbound-rtp", "values": text,
      ]
    }
    let dump: [String: Any] = [
      "getUserMedia": [], "UserAgent": "Mozilla" + hostile,
      "PeerConnections": ["pc" + hostile: ["pid": 1, "stats": stats, "updateLog": [], "url": "x"]],
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: dump), as: UTF8.self)
  }

  /// A JSON-lines log whose stats ids and type names carry terminal escapes.
  static func hostileLog() -> String {
    (0..<2).map { poll in
      let time = 1_796_049_847_656 + poll * 1000
      return """
        [{"id":"OT\\u001b]0;pwned\\u0007","type":"outbound-rtp","timestamp":\(time),"kind":"video","ssrc":1,\
        "bytesSent":\(100 + poll * 2000)},{"id":"T\\nrtcstats: x.json: ok","type":"weird\\u001b[2J\\r",\
        "timestamp":\(time)}]
        """
    }.joined(separator: "\n") + "\n"
  }

  /// Not getStats data: the error message quotes these member names.
  static let hostileMembers = #"{"\u001b]0;pwned\u0007":1,"\nrtcstats: x.json: ok":2,"\u001b[2J\r":3}"#

  /// The analyze table prints the dump's strings (file name, user agent, peer connection id,
  /// stats ids in warnings) escaped, as inspect does.
  @Test func theAnalyzeTableNeverPrintsControls() throws {
    let folder = try TemporaryFolder()
    let internals = try folder.write("internals" + Self.hostile + ".json", try Self.hostileInternalsDump())
    let log = try folder.write("log" + Self.hostile + ".jsonl", Self.hostileLog())
    let run = CLIRun(["analyze", internals, log])
    #expect(run.status == .success)
    #expect(Self.rawControls(in: run.output).isEmpty, "stdout: \(run.output.debugDescription)")
    #expect(Self.rawControls(in: run.error).isEmpty, "stderr: \(run.error.debugDescription)")
    let escaped = TerminalText.escaped(Self.hostile)
    #expect(run.output.contains("  user agent: Mozilla" + escaped + "\n"))
    #expect(run.output.contains("\npc" + escaped + ": "))
    #expect(!run.output.split(separator: "\n").contains { $0.hasPrefix("rtcstats: x.json") })
  }

  @Test func inspectAndErrorLinesNeverPrintControls() throws {
    let folder = try TemporaryFolder()
    let internals = try folder.write("internals" + Self.hostile + ".json", try Self.hostileInternalsDump())
    let log = try folder.write("log" + Self.hostile + ".jsonl", Self.hostileLog())
    let members = try folder.write("members" + Self.hostile + ".json", Self.hostileMembers)
    let missing = folder.path + "/missing" + Self.hostile + ".json"
    let runs = [
      CLIRun(["inspect", internals, log, members, missing]),
      CLIRun(["analyze", "-v", "-f", "ndjson", members, missing]),
      CLIRun(["inspect", "-f", "json", internals]),
    ]
    for run in runs {
      #expect(Self.rawControls(in: run.output).isEmpty, "stdout: \(run.output.debugDescription)")
      #expect(Self.rawControls(in: run.error).isEmpty, "stderr: \(run.error.debugDescription)")
      // Every line names its file, but the batch summary (counts only, no dump text).
      for line in run.error.split(separator: "\n") where !BatchSummaryLine.matches(line) {
        #expect(line.hasPrefix("rtcstats: \(folder.path)/"))
      }
    }
    let table = runs[0].output
    // The hostile strings are there, visibly escaped, and no forged line starts a line.
    let escaped = TerminalText.escaped(Self.hostile)
    #expect(table.contains("  browser:   Mozilla" + escaped + "\n"))
    #expect(table.contains("  peer connection pc" + escaped + ": "))
    #expect(table.contains("weird\\x1b[2J\\r 2"))
    #expect(!(table + runs[0].error).split(separator: "\n").contains { $0.hasPrefix("rtcstats: x.json") })
    #expect(runs[0].error.contains("missing" + escaped + ".json: no such file"))
    #expect(
      runs[1].error.contains("found an object with members \\x1b]0;pwned\\x07, \\nrtcstats: x.json: ok"))
  }

  @Test func theBuiltCommandEscapesToo() throws {
    let folder = try TemporaryFolder()
    let members = try folder.write("m" + Self.hostile + ".json", Self.hostileMembers)
    let internals = try folder.write("i" + Self.hostile + ".json", try Self.hostileInternalsDump())
    // The members file is not a dump: skipped (exit 0) and, with -v, named in one escaped line.
    let run = try BinaryRun(["inspect", "-v", members, internals])
    #expect(run.status == 0)
    #expect(Self.rawControls(in: run.output).isEmpty)
    #expect(Self.rawControls(in: run.error).isEmpty)
    #expect(run.error.split(separator: "\n").count == 1)
    #expect(run.error.contains(": skipped: ") && run.error.contains("\\x1b"))
  }
}

/// The batch summary line (`rtcstats: 3 files: 2 analysed, …`), which names no file.
enum BatchSummaryLine {
  static func matches(_ line: Substring) -> Bool {
    guard line.hasPrefix("rtcstats: ") else { return false }
    let rest = line.dropFirst("rtcstats: ".count)
    let digits = rest.prefix { $0.isNumber }
    return !digits.isEmpty && rest.dropFirst(digits.count).hasPrefix(" files: ")
  }
}
