import RTCStatsCore
import Testing

@testable import RTCStatsFormats

@Suite("legacy rtcstats-server dumps (fippo, jitsi)")
struct RTCStatsLegacyParserTests {
  // MARK: - Delta rules

  /// jitsi: every live id is listed (`{"timestamp":0}` when unchanged), an id left out is
  /// gone; `timestamp: 0` is the top-level time, a missing one keeps the previous; `id`
  /// comes from the key; a sequence number may follow the time.
  static let jitsi = """
    ["connectionInfo",null,"{\\"userAgent\\":\\"Mozilla/5.0 Chrome/99.0\\",\\"clientProtocol\\":\\"3.1_STANDARD\\"}",1647251292157]
    ["getstats","PC_0",{"IT01V1":{"timestamp":0,"type":"inbound-rtp","kind":"video","ssrc":1,"bytesReceived":100,"framesPerSecond":30},"RIV2":{"timestamp":1647251290000,"type":"remote-inbound-rtp","kind":"video","ssrc":2,"roundTripTime":0.05},"timestamp":1647251291000},1647251291001,7]
    ["getstats","PC_0",{"IT01V1":{"timestamp":0,"bytesReceived":300},"timestamp":1647251292000},1647251292001,8]
    ["getstats","PC_0",{"IT01V1":{"bytesReceived":400},"timestamp":1647251293000},1647251293001,9]
    """

  @Test func appliesTheJitsiDeltaRules() throws {
    let (info, reports) = try RTCStatsTestData.record(Self.jitsi)
    #expect(info.format == .rtcstatsLegacy)
    #expect(info.userAgent == "Mozilla/5.0 Chrome/99.0")
    #expect(info.details.contains("sequence numbers after the event time"))
    #expect(info.details.contains("client protocol 3.1_STANDARD"))
    try #require(reports.count == 3)
    #expect(reports[0].ids == ["IT01V1", "RIV2"])
    #expect(
      reports[0].report.timestamp(at: try #require(reports[0].row("IT01V1"))) == 1_647_251_291_000)
    #expect(
      reports[0].report.timestamp(at: try #require(reports[0].row("RIV2"))) == 1_647_251_290_000)
    // RIV2 is not listed: gone. IT01V1 keeps the members the delta left out.
    #expect(reports[1].ids == ["IT01V1"])
    #expect(reports[1].number("IT01V1", .bytesReceived) == 300)
    #expect(reports[1].number("IT01V1", .framesPerSecond) == 30)
    #expect(reports[1].report.type(at: 0) == .inboundRTP)
    #expect(reports[1].report.timestamp(at: 0) == 1_647_251_292_000)
    // No timestamp in the delta: the previous one stays (jitsi `getstats-deltacompression`).
    #expect(reports[2].report.timestamp(at: 0) == 1_647_251_292_000)
    #expect(reports[2].number("IT01V1", .bytesReceived) == 400)
  }

  /// fippo rtcstats (2020): unchanged objects are left out of the delta.
  ///
  /// An object that
  /// comes back without its `type` was not gone, so absent objects are kept from then on.
  static let fippo = """
    {"path":"/room","origin":"https://example.org","url":"https://example.org/room","userAgent":"Mozilla/5.0 Chrome/86.0","time":1608031804000,"fileFormat":2}
    ["getstats","PC_0",{"OT1":{"timestamp":0,"type":"outbound-rtp","kind":"video","ssrc":5,"bytesSent":10},"CP1":{"timestamp":0,"type":"candidate-pair","state":"succeeded","nominated":true,"currentRoundTripTime":0.1},"timestamp":1608031805000},1608031805001]
    ["getstats","PC_0",{"CP1":{"timestamp":0,"currentRoundTripTime":0.2},"timestamp":1608031806000},1608031806001]
    ["getstats","PC_0",{"OT1":{"timestamp":0,"bytesSent":30},"timestamp":1608031807000},1608031807001]
    """

  @Test func bringsBackObjectsAFippoClientLeftOut() throws {
    let (info, reports) = try RTCStatsTestData.record(Self.fippo)
    #expect(info.userAgent == "Mozilla/5.0 Chrome/86.0")
    #expect(info.details.contains("rtcstats-server file format 2 header"))
    #expect(info.details.contains("deltas leave unchanged objects out (fippo rtcstats client)"))
    try #require(reports.count == 3)
    #expect(reports[1].ids == ["CP1"])
    // OT1 merges with what it had, and CP1, left out now, is kept.
    #expect(reports[2].ids == ["CP1", "OT1"])
    #expect(reports[2].report.type(at: try #require(reports[2].row("OT1"))) == .outboundRTP)
    #expect(reports[2].number("OT1", .ssrc) == 5)
    #expect(reports[2].number("OT1", .bytesSent) == 30)
    #expect(reports[2].number("CP1", .currentRoundTripTime) == 0.2)
  }

  @Test func rejectsALineThatIsNotAnEvent() {
    #expect(
      throws: DumpError(
        .data, "expected an event line [method, pcId, value, time], found 'x'", line: 2, column: 1)
    ) {
      _ = try RTCStatsTestData.record("[\"close\",\"PC_0\",null,1647251292157]\nx\n")
    }
  }

  // MARK: - Real dumps

  /// Peer connections with getstats lines and their number of lines, counted with python3
  /// (`json.loads` per line, method `getstats`).
  static let connections: [(file: String, reports: [String: Int])] = [
    ("jitsi-chrome-legacy-goog-multiple-pc.jsonl", ["PC_1": 201, "PC_0": 45, "PC_2": 28]),
    ("jitsi-chrome-legacy-goog-screenshare-simulcast-p2p.jsonl", ["PC_0": 119]),
    ("jitsi-chrome-legacy-goog-sfu.jsonl", ["PC_1": 55]),
    ("jitsi-chrome101-screenshare-bwlimited.jsonl", ["PC_1": 4, "PC_0": 2]),
    ("jitsi-chrome116-relay-p2p.jsonl", ["PC_1": 10, "PC_0": 10]),
    ("jitsi-chrome117-vp9svc-relay-freezes.jsonl", ["PC_0": 13]),
    ("jitsi-chrome99-legacy-goog-p2p.jsonl", ["PC_1": 3, "PC_0": 3]),
    ("jitsi-chrome99-many-receivers.jsonl", ["PC_0": 3]),
    (
      "jitsi-chrome99-multiple-p2p.jsonl",
      ["PC_3": 33, "PC_0": 19, "PC_1": 32, "PC_2": 32, "PC_4": 5, "PC_5": 4, "PC_6": 4]
    ),
    ("jitsi-chrome99-pc-failed.jsonl", ["PC_0": 7, "PC_1": 6, "PC_2": 6]),
    ("jitsi-chrome99-standard-p2p.jsonl", ["PC_1": 52, "PC_0": 29]),
    ("jitsi-chrome99-standard-sfu.jsonl", ["PC_0": 34]),
    ("jitsi-firefox118-relay-loss.jsonl", ["PC_0": 5]),
    ("jitsi-firefox118-sfu.jsonl", ["PC_0": 79]),
    ("jitsi-safari17-relay-loss.jsonl", ["PC_0": 20]),
    ("jitsi-safari17-sfu-freezes.jsonl", ["PC_0": 82]),
    (
      "tamas-chrome96-p2p-to-sfu-stringified-conninfo.jsonl",
      ["PC_3": 21, "PC_0": 14, "PC_1": 20, "PC_2": 20]
    ),
  ]

  @Test(.enabled(if: RTCStatsTestData.isAvailable), arguments: connections.map(\.file))
  func everyPublicDumpAnalyses(file: String) throws {
    let expected = try #require(Self.connections.first { $0.file == file }?.reports)
    let (info, analysis) = try RTCStatsTestData.analyse(RTCStatsTestData.publicCorpus(file))
    #expect(info.format == .rtcstatsLegacy)
    #expect(info.reportCount == expected.values.reduce(0, +))
    #expect(!info.isTruncated)
    #expect(Set(analysis.peerConnections.map(\.id)) == Set(expected.keys))
    for connection in analysis.peerConnections {
      #expect(connection.reportCount == expected[connection.id], "\(file) \(connection.id)")
    }
    // Tracks with a bitrate exactly in the dumps whose RTP byte counters ever grew.
    let flowing = analysis.allTracks.filter { ($0.bitrate?.mean ?? 0) > 0 }
    #expect(flowing.isEmpty == Self.withoutMedia.contains(file), "\(file)")
  }

  /// Dumps whose every `bytesSent`/`bytesReceived` of inbound-rtp/outbound-rtp stays 0
  /// (python3 over the merged reports): ICE connected, no media yet.
  static let withoutMedia: Set<String> = [
    "jitsi-chrome116-relay-p2p.jsonl", "jitsi-chrome99-many-receivers.jsonl",
  ]

  /// A large conference: 20 audio and 9 video inbound-rtp objects in one connection.
  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func manyReceivers() throws {
    let (_, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus("jitsi-chrome99-many-receivers.jsonl"))
    let tracks = try #require(analysis.connection("PC_0")).tracks
    #expect(tracks.filter { $0.direction == .inbound && $0.kind == .audio }.count == 20)
    #expect(tracks.filter { $0.direction == .inbound && $0.kind == .video }.count == 9)
  }

  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func chrome117SVCFreezes() throws {
    let (info, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus("jitsi-chrome117-vp9svc-relay-freezes.jsonl"))
    #expect(info.userAgent?.contains("Chrome/117.0.0.0") == true)
    #expect(info.details.contains("statsFormat chrome_standard"))
    let connection = try #require(analysis.connection("PC_0"))
    // python3, last merged report: IT01V3475661459 freezeCount 24, totalFreezesDuration
    // 11.798, packetsLost 109; IT01V3859036835 22, 11.39, 113; IT01V1680749614 (no media) 0.
    let first = try #require(connection.track(.inbound, ssrc: 3_475_661_459))
    #expect(first.freezeCount == 24)
    #expect(first.totalFreezesDuration == 11798)
    #expect(first.packetsLost == 109)
    let second = try #require(connection.track(.inbound, ssrc: 3_859_036_835))
    #expect(second.freezeCount == 22)
    #expect(abs((second.totalFreezesDuration ?? 0) - 11390) < 1e-6)
    #expect(second.packetsLost == 113)
    #expect(connection.track(.inbound, ssrc: 1_680_749_614)?.freezeCount == 0)
    let sent = try #require(connection.track(.outbound, ssrc: 2_007_858_786))
    #expect(sent.codec == "VP9")
    #expect(sent.layers.first?.scalabilityMode == "L3T3_KEY")
    #expect(sent.qualityLimitation?.durations[.bandwidth] == 17.57)
    #expect(connection.transport.selectedCandidatePair?.localCandidateType == "relay")
  }

  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func safari17Freezes() throws {
    let (_, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus("jitsi-safari17-sfu-freezes.jsonl"))
    let connection = try #require(analysis.connection("PC_0"))
    // Safari 17 keeps the counters on the obsolete `track` objects (python3, last report):
    // receiver_29 (ssrc 271883463) 6 / 1.535 s, receiver_30 (2403718901) 2 / 0.542 s,
    // receiver_27 (891790093) 1 / 0.271 s, receiver_28 (972539169) 0.
    let counts: [(UInt32, Int, Double)] = [
      (271_883_463, 6, 1535), (2_403_718_901, 2, 542), (891_790_093, 1, 271), (972_539_169, 0, 0),
    ]
    for (ssrc, freezes, duration) in counts {
      let track = try #require(connection.track(.inbound, ssrc: ssrc))
      #expect(track.freezeCount == freezes, "\(ssrc)")
      #expect(abs((track.totalFreezesDuration ?? -1) - duration) < 1e-6, "\(ssrc)")
    }
    let most = connection.tracks.compactMap(\.freezeCount).max()
    #expect(most == 6)
  }

  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func readsADoubleEncodedConnectionInfo() throws {
    let (info, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus("tamas-chrome96-p2p-to-sfu-stringified-conninfo.jsonl"))
    #expect(
      info.userAgent
        == "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0.4664.93 Safari/537.36"
    )
    #expect(analysis.peerConnections.count == 4)
  }

  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func multipleP2PConnections() throws {
    let (_, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus("jitsi-chrome99-multiple-p2p.jsonl"))
    #expect(
      analysis.peerConnections.map(\.id) == [
        "PC_3", "PC_0", "PC_1", "PC_2", "PC_4", "PC_5", "PC_6",
      ])
  }
}
