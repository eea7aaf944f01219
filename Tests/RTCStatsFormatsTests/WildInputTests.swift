import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Dumps from the wild that used to be refused or read as empty (issue 10, items 9–12, 15 and
/// the reader's limits of item 19), tested on the real samples: each changed input must give
/// what the plain sample gives, or a clear error.
@Suite struct WildInputTests {
  /// One sample of every dialect (the rtcstats dump gunzipped, so that the byte order mark
  /// comes first).
  static let dialectSamples = [
    "captures/basic/sender.jsonl", "captures/basic/sender.json", "captures/basic/sender-last-snapshot.json",
    "captures/basic/webrtc-internals.json", "captures/basic/rtcstats-dump.gz",
    "corpus/jitsi-chrome99-legacy-goog-p2p.jsonl", "corpus/jitsi-chrome48-legacy-rtcstats-v0.json",
    "corpus/rtcstats-v3-chrome140-gumonly.jsonl", "corpus/skyway-getstats-entries-chrome-77.0.3842.0.json",
    "derived/opentok-jsonArrayOfReports-basic-sender.jsonl",
  ]

  /// The sample's bytes, decompressed.
  static func bytes(_ sample: String) throws -> [UInt8] {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: TestData.sample(sample))))
    return sample.hasSuffix(".gz") ? try TruncationTests.gunzip(bytes) : bytes
  }

  // MARK: - Item 11: a UTF-8 byte order mark

  /// Before: four of these dialects failed with "expected a value, found byte 0xEF".
  @Test(arguments: dialectSamples)
  func byteOrderMarkIsSkippedInEveryDialect(sample: String) throws {
    let plain = try Self.bytes(sample)
    let marked = [0xEF, 0xBB, 0xBF] + plain
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(marked), into: &analyzer)
    var plainAnalyzer = CallAnalyzer()
    let plainInfo = try DumpReader.read(source: MemoryByteSource(plain), into: &plainAnalyzer)
    #expect(info.format == plainInfo.format)
    #expect(info.reportCount == plainInfo.reportCount)
    #expect(analyzer.analysis() == plainAnalyzer.analysis())
  }

  // MARK: - Item 12: long leading whitespace

  /// Before: "the file contains only whitespace" from 64 KiB on.
  ///
  /// An error after the
  /// whitespace keeps its line number.
  @Test(arguments: [70_000, 1 << 20, 5 << 20])
  func leadingWhitespaceOfAnyLengthIsSkipped(count: Int) throws {
    let plain = try Self.bytes("captures/basic/sender.jsonl")
    let lines = count / 100
    let blankLine: [UInt8] = Array(repeating: UInt8(ascii: " "), count: 99) + [0x0A]
    let blank: [UInt8] = Array(Array(repeating: blankLine, count: lines).joined())
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(blank + plain), into: &analyzer)
    let expected = plain.split(separator: 0x0A).count
    #expect(info.reportCount == expected)
    #expect(
      throws: DumpError(
        .data, "expected '[' or '{' to start the next snapshot, found 'x'", line: lines + 2, column: 1)
    ) {
      var other = CallAnalyzer()
      let firstLine: [UInt8] = Array(plain.prefix { $0 != 0x0A })
      let broken: [UInt8] = blank + firstLine + [0x0A] + Array("x\n".utf8)
      _ = try DumpReader.read(source: MemoryByteSource(broken), into: &other)
    }
  }

  // MARK: - Item 9: a wrapper whose report is under another member

  /// The basic capture's lines wrapped as an app might log them: `{"timestamp":…,"data":"[…]"}`
  /// (the report as a JSON string under a name rtcstats does not know, the time of the
  /// report beside it), and the whole log in `{"snapshots":[…]}`.
  ///
  /// Before: "no media tracks"
  /// (exit 0) and "not getStats data".
  @Test func wrappersUnderAnyMemberNameGiveThePlainAnalysis() throws {
    let plain = try Self.bytes("captures/basic/sender.jsonl")
    let lines = plain.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    var dataLines = ""
    for line in lines {
      let objects = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
      let time = try #require(objects.compactMap { $0["timestamp"] as? Double }.max())
      let wrapper: [String: Any] = ["timestamp": time, "data": line]
      let data = try JSONSerialization.data(withJSONObject: wrapper, options: [.sortedKeys])
      dataLines += String(decoding: data, as: UTF8.self) + "\n"
    }
    let snapshots = "{\"app\":\"demo\",\"snapshots\":[" + lines.joined(separator: ",") + "],\"count\":1}"
    var reference = CallAnalyzer()
    let plainInfo = try DumpReader.read(source: MemoryByteSource(plain), into: &reference)
    let expected = reference.analysis()
    for wrapped in [dataLines, snapshots] {
      var analyzer = CallAnalyzer()
      let info = try DumpReader.read(source: MemoryByteSource(wrapped), into: &analyzer)
      #expect(info.reportCount == plainInfo.reportCount)
      let analysis = analyzer.analysis()
      #expect(analysis.peerConnections.map(\.timeline) == expected.peerConnections.map(\.timeline))
      // The last packetsSent of each outbound-rtp, from the raw lines.
      let packets = try Self.lastPacketsSent(lines)
      for (ssrc, count) in packets {
        #expect(analysis.connection("PC_0")?.track(.outbound, ssrc: ssrc)?.packets == count, "ssrc \(ssrc)")
      }
    }
  }

  /// `{"connectionId":"pc-7","snapshots":[…]}`: the wrapper's connection names its reports.
  @Test func aWrappedLogIsFiledUnderItsConnection() throws {
    let lines = try Self.bytes("captures/basic/sender.jsonl").split(separator: 0x0A).prefix(3)
      .map { String(decoding: $0, as: UTF8.self) }
    let text = "{\"connectionId\":\"pc-7\",\"snapshots\":[" + lines.joined(separator: ",") + "]}"
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(text), into: &analyzer)
    #expect(info.reportCount == 3)
    #expect(analyzer.analysis().peerConnections.map(\.id) == ["pc-7"])
  }

  /// A wrapper without any report is an error, never an empty analysis.
  @Test(arguments: [
    #"{"timestamp":1700000000000,"data":"connected"}"#, #"{"stats":[[1,2]],"timestamp":1}"#,
    #"{"timestamp":1700000000000,"payload":{"a":1}}"# + "\n"
      + #"{"timestamp":1700000001000,"payload":{"a":2}}"#,
  ])
  func aWrapperWithoutAReportIsAnError(text: String) {
    var analyzer = CallAnalyzer()
    #expect {
      _ = try DumpReader.read(source: MemoryByteSource(text), into: &analyzer)
    } throws: { error in
      guard let error = error as? DumpError else { return false }
      return error.category == .data
        && (error.message.hasPrefix("no stats objects with a `type`")
          || error.message.hasPrefix("no stats reports"))
    }
  }

  static func lastPacketsSent(_ lines: [String]) throws -> [UInt32: Int] {
    var last: [UInt32: Int] = [:]
    for line in lines {
      let objects = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
      for object in objects where object["type"] as? String == "outbound-rtp" {
        guard let ssrc = (object["ssrc"] as? NSNumber)?.uint32Value,
          let packets = (object["packetsSent"] as? NSNumber)?.intValue
        else { continue }
        last[ssrc] = packets
      }
    }
    return last
  }

  // MARK: - Item 15: not a dump, but said what it is

  @Test func rtcstatsOutputAndArchivesAreNamed() throws {
    let cases: [(bytes: [UInt8], start: String)] = [
      (
        Array(#"{"schemaVersion":1,"source":{"path":"a"},"reportCount":1,"diagnostics":[]}"#.utf8),
        "this is rtcstats analyze output"
      ),
      (
        Array(#"[{"schemaVersion":1,"source":{"path":"a"},"error":{"message":"x"}}]"#.utf8),
        "this is rtcstats analyze output"
      ),
      (
        Array(
          #"{"schemaVersion":1,"source":{"path":"a"},"reportCount":1,"warnings":[],"peerConnections":[]}"#
            .utf8), "this is rtcstats inspect output"
      ),
      (Array("path,format,peerConnection,direction\n".utf8), "this is rtcstats analyze CSV output"),
      ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], "a ZIP archive: unzip it first"),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], "xz-compressed data"),
      (Array("BZh91AY&SY".utf8), "bzip2-compressed data"),
      ([0x28, 0xB5, 0x2F, 0xFD, 0x24], "Zstandard-compressed data"),
    ]
    for (bytes, start) in cases {
      var analyzer = CallAnalyzer()
      #expect(throws: DumpError.self) {
        _ = try DumpReader.read(source: MemoryByteSource(bytes), into: &analyzer)
      }
      do {
        _ = try DumpReader.read(source: MemoryByteSource(bytes), into: &analyzer)
      } catch {
        #expect(error.message.hasPrefix(start), "\(error.message)")
      }
    }
  }

  /// Text logs with bracketed line prefixes read as a JSON array until the first number ends;
  /// they are named as logs (skipped in a batch), while arrays that start alike are read.
  @Test func bracketedTextLogsAreNamedNotFailed() throws {
    let logs = [
      "[24806:24823:1130/144404.623541:ERROR:dbus/bus.cc:405] Failed to connect\n",
      "[2026-12-01 10:00:00] INFO started\n", "[ 10:00:01.250] tick\n", "[12ms] warm-up\n",
      "[3/4] step\n", "[Log] connected (app.js, line 5)\n", "[INFO] call started\n",
      "[object Object]\n", "[ webrtc ] state: connected\n", "[trueish] x\n",
    ]
    for log in logs {
      var analyzer = CallAnalyzer()
      do {
        _ = try DumpReader.read(source: MemoryByteSource(Array(log.utf8)), into: &analyzer)
        Issue.record("\(log) was read as a dump")
      } catch {
        #expect(error.isNotADump, "\(log): \(error.message)")
        #expect(error.message.hasPrefix("a text log (it starts with \"["), "\(error.message)")
      }
    }
    for json in ["[1,2]", "[1e3]", "[ 12 ]", "[1E-2, 4]", "[true]", "[ null, 1]", "[false,true]", "[-1]"] {
      var analyzer = CallAnalyzer()
      do {
        _ = try DumpReader.read(source: MemoryByteSource(Array(json.utf8)), into: &analyzer)
      } catch {
        #expect(!error.message.hasPrefix("a text log"), "\(json): \(error.message)")
      }
    }
  }

  /// The Chromium stderr logs recorded beside the captures are logs, not failed dumps.
  @Test(.enabled(if: TestData.isSharedAvailable))
  func captureBrowserLogsAreNotDumps() throws {
    let root = TestData.sharedPath("capture")
    let logs = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix("chrome-stderr.log") }
    #expect(!logs.isEmpty)
    for log in logs {
      var analyzer = CallAnalyzer()
      do {
        _ = try DumpReader.read(path: root + "/" + log, into: &analyzer)
        Issue.record("\(log) was read as a dump")
      } catch {
        #expect(error.isNotADump, "\(log): \(error.message)")
      }
    }
  }

  // MARK: - Item 19: bounded memory, clear errors

  /// 65,537 objects in one snapshot, or logged one per line without an id repeating: one more
  /// than a report may hold.
  @Test func moreObjectsThanAReportMayHoldIsAnError() {
    let count = ReaderLimits.objectsPerReport + 1
    let objects = (0..<count).map {
      #"{"id":"IT\#($0)","type":"inbound-rtp","ssrc":\#($0),"timestamp":1700000000000}"#
    }
    for text in ["[" + objects.joined(separator: ",") + "]", objects.joined(separator: "\n")] {
      var analyzer = CallAnalyzer()
      #expect {
        _ = try DumpReader.read(source: MemoryByteSource(text), into: &analyzer)
      } throws: { error in
        (error as? DumpError)?.message.hasPrefix("a report holds more than 65536 stats objects") == true
      }
    }
    // At the limit, the snapshot is read.
    var analyzer = CallAnalyzer()
    let atLimit = "[" + objects.dropLast().joined(separator: ",") + "]"
    #expect((try? DumpReader.read(source: MemoryByteSource(atLimit), into: &analyzer))?.reportCount == 1)
  }

  /// An rtcstats dump whose deltas add ids and never remove them: the connection's live ids
  /// are bounded too.
  @Test func liveIdsOfAnRTCStatsDumpAreBounded() {
    var text = "RTCStatsDump\n{\"fileFormat\":3}\n"
    let perLine = 10_000
    for line in 0..<7 {
      // Deltas (no `id` members): applied to the connection's report, which keeps every id.
      let objects = (0..<perLine).map { #""\#(line * perLine + $0)":{"type":"codec","mimeType":"a"}"# }
      text += #"["getStats","1",{"# + objects.joined(separator: ",") + #"},1000]"# + "\n"
    }
    var analyzer = CallAnalyzer()
    #expect {
      _ = try DumpReader.read(source: MemoryByteSource(text), into: &analyzer)
    } throws: { error in
      (error as? DumpError)?.message.hasPrefix("a report holds more than 65536 stats objects") == true
    }
  }
}
