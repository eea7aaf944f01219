import RTCStatsCore
import Testing

@testable import RTCStatsFormats

// Synthetic dumps in the real webrtc-internals layout: exact expectations about which
// value lands in which report.
@Suite struct WebRTCInternalsParserTests {
  typealias Series = InternalsFixture.Series

  // MARK: - M117+ layout

  static let modern = InternalsFixture.dump([
    (
      "8-1",
      [
        Series(
          name: "OT01V1-timestamp", statsType: "outbound-rtp", values: "[1000,2000,3000,4000]"),
        Series(name: "OT01V1-bytesSent", statsType: "outbound-rtp", values: "[100,200,300,400]"),
        // Appeared at the third poll: aligned from the end.
        Series(name: "OT01V1-targetBitrate", statsType: "outbound-rtp", values: "[500000,600000]"),
        Series(
          name: "OT01V1-kind", statsType: "outbound-rtp",
          values: #"["video","video","video","video"]"#),
        Series(name: "OT01V1-ssrc", statsType: "outbound-rtp", values: "[11,11,11,11]"),
        Series(name: "OT01V1-mid", statsType: "outbound-rtp", values: "[0,0,0,0]"),
        Series(
          name: "OT01V1-qualityLimitationReason", statsType: "outbound-rtp",
          values: #"["\"none\"","\"none\"","bandwidth","bandwidth"]"#),
        Series(
          name: "OT01V1-qualityLimitationDurations", statsType: "outbound-rtp",
          values:
            #"[{"none":1,"cpu":0,"bandwidth":0,"other":0},"{\"none\":1,\"bandwidth\":1}","{\"none\":1,\"bandwidth\":2}",{"none":1,"bandwidth":3}]"#
        ),
        Series(
          name: "OT01V1-[bytesSent_in_bits/s]", statsType: "outbound-rtp", values: "[0,800,800,800]"
        ),
        // A member the engine does not read: its malformed values are skipped, never parsed.
        Series(name: "OT01V1-totalEncodedBytesTarget", statsType: "outbound-rtp", values: "[not json"),
        // RTCP times, before each poll; gone after the third poll.
        Series(name: "RIV1-timestamp", statsType: "remote-inbound-rtp", values: "[500,1500,1500]"),
        Series(
          name: "RIV1-roundTripTime", statsType: "remote-inbound-rtp", values: "[0.01,0.02,0.02]"),
        Series(
          name: "RIV1-localId", statsType: "remote-inbound-rtp",
          values: #"["OT01V1","OT01V1","OT01V1"]"#),
        // Ids may contain dashes.
        Series(name: "D-1-a-timestamp", statsType: "data-channel", values: "[2000,3000]"),
        Series(
          name: "D-1-a-label", statsType: "data-channel",
          values: #"["chat, \"x\" [1]","chat, \"x\" [1]"]"#),
      ]
    )
  ])

  @Test func m117ReportsOnePollEach() throws {
    let (info, recorder) = try InternalsFixture.read(Self.modern)
    #expect(info.format == .webrtcInternals)
    #expect(info.reportCount == 4)
    #expect(info.details.contains("M117+ layout (per-object timestamp series)"))
    #expect(info.userAgent == "Mozilla/5.0 Test")
    #expect(info.warnings.isEmpty)
    #expect(recorder.reports.map(\.peerConnection) == ["8-1", "8-1", "8-1", "8-1"])
    #expect(recorder.reports.map(\.report.timestamp) == [1000, 2000, 3000, 4000])
    #expect(recorder.reports.map(\.report.count) == [2, 3, 3, 1])
  }

  @Test func m117AlignsMembersFromTheEnd() throws {
    let (_, recorder) = try InternalsFixture.read(Self.modern)
    let rows = (0..<4).map { recorder.row("OT01V1", inReport: $0) }
    let reports = recorder.reports.map(\.report)
    var bytes: [Double?] = []
    var targets: [Double?] = []
    for (index, row) in rows.enumerated() {
      let row = try #require(row)
      #expect(reports[index].type(at: row) == .outboundRTP)
      #expect(reports[index].typeName(at: row) == "outbound-rtp")
      #expect(reports[index].timestamp(at: row) == Double(1000 * (index + 1)))
      #expect(reports[index].text(.kind, at: row) == "video")
      #expect(reports[index].text(.mid, at: row) == "0")
      #expect(reports[index].number(.ssrc, at: row) == 11)
      bytes.append(reports[index].number(.bytesSent, at: row))
      targets.append(reports[index].number(.targetBitrate, at: row))
    }
    #expect(bytes == [100, 200, 300, 400])
    #expect(targets == [nil, nil, 500_000, 600_000])
  }

  @Test func m117PlacesMembersByTheirStartAndEndTimes() throws {
    // availableOutgoingBitrate of a candidate pair that stopped being selected: its two
    // values belong to the first two polls (startTime/endTime say so), not the last two.
    let text = InternalsFixture.dump([
      (
        "8-1",
        [
          Series(
            name: "CP1-timestamp", statsType: "candidate-pair",
            values: "[1000.5,2000.25,3000,4000]",
            startTime: "1970-01-01T00:00:01.000Z", endTime: "1970-01-01T00:00:04.000Z"),
          Series(
            name: "CP1-bytesSent", statsType: "candidate-pair", values: "[1,2,3,4]",
            startTime: "1970-01-01T00:00:01.000Z", endTime: "1970-01-01T00:00:04.000Z"),
          Series(
            name: "CP1-availableOutgoingBitrate", statsType: "candidate-pair", values: "[7,8]",
            startTime: "1970-01-01T00:00:01.000Z", endTime: "1970-01-01T00:00:02.000Z"),
          // A gap in the middle cannot be placed: aligned from the end.
          Series(
            name: "CP1-currentRoundTripTime", statsType: "candidate-pair", values: "[0.1,0.4]",
            startTime: "1970-01-01T00:00:01.000Z", endTime: "1970-01-01T00:00:04.000Z"),
        ]
      )
    ])
    let (_, recorder) = try InternalsFixture.read(text)
    var bitrates: [Double?] = []
    var rtts: [Double?] = []
    for index in 0..<4 {
      let row = try #require(recorder.row("CP1", inReport: index))
      bitrates.append(recorder.reports[index].report.number(.availableOutgoingBitrate, at: row))
      rtts.append(recorder.reports[index].report.number(.currentRoundTripTime, at: row))
    }
    #expect(bitrates == [7, 8, nil, nil])
    #expect(rtts == [nil, nil, 0.1, 0.4])
  }

  @Test func m117DecodesTextAndObjects() throws {
    let (_, recorder) = try InternalsFixture.read(Self.modern)
    let reports = recorder.reports.map(\.report)
    var reasons: [String?] = []
    var bandwidth: [Double?] = []
    for index in 0..<4 {
      let row = try #require(recorder.row("OT01V1", inReport: index))
      reasons.append(reports[index].text(.qualityLimitationReason, at: row))
      bandwidth.append(reports[index].number(.qualityLimitationDurationsBandwidth, at: row))
    }
    // JSON-quoted strings lose their quotes; objects inline or as JSON strings.
    #expect(reasons == ["none", "none", "bandwidth", "bandwidth"])
    #expect(bandwidth == [0, 1, 2, 3])
    let channel = try #require(recorder.row("D-1-a", inReport: 1))
    #expect(reports[1].type(at: channel) == .dataChannel)
    #expect(reports[1].text(.label, at: channel) == #"chat, "x" [1]"#)
  }

  @Test func m117PlacesRemoteObjectsAfterTheirRTCPTime() throws {
    let (_, recorder) = try InternalsFixture.read(Self.modern)
    let reports = recorder.reports.map(\.report)
    var times: [Double?] = []
    var rtts: [Double?] = []
    for index in 0..<4 {
      guard let row = recorder.row("RIV1", inReport: index) else {
        times.append(nil)
        rtts.append(nil)
        continue
      }
      #expect(reports[index].type(at: row) == .remoteInboundRTP)
      times.append(reports[index].timestamp(at: row))
      rtts.append(reports[index].number(.roundTripTime, at: row))
    }
    #expect(times == [500, 1500, 1500, nil])
    #expect(rtts == [0.01, 0.02, 0.02, nil])
  }

  // MARK: - Pre-M117 layout

  static let old = InternalsFixture.dump([
    (
      "5-1",
      [
        Series(
          name: "RTCOutboundRTPVideoStream_7-bytesSent", values: "[0,1000,2000,3000]",
          startTime: "2020-01-01T00:00:00.000Z", endTime: "2020-01-01T00:00:03.000Z"),
        Series(
          name: "RTCOutboundRTPVideoStream_7-ssrc", values: #"["7","7","7","7"]"#,
          startTime: "2020-01-01T00:00:00.000Z", endTime: "2020-01-01T00:00:03.000Z"),
        Series(
          name: "RTCOutboundRTPVideoStream_7-mediaType",
          values: #"["video","video","video","video"]"#,
          startTime: "2020-01-01T00:00:00.000Z", endTime: "2020-01-01T00:00:03.000Z"),
        // Lives from the second to the third poll.
        Series(
          name: "RTCIceCandidatePair_a_b-currentRoundTripTime", values: "[0.1,0.2]",
          startTime: "2020-01-01T00:00:01.000Z", endTime: "2020-01-01T00:00:02.000Z"),
        Series(
          name: "RTCIceCandidate_b-isRemote", values: "[true,true,true,true]",
          startTime: "2020-01-01T00:00:00.000Z", endTime: "2020-01-01T00:00:03.000Z"),
        Series(
          name: "RTCIceCandidate_b-candidateType", values: #"["srflx","srflx","srflx","srflx"]"#,
          startTime: "2020-01-01T00:00:00.000Z", endTime: "2020-01-01T00:00:03.000Z"),
        // Started at the third poll (anchored by its end time).
        Series(
          name: "RTCMediaStreamTrack_receiver_3-freezeCount", values: "[1,2]",
          startTime: "2020-01-01T00:00:02.000Z", endTime: "2020-01-01T00:00:03.000Z"),
        Series(
          name: "RTCRemoteInboundRtpVideoStream_7-roundTripTime", values: "[0.05,0.06]",
          startTime: "2020-01-01T00:00:01.500Z", endTime: "2020-01-01T00:00:02.500Z"),
        Series(
          name: "RTCTransport_0_1-dtlsState",
          values: #"["connecting","connected","connected","connected"]"#,
          startTime: "2020-01-01T00:00:00.000Z", endTime: "2020-01-01T00:00:03.000Z"),
      ]
    )
  ])

  @Test func oldLayoutAnchorsPollsAndReadsTypesFromIDs() throws {
    let (info, recorder) = try InternalsFixture.read(Self.old)
    #expect(info.reportCount == 4)
    #expect(info.details.contains("pre-M117 layout (no per-object timestamps)"))
    #expect(info.details.contains("types read from the stats ids (no statsType)"))
    #expect(
      info.warnings.contains {
        $0.contains("spread evenly between each series' startTime and endTime")
      })
    let start = 1_577_836_800_000.0  // 2020-01-01T00:00:00Z
    #expect(
      recorder.reports.map(\.report.timestamp) == [start, start + 1000, start + 2000, start + 3000])

    func type(_ id: String, _ report: Int) -> StatsType? {
      recorder.row(id, inReport: report).map { recorder.reports[report].report.type(at: $0) }
    }
    #expect(type("RTCOutboundRTPVideoStream_7", 0) == .outboundRTP)
    #expect(type("RTCIceCandidatePair_a_b", 0) == nil)
    #expect(type("RTCIceCandidatePair_a_b", 1) == .candidatePair)
    #expect(type("RTCIceCandidatePair_a_b", 3) == nil)
    #expect(type("RTCIceCandidate_b", 0) == .remoteCandidate)
    #expect(type("RTCMediaStreamTrack_receiver_3", 1) == nil)
    #expect(type("RTCMediaStreamTrack_receiver_3", 2) == .track)
    #expect(type("RTCRemoteInboundRtpVideoStream_7", 2) == .remoteInboundRTP)
    #expect(type("RTCRemoteInboundRtpVideoStream_7", 3) == .remoteInboundRTP)
    #expect(type("RTCTransport_0_1", 0) == .transport)

    let report = recorder.reports[1].report
    let outbound = try #require(recorder.row("RTCOutboundRTPVideoStream_7", inReport: 1))
    #expect(report.number(.ssrc, at: outbound) == 7)
    #expect(report.text(.kind, at: outbound) == "video")
    #expect(report.number(.bytesSent, at: outbound) == 1000)
    #expect(report.timestamp(at: outbound) == start + 1000)
    let pair = try #require(recorder.row("RTCIceCandidatePair_a_b", inReport: 1))
    #expect(report.number(.currentRoundTripTime, at: pair) == 0.1)
  }

  // MARK: - Cap, errors, metadata

  @Test func reportsTheThousandSampleCap() throws {
    let times = (0..<1000).map { String(1_000_000 + $0 * 1000) }.joined(separator: ",")
    let bytes = (0..<1000).map { String($0 * 100) }.joined(separator: ",")
    let text = InternalsFixture.dump([
      (
        "3-2",
        [
          Series(name: "IT01A5-timestamp", statsType: "inbound-rtp", values: "[\(times)]"),
          Series(name: "IT01A5-bytesReceived", statsType: "inbound-rtp", values: "[\(bytes)]"),
        ]
      )
    ])
    let (info, recorder) = try InternalsFixture.read(text)
    #expect(recorder.reports.count == 1000)
    #expect(
      info.warnings == [
        "series capped at 1000 samples: the dump covers only the last 999 s of peer connection 3-2"
      ])
  }

  @Test func emptyPeerConnectionsIsAnError() {
    let error = InternalsFixture.error(#"{"getUserMedia":[],"PeerConnections":{},"UserAgent":"x"}"#)
    #expect(error?.category == .data)
    #expect(error?.message.hasPrefix("no peer connections in this webrtc-internals dump") == true)
  }

  @Test func connectionsWithoutStatsAreAnError() {
    let error = InternalsFixture.error(
      #"{"PeerConnections":{"1-1":{"pid":1,"updateLog":[]}},"UserAgent":"x"}"#)
    #expect(error?.message.hasPrefix("no stats in this webrtc-internals dump") == true)
  }

  @Test func lowercasePeerConnectionsIsRTCStatsV0() {
    let error = InternalsFixture.error(
      #"{"PeerConnections":{},"url":"x","userAgent":"y","getUserMedia":[],"peerConnections":{"PC_0":[]}}"#
    )
    // Read by RTCStatsV0Parser: no error (and no reports) rather than an internals error.
    #expect(error == nil)
  }

  @Test func malformedValuesNameTheSeries() throws {
    let text = InternalsFixture.dump([
      (
        "8-1",
        [
          Series(name: "OT01V1-timestamp", statsType: "outbound-rtp", values: "[1000,2000,3000]"),
          Series(name: "OT01V1-bytesSent", statsType: "outbound-rtp", values: "[100,200,,300]"),
        ]
      )
    ])
    let error = try #require(InternalsFixture.error(text))
    #expect(error.category == .data)
    #expect(
      error.message.hasPrefix(#"in the values of "OT01V1-bytesSent" of peer connection 8-1: "#))
    #expect(error.line != nil && error.column != nil)
  }

  @Test func malformedEscapedValuesNameTheSeries() throws {
    let text = InternalsFixture.dump([
      (
        "8-1",
        [
          Series(name: "OT01V1-timestamp", statsType: "outbound-rtp", values: "[1000,2000]"),
          Series(name: "OT01V1-kind", statsType: "outbound-rtp", values: #"["video",]"#),
        ]
      )
    ])
    let error = try #require(InternalsFixture.error(text))
    #expect(error.message.hasPrefix(#"in the values of "OT01V1-kind" of peer connection 8-1: "#))
  }

  @Test func seriesLongerThanTheirTimestampsAreAnError() throws {
    // More values than polls cannot be aligned: the extra leading values are dropped,
    // and a count that does not match the array is reported.
    let text = InternalsFixture.dump([
      (
        "8-1",
        [
          Series(name: "OT01V1-timestamp", statsType: "outbound-rtp", values: "[1000,2000]"),
          Series(name: "OT01V1-bytesSent", statsType: "outbound-rtp", values: "[1,2,3]"),
        ]
      )
    ])
    let (_, recorder) = try InternalsFixture.read(text)
    let values = (0..<2).compactMap { index in
      recorder.row("OT01V1", inReport: index).flatMap {
        recorder.reports[index].report.number(.bytesSent, at: $0)
      }
    }
    #expect(values == [2, 3])
  }

  @Test func truncatedDumpKeepsTheConnectionsBeforeTheCut() throws {
    let series = [
      Series(name: "P-dataChannelsOpened", statsType: "peer-connection", values: "[0,1]")
    ]
    let whole = InternalsFixture.dump([("1-1", series), ("1-2", series)])
    let cut = String(whole.prefix(whole.utf8.count - 40))
    let (info, recorder) = try InternalsFixture.read(cut)
    #expect(info.isTruncated)
    #expect(recorder.reports.map(\.peerConnection) == ["1-1", "1-1"])
    #expect(info.warnings.contains { $0.contains("the dump is truncated: ") })
    #expect(info.warnings.contains { $0.hasSuffix("analysed the 1 peer connection before it") })
  }

  @Test func truncatedDumpSaysSo() throws {
    let text = String(Self.modern.prefix(Self.modern.utf8.count / 2))
    let error = try #require(InternalsFixture.error(text))
    #expect(error.message.hasPrefix("the dump is truncated: "))
  }

  @Test func userAgentDataStandsInForAMissingUserAgent() throws {
    let text = InternalsFixture.dump(
      [
        ("1-1", [Series(name: "P-dataChannelsOpened", statsType: "peer-connection", values: "[0]")])
      ],
      topLevel: #"""
        "UserAgentData":{"brands":[{"brand":"Not:A-Brand","version":"8"}],"fullVersionList":[{"brand":"Not:A-Brand","version":"8.0.0.0"},{"brand":"Chromium","version":"156.0.8078.114"}],"mobile":false,"platform":"Linux"}
        """#)
    let (info, _) = try InternalsFixture.read(text)
    #expect(info.userAgent == "Chromium 156.0.8078.114 (Linux)")
  }

  @Test(
    .enabled(if: InternalsSharedData.exists("corpus/public/internals-chrome142-gumonly.json.gz")))
  func gzipGetUserMediaOnlyDump() throws {
    // A dump with getUserMedia calls but no peer connection is a result, not an error: its
    // two getUserMedia entries (a request and its stream, zcat | python3 -m json.tool) are
    // its events.
    var recorder = InternalsRecorder()
    let info = try DumpReader.read(
      path: InternalsSharedData.path("corpus/public/internals-chrome142-gumonly.json.gz"),
      into: &recorder)
    #expect(info.format == .webrtcInternals)
    #expect(info.reportCount == 0)
    #expect(info.eventCount == 2)
    #expect(info.diagnostics.map(\.code) == [.noPeerConnection])
    #expect(info.warnings == ["no peer connection in this dump (2 events)"])
  }

  // MARK: - Pieces

  @Test(arguments: [
    ("2020-11-05T18:34:12.741Z", 1_604_601_252_741.0),
    ("2020-11-05T18:34:12Z", 1_604_601_252_000.0),
    ("2026-06-03T09:09:02.822Z", 1_780_477_742_822.0),
    ("2020-11-05T19:34:12.5+01:00", 1_604_601_252_500.0),
    ("1969-12-31T23:59:59.000Z", -1000.0),
  ])
  func isoTimes(text: String, milliseconds: Double) {
    // Expected values: Python's datetime.fromisoformat(…).timestamp() * 1000.
    let value = Array(text.utf8).withUnsafeBufferPointer { ISO8601.milliseconds($0) }
    #expect(value == milliseconds)
  }

  @Test(arguments: [
    "", "2020-11-05", "2020-13-05T18:34:12Z", "2020-11-05T18:34:12.Z", "11/5/2020, 9:34:11 PM",
  ])
  func invalidISOTimes(text: String) {
    #expect(
      Array(text.utf8).withUnsafeBufferPointer { ISO8601.milliseconds($0) } == nil)
  }

  @Test func escapedArraysSplitAtTopLevelSeparatorsOnly() {
    // The elements of a values string, found in its escaped form as it sits in the document.
    let escaped = InternalsFixture.escape(#"["a,b","a,b","[x]",{"k":"\"}"}]"#)
    let bytes = Array(escaped.utf8)
    var elements: [String] = []
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var position = 1
      while let end = InternalsEscapedArray.scanElement(base, buffer.count, from: position) {
        var decoded: [UInt8] = []
        JSONReader.unescape(UnsafeBufferPointer(rebasing: buffer[position..<end]), into: &decoded)
        elements.append(String(decoding: decoded, as: UTF8.self))
        if buffer[end] == UInt8(ascii: "]") { break }
        position = end + 1
      }
    }
    #expect(elements == [#""a,b""#, #""a,b""#, #""[x]""#, #"{"k":"\"}"}"#])
  }

  @Test func escapedArraysBecomeRuns() {
    let escaped = InternalsFixture.escape(#"["a,b","a,b","\"a,b\"","x"]"#)
    var runs: [InternalsRun] = []
    var decoder = MemberDecoder()
    var element: [UInt8] = []
    let count = Array(escaped.utf8).withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      return InternalsEscapedArray.decodeRuns(
        base: base, count: buffer.count, key: .text(.kind), runs: &runs, decoder: &decoder,
        element: &element)
    }
    #expect(count == 4)
    // The JSON-quoted third value equals the first two once its quotes are stripped.
    #expect(runs.map(\.count) == [3, 1])
    #expect(runs.map(\.cell) == [.text("a,b"), .text("x")])
  }

  private static func parses(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in (try? JSONValue.parse(buffer)) != nil }
  }

  @Test func stringScanningFindsSpecialBytesAtEveryOffset() throws {
    // The eight-byte fast path of the string scanner must stop at a quote, a backslash, a
    // control byte or a non-ASCII byte wherever it sits in the word.
    for offset in 0..<20 {
      let prefix = String(repeating: "a", count: offset)
      #expect(try JSONValue.parse("\"" + prefix + "\\\"b\"") == .string(prefix + "\"b"))
      #expect(try JSONValue.parse("\"" + prefix + "\\\\b\"") == .string(prefix + "\\b"))
      #expect(try JSONValue.parse("\"" + prefix + "é\"") == .string(prefix + "é"))
      #expect(try JSONValue.parse("\"" + prefix + "\"") == .string(prefix))
      #expect(throws: JSONError.self) { try JSONValue.parse("\"" + prefix + "\u{01}\"") }
      let invalid: [UInt8] = [0x22] + Array(prefix.utf8) + [0xFF, 0x22]
      #expect(Self.parses(invalid) == false)
    }
  }
}

/// Where the shared corpus lives (`../shared` next to the package), for the
/// webrtc-internals tests; tests using it are skipped when it is absent.
enum InternalsSharedData {
  /// `…/shared`, three levels up from this file (`Tests/RTCStatsFormatsTests/…`).
  static let root: String = {
    var path = #filePath
    for _ in 0..<3 {
      guard let slash = path.lastIndex(of: "/") else { return "../shared" }
      path = String(path[..<slash])
    }
    guard let slash = path.lastIndex(of: "/") else { return "../shared" }
    return String(path[..<slash]) + "/shared"
  }()

  /// Whether `relativePath` exists under the shared root.
  static func exists(_ relativePath: String) -> Bool {
    guard let file = try? FileByteSource(path: root + "/" + relativePath) else { return false }
    file.close()
    return true
  }

  static var isAvailable: Bool { exists("corpus/FORMATS.md") }

  static func path(_ relativePath: String) -> String { root + "/" + relativePath }
}

/// Keeps every report a parser emits.
struct InternalsRecorder: StatsReportConsumer {
  var reports: [(peerConnection: String, report: StatsReport)] = []

  mutating func consume(_ report: StatsReport, peerConnection: String) {
    reports.append((peerConnection, report))
  }

  /// The row of the object `id` in report `index`.
  func row(_ id: String, inReport index: Int) -> Int? {
    let report = reports[index].report
    return (0..<report.count).first { report.id(at: $0) == id }
  }
}

/// Builds small webrtc-internals dumps in the real layout.
enum InternalsFixture {
  struct Series {
    var name: String
    var statsType: String?
    /// The JSON array text that goes, escaped, into the `values` string.
    var values: String
    var startTime = "2026-01-01T00:00:00.000Z"
    var endTime = "2026-01-01T00:00:00.000Z"
  }

  static func dump(
    _ connections: [(name: String, series: [Series])],
    topLevel: String = "\"UserAgent\":\"Mozilla/5.0 Test\""
  ) -> String {
    let members = connections.map { connection in
      let stats = connection.series.map { series in
        var members: [String] = []
        members.append("\"startTime\":\"\(series.startTime)\"")
        members.append("\"endTime\":\"\(series.endTime)\"")
        if let statsType = series.statsType { members.append("\"statsType\":\"\(statsType)\"") }
        members.append("\"values\":\"\(escape(series.values))\"")
        return "\"\(series.name)\":{\(members.joined(separator: ","))}"
      }
      return """
        "\(connection.name)":{"pid":7,"url":"https://example.test/",\
        "rtcConfiguration":"{ iceServers: [] }",\
        "updateLog":[{"time":"11/5/2020, 9:34:11 PM","type":"createOffer","value":"a\\nb"},\
        {"type":"iceconnectionstatechange","value":"\\"connected\\"","timestamp":1}],\
        "stats":{\(stats.joined(separator: ",\n"))}}
        """
    }
    return
      "{\(topLevel),\"getUserMedia\":[],\"PeerConnections\":{\(members.joined(separator: ","))}}"
  }

  /// `s` as the content of a JSON string.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// Reads `text` with ``DumpReader``.
  static func read(_ text: String) throws(DumpError) -> (DumpInfo, InternalsRecorder) {
    var recorder = InternalsRecorder()
    let info = try DumpReader.read(source: MemoryByteSource(text), into: &recorder)
    return (info, recorder)
  }

  /// The error `DumpReader` throws for `text`, or `nil`.
  static func error(_ text: String) -> DumpError? {
    do {
      _ = try read(text)
      return nil
    } catch {
      return error
    }
  }
}
