import RTCStatsCore
import Testing

@testable import RTCStatsFormats

@Suite("rtcstats file format 3")
struct RTCStatsDumpParserTests {
  // MARK: - Compressed (rtcstats-js)

  /// A hand-written rtcstats-js dump exercising every decompression rule: numeric method
  /// ids, `"g"`, float time deltas, member names and types as numbers, renumbered ids with
  /// rewritten `…Id` references, the common timestamp `"t"`, an explicit older timestamp,
  /// nested `qualityLimitationDurations` merged per key, an explicit zero, a removed
  /// (`null`) object, an object on its own clock left out of a delta, and `close` forgetting
  /// the connection's base report.
  static let compressed = """
    RTCStatsDump
    {"fileFormat":3,"clientProtocol":"rtcstats#4.0"}
    [39,null,{"userAgentData":{"brands":[{"brand":"Not=A?Brand","version":"24"},{"brand":"Chromium","version":"140"},{"brand":"Google Chrome","version":"140"}],"mobile":false,"platform":"Linux"}},1758602115670]
    [39,"0",{"iceServers":[]},12.5]
    ["g","0",{"0":{"type":1,"11":"video","10":1234,"41":1000,"14":10,"15":0,"12":"1","23":640,"24":480,"25":30,"32":0},"1":{"type":14,"6":"video/VP8","4":96},"2":{"type":3,"10":555,"74":"3","75":0.02,"t":1758602116500},"3":{"type":2,"10":555,"80":500,"79":5,"96":{"none":1,"cpu":0,"bandwidth":0,"other":0},"95":"none"},"4":{"type":4,"10":1234,"74":"0","102":1758602115900,"t":1758602116000},"t":1758602117000},1000.25]
    ["g","0",{"0":{"41":3000,"14":30,"25":0},"3":{"80":900,"96":{"bandwidth":0.5}},"2":null,"t":1758602118000},1000]
    [36,"0",null,10]
    ["g","0",{"5":{"type":1,"10":99,"41":1},"t":1758602120000},1000]
    """

  @Test func decompressesDeltas() throws {
    let (info, reports) = try RTCStatsTestData.record(Self.compressed)
    #expect(info.format == .rtcstats)
    #expect(info.reportCount == 3)
    #expect(info.userAgent == "Google Chrome/140 (Linux)")
    #expect(info.details.contains("client protocol rtcstats#4.0"))
    #expect(info.details.contains("rtcstats-js: compressed, delta-encoded getStats"))
    #expect(info.warnings.isEmpty)
    try #require(reports.count == 3)
    #expect(reports.allSatisfy { $0.peerConnection == "0" })

    let first = reports[0]
    #expect(first.ids == ["0", "1", "2", "3", "4"])
    #expect(first.report.timestamp == 1_758_602_117_000)
    let inbound = try #require(first.row("0"))
    #expect(first.report.type(at: inbound) == .inboundRTP)
    #expect(first.text("0", .kind) == "video")
    #expect(first.number("0", .ssrc) == 1234)
    #expect(first.number("0", .frameWidth) == 640)
    #expect(first.text("0", .codecId) == "1")
    #expect(first.text("1", .mimeType) == "video/VP8")
    #expect(first.report.timestamp(at: inbound) == 1_758_602_117_000)
    // An object's own timestamp, older than the common one, is kept.
    #expect(first.report.timestamp(at: try #require(first.row("2"))) == 1_758_602_116_500)
    #expect(first.text("2", .localId) == "3")
    #expect(first.number("2", .roundTripTime) == 0.02)
    #expect(first.number("3", .qualityLimitationDurationsNone) == 1)
    #expect(first.text("3", .qualityLimitationReason) == "none")

    let second = reports[1]
    // "2" was removed with null; the others are carried or merged.
    #expect(second.ids == ["0", "1", "3", "4"])
    // Left out, "4" kept its own (RTCP) time; "1" followed the report time.
    #expect(second.report.timestamp(at: try #require(second.row("4"))) == 1_758_602_116_000)
    #expect(second.report.type(at: try #require(second.row("4"))) == .remoteOutboundRTP)
    #expect(second.number("0", .bytesReceived) == 3000)
    #expect(second.number("0", .packetsReceived) == 30)
    #expect(second.number("0", .packetsLost) == 0)
    #expect(second.number("0", .frameWidth) == 640)
    // An explicit 0 replaces the previous value (rtcstats' own decompressor would keep 30).
    #expect(second.number("0", .framesPerSecond) == 0)
    #expect(second.report.type(at: try #require(second.row("0"))) == .inboundRTP)
    #expect(second.text("1", .mimeType) == "video/VP8")
    #expect(second.report.timestamp(at: try #require(second.row("1"))) == 1_758_602_118_000)
    #expect(second.number("3", .bytesSent) == 900)
    #expect(second.number("3", .packetsSent) == 5)
    #expect(second.number("3", .qualityLimitationDurationsBandwidth) == 0.5)
    #expect(second.number("3", .qualityLimitationDurationsNone) == 1)

    // After close, the connection starts from an empty base.
    #expect(reports[2].ids == ["5"])
    #expect(reports[2].number("5", .bytesReceived) == 1)
  }

  // MARK: - Chrome's own export

  static let chromeExport = """
    RTCStatsDump
    {"fileFormat":3}
    ["create",null,{"hardwareConcurrency":8,"userAgentData":{"brands":[{"brand":"Not(A:Brand","version":"8"},{"brand":"Chromium","version":"144"}],"mobile":false,"platform":"Linux"}},1770110068908]
    ["create","92-1",{"iceServers":[]},"http://localhost:3002/",21202.946044921875]
    ["getStats","92-1",{"IT01V1":{"id":"IT01V1","type":"inbound-rtp","timestamp":1770110090620.5,"kind":"video","ssrc":1,"bytesReceived":100,"framesPerSecond":30,"[codec]":"VP8 (96)"},"RIA2":{"id":"RIA2","type":"remote-inbound-rtp","timestamp":1770110090000,"kind":"audio","ssrc":2,"roundTripTime":0.01}},509.155029296875]
    ["onsignalingstatechange","92-1","\\"stable\\"",0.036865234375]
    ["getStats","92-1",{"IT01V1":{"id":"IT01V1","type":"inbound-rtp","timestamp":1770110091620.5,"kind":"video","ssrc":1,"bytesReceived":200}},1000.5]
    """

  @Test func readsFullReportsWithoutMerging() throws {
    let (info, reports) = try RTCStatsTestData.record(Self.chromeExport)
    #expect(info.reportCount == 2)
    #expect(info.userAgent == "Chromium/144 (Linux)")
    #expect(info.details.contains("Chrome webrtc-internals export: full getStats reports"))
    try #require(reports.count == 2)
    #expect(reports[0].peerConnection == "92-1")
    #expect(reports[0].ids == ["IT01V1", "RIA2"])
    #expect(reports[0].number("IT01V1", .framesPerSecond) == 30)
    // A full report is taken as it is: a vanished object is gone, an absent member absent.
    #expect(reports[1].ids == ["IT01V1"])
    #expect(reports[1].number("IT01V1", .bytesReceived) == 200)
    #expect(reports[1].number("IT01V1", .framesPerSecond) == nil)
    #expect(reports[1].report.timestamp(at: 0) == 1_770_110_091_620.5)
  }

  // MARK: - Errors

  @Test func rejectsAMissingMetadataObject() {
    #expect(
      throws: DumpError(
        .data, "expected the metadata object after RTCStatsDump, found an array", line: 2)
    ) {
      _ = try RTCStatsTestData.record("RTCStatsDump\n[1,2]\n")
    }
  }

  @Test func rejectsALineThatIsNotAnEvent() {
    #expect(
      throws: DumpError(
        .data, "expected an event line [method, connection, value, …, time], found 'h'", line: 3,
        column: 1)
    ) {
      _ = try RTCStatsTestData.record("RTCStatsDump\n{\"fileFormat\":3}\nhello\n")
    }
  }

  @Test func keepsTheReportsBeforeATruncatedLine() throws {
    let cut = Self.chromeExport + "\n[\"getStats\",\"92-1\",{\"IT01V1\":{\"id\":\"IT"
    let (info, reports) = try RTCStatsTestData.record(cut)
    #expect(info.isTruncated)
    #expect(reports.count == 2)
    #expect(info.warnings.contains { $0.contains("the dump is truncated") })
  }

  @Test func warnsAboutAnotherFileFormat() throws {
    let (info, _) = try RTCStatsTestData.record(
      "RTCStatsDump\n{\"fileFormat\":4}\n[\"close\",null,1001,2353]\n")
    #expect(info.warnings.contains("the dump says fileFormat 4; read it as file format 3"))
    #expect(info.warnings.contains("the dump has no getStats reports (1 events)"))
  }

  // MARK: - Real dumps

  /// rtcstats/rtcstats' own test dump: numeric method ids, no peer connection.
  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func readsTheGetUserMediaOnlyDump() throws {
    let (info, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus("rtcstats-v3-chrome140-gumonly.jsonl"))
    #expect(info.format == .rtcstats)
    #expect(info.reportCount == 0)
    #expect(analysis.peerConnections.isEmpty)
    #expect(
      info.userAgent
        == "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36"
    )
    #expect(info.details.contains("4 events, 0 peer connections with stats"))
  }

  /// `Fixtures/rtcstats-v3-compressed-loss5.jsonl.gz` is capture `loss5`'s Chrome export
  /// re-encoded the way rtcstats-js writes it (a Python port of `statsCompression` and
  /// `compressMethod` of rtcstats/rtcstats `compression.js`).
  ///
  /// Expected values: the last
  /// report of each connection after Python `statsDecompression` of the fixture, which equals
  /// the original export object for object.
  @Test func readsTheCompressedFixture() throws {
    var recorder = ReportRecorder()
    let info = try DumpReader.read(
      path: RTCStatsTestData.fixture("rtcstats-v3-compressed-loss5.jsonl.gz"), into: &recorder)
    #expect(info.reportCount == 60)
    #expect(info.isCompressed)
    #expect(info.userAgent?.contains("HeadlessChrome/156") == true)
    let sender = try #require(recorder.reports.last { $0.peerConnection == "8-1" })
    let receiver = try #require(recorder.reports.last { $0.peerConnection == "8-2" })
    #expect(receiver.number("1", .ssrc) == 2_255_334_134)
    #expect(receiver.number("1", .bytesReceived) == 6_092_472)
    #expect(receiver.number("1", .packetsReceived) == 5892)
    #expect(receiver.number("1", .packetsLost) == 275)
    #expect(receiver.number("1", .framesDecoded) == 789)
    #expect(receiver.number("1", .freezeCount) == 1)
    #expect(receiver.number("1", .totalFreezesDuration) == 0.251)
    #expect(receiver.report.timestamp(at: try #require(receiver.row("1"))) == 1_796_050_151_752.65)
    #expect(receiver.text("1", .codecId) == "4")
    #expect(receiver.text("4", .mimeType) == "video/VP8")
    #expect(sender.number("1", .bytesSent) == 6_394_115)
    #expect(sender.number("1", .framesPerSecond) == 24)
    #expect(sender.number("0", .bytesSent) == 61369)
    #expect(sender.number("9", .packetsLost) == 270)
    #expect(sender.number("9", .roundTripTime) == 0.005508)
    #expect(sender.report.timestamp(at: try #require(sender.row("9"))) == 1_796_050_151_090.275)
  }

  /// The compressed fixture and the original export give the same analysis.
  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func compressedAndFullExportsAgree() throws {
    let (_, compressed) = try RTCStatsTestData.analyse(
      RTCStatsTestData.fixture("rtcstats-v3-compressed-loss5.jsonl.gz"))
    let (_, full) = try RTCStatsTestData.analyse(
      RTCStatsTestData.capture("loss5", "rtcstats-dump.gz"))
    #expect(compressed.peerConnections.map(\.id) == full.peerConnections.map(\.id))
    for (a, b) in zip(compressed.allTracks, full.allTracks) {
      #expect(a.ssrcs == b.ssrcs)
      #expect(a.codec == b.codec)
      #expect(a.bitrate == b.bitrate)
      #expect(a.packets == b.packets)
      #expect(a.packetsLost == b.packetsLost)
      #expect(a.frameRate == b.frameRate)
      #expect(a.freezeCount == b.freezeCount)
      #expect(a.roundTripTime == b.roundTripTime)
    }
    #expect(compressed.allTracks.count == full.allTracks.count)
  }
}

/// The parsers re-read a line from its start when it runs past the end of the window; deltas
/// applied in place must come out the same.
///
/// A 64-byte window forces a retry on almost every
/// line.
@Suite("rtcstats parsers with a tiny window")
struct RTCStatsSmallWindowTests {
  static func records<Parser: DialectParser>(
    _ parser: Parser, bytes: [UInt8], initialSize: Int
  ) throws -> [RecordedReport] {
    var parser = parser
    var source = MemoryByteSource(bytes)
    var window = StreamWindow(initialSize: initialSize)
    _ = try window.fill(from: &source)
    var recorder = ReportRecorder()
    var info = DumpInfo(format: .rtcstats)
    _ = try parser.parse(window: &window, source: &source, into: &recorder, info: &info)
    return recorder.reports
  }

  static func assertSame(_ small: [RecordedReport], _ large: [RecordedReport]) {
    #expect(small.count == large.count)
    for (a, b) in zip(small, large) {
      #expect(a.peerConnection == b.peerConnection)
      #expect(a.ids == b.ids)
      #expect(a.report.timestamp == b.report.timestamp)
      for id in a.ids {
        for field in NumericField.allCases {
          #expect(a.number(id, field) == b.number(id, field), "\(id) \(field.name)")
        }
        for field in TextField.allCases {
          #expect(a.text(id, field) == b.text(id, field), "\(id) \(field.name)")
        }
        let (rowA, rowB) = (a.row(id) ?? 0, b.row(id) ?? 0)
        #expect(a.report.timestamp(at: rowA) == b.report.timestamp(at: rowB))
        #expect(a.report.type(at: rowA) == b.report.type(at: rowB))
      }
    }
  }

  @Test func fileFormat3DeltasSurviveRetries() throws {
    for text in [RTCStatsDumpParserTests.compressed, RTCStatsDumpParserTests.chromeExport] {
      let bytes = Array(text.utf8)
      let small = try Self.records(RTCStatsDumpParser(DialectContext()), bytes: bytes, initialSize: 64)
      let large = try Self.records(RTCStatsDumpParser(DialectContext()), bytes: bytes, initialSize: 1 << 20)
      #expect(!large.isEmpty)
      Self.assertSame(small, large)
    }
  }

  /// The compressed capture fixture (lines of 1–9 KB) through a 16 KB window.
  @Test func compressedFixtureSurvivesRetries() throws {
    let bytes = try TestData.gunzip(RTCStatsTestData.fixture("rtcstats-v3-compressed-loss5.jsonl.gz"))
    let small = try Self.records(RTCStatsDumpParser(DialectContext()), bytes: bytes, initialSize: 16 << 10)
    let large = try Self.records(RTCStatsDumpParser(DialectContext()), bytes: bytes, initialSize: 1 << 22)
    #expect(large.count == 60)
    Self.assertSame(small, large)
  }

  @Test func legacyDeltasSurviveRetries() throws {
    for text in [
      RTCStatsLegacyParserTests.jitsi, RTCStatsLegacyParserTests.fippo,
      LegacyGoogStatsMapperTests.dump,
    ] {
      let bytes = Array(text.utf8)
      let small = try Self.records(RTCStatsLegacyParser(DialectContext()), bytes: bytes, initialSize: 64)
      let large = try Self.records(RTCStatsLegacyParser(DialectContext()), bytes: bytes, initialSize: 1 << 20)
      #expect(!large.isEmpty)
      Self.assertSame(small, large)
    }
  }
}
