import RTCStatsCore
import Testing

@testable import RTCStatsFormats

@Suite("legacy goog stats → W3C")
struct LegacyGoogStatsMapperTests {
  /// One poll of legacy stats as a jitsi client logged it (string values), with a sent video
  /// stream, a received audio stream, two candidate pairs, the candidates, the channel and
  /// the bandwidth estimate.
  static let dump = """
    ["connectionInfo",null,{"userAgent":"Mozilla/5.0 Chrome/86.0.4240.75","statsFormat":"chrome_legacy"},1605198788000]
    ["getstats","PC_0",{"ssrc_11_send":{"timestamp":0,"type":"ssrc","ssrc":"11","mediaType":"video","googTrackId":"cam","googCodecName":"VP8","bytesSent":"1000","packetsSent":"10","packetsLost":"2","googRtt":"45","googJitterReceived":"7","googFrameRateSent":"15","googFrameWidthSent":"640","googFrameHeightSent":"360","googFrameRateInput":"30","googFrameWidthInput":"1280","googFrameHeightInput":"720","googNacksReceived":"3","googPlisReceived":"1","googFirsReceived":"0","googCpuLimitedResolution":"false","googBandwidthLimitedResolution":"true","googAdaptationChanges":"4","codecImplementationName":"libvpx","framesEncoded":"100","transportId":"Channel-audio-1"},"ssrc_22_recv":{"timestamp":0,"type":"ssrc","ssrc":"22","mediaType":"audio","googTrackId":"mic-remote","googCodecName":"opus","bytesReceived":"5000","packetsReceived":"50","packetsLost":"1","googJitterReceived":"12","audioOutputLevel":"16384","googDecodingCTN":"100","googDecodingPLC":"3","googDecodingPLCCNG":"2","googDecodingNormal":"95"},"Conn-audio-1-0":{"timestamp":0,"type":"googCandidatePair","googActiveConnection":"true","googRtt":"48","googChannelId":"Channel-audio-1","localCandidateId":"Cand-a","remoteCandidateId":"Cand-b","bytesSent":"9000","bytesReceived":"8000"},"Conn-audio-1-1":{"timestamp":0,"type":"googCandidatePair","googActiveConnection":"false","googRtt":"3000","googChannelId":"Channel-audio-1","localCandidateId":"Cand-a","remoteCandidateId":"Cand-b"},"Cand-a":{"timestamp":0,"type":"localcandidate","candidateType":"relayed","transport":"udp","ipAddress":"3.122.28.43","portNumber":"51189","networkType":"lan"},"Cand-b":{"timestamp":0,"type":"remotecandidate","candidateType":"serverreflexive","transport":"udp","ipAddress":"3.249.64.62","portNumber":"10000"},"Channel-audio-1":{"timestamp":0,"type":"googComponent","selectedCandidatePairId":"Conn-audio-1-1"},"bweforvideo":{"timestamp":0,"type":"VideoBwe","googAvailableSendBandwidth":"539222","googAvailableReceiveBandwidth":"0"},"googTrack_cam":{"timestamp":0,"type":"googTrack","googTrackId":"cam"},"timestamp":1605198790000},1605198790001]
    """

  @Test func mapsEveryLegacyObject() throws {
    let (info, reports) = try RTCStatsTestData.record(Self.dump)
    #expect(info.format == .rtcstatsLegacy)
    #expect(info.userAgent == "Mozilla/5.0 Chrome/86.0.4240.75")
    #expect(info.warnings.isEmpty)
    let report = try #require(reports.first)
    #expect(report.peerConnection == "PC_0")
    #expect(report.report.timestamp == 1_605_198_790_000)

    // Sent video: outbound-rtp + remote-inbound-rtp + media-source + codec.
    let outbound = try #require(report.row("ssrc_11_send"))
    #expect(report.report.type(at: outbound) == .outboundRTP)
    #expect(report.report.timestamp(at: outbound) == 1_605_198_790_000)
    #expect(report.number("ssrc_11_send", .ssrc) == 11)
    #expect(report.text("ssrc_11_send", .kind) == "video")
    #expect(report.number("ssrc_11_send", .bytesSent) == 1000)
    #expect(report.number("ssrc_11_send", .framesPerSecond) == 15)
    #expect(report.number("ssrc_11_send", .frameWidth) == 640)
    #expect(report.number("ssrc_11_send", .frameHeight) == 360)
    #expect(report.number("ssrc_11_send", .framesEncoded) == 100)
    #expect(report.number("ssrc_11_send", .nackCount) == 3)
    #expect(report.number("ssrc_11_send", .pliCount) == 1)
    #expect(report.number("ssrc_11_send", .qualityLimitationResolutionChanges) == 4)
    // The first poll of a stream has no time to attribute yet.
    #expect(report.number("ssrc_11_send", .qualityLimitationDurationsBandwidth) == 0)
    #expect(report.text("ssrc_11_send", .qualityLimitationReason) == "bandwidth")
    #expect(report.text("ssrc_11_send", .encoderImplementation) == "libvpx")
    let remoteID = try #require(report.text("ssrc_11_send", .remoteId))
    #expect(report.text(remoteID, .localId) == "ssrc_11_send")
    #expect(report.number(remoteID, .roundTripTime) == 0.045)  // googRtt 45 ms
    #expect(report.number(remoteID, .jitter) == 0.007)  // googJitterReceived 7 ms
    #expect(report.number(remoteID, .packetsLost) == 2)
    let sourceID = try #require(report.text("ssrc_11_send", .mediaSourceId))
    #expect(report.text(sourceID, .trackIdentifier) == "cam")
    #expect(report.number(sourceID, .width) == 1280)
    #expect(report.number(sourceID, .framesPerSecond) == 30)
    let codecID = try #require(report.text("ssrc_11_send", .codecId))
    #expect(report.text(codecID, .mimeType) == "video/VP8")

    // Received audio.
    #expect(report.report.type(at: try #require(report.row("ssrc_22_recv"))) == .inboundRTP)
    #expect(report.number("ssrc_22_recv", .bytesReceived) == 5000)
    #expect(report.number("ssrc_22_recv", .packetsLost) == 1)
    #expect(report.number("ssrc_22_recv", .jitter) == 0.012)
    #expect(report.number("ssrc_22_recv", .audioLevel) == 16384.0 / 32767.0)
    // 100 decode calls of 10 ms, of which PLC 3 + PLCCNG 2 concealed, × 480 samples.
    #expect(report.number("ssrc_22_recv", .totalSamplesReceived) == 48_000)
    #expect(report.number("ssrc_22_recv", .concealedSamples) == 2_400)
    #expect(report.text("ssrc_22_recv", .trackIdentifier) == "mic-remote")

    // ICE: the active pair is the selected one, whatever the component says.
    #expect(report.text("Channel-audio-1", .selectedCandidatePairId) == "Conn-audio-1-0")
    #expect(report.number("Conn-audio-1-0", .currentRoundTripTime) == 0.048)
    #expect(report.number("Conn-audio-1-0", .availableOutgoingBitrate) == 539_222)
    #expect(report.number("Conn-audio-1-0", .availableIncomingBitrate) == nil)
    #expect(report.number("Conn-audio-1-0", .selected) == 1)
    #expect(report.text("Conn-audio-1-0", .state) == "succeeded")
    #expect(report.number("Conn-audio-1-1", .currentRoundTripTime) == nil)
    #expect(report.number("Conn-audio-1-1", .selected) == 0)
    #expect(report.text("Cand-a", .candidateType) == "relay")
    #expect(report.text("Cand-a", .protocol) == "udp")
    #expect(report.number("Cand-a", .port) == 51189)
    #expect(report.text("Cand-b", .candidateType) == "srflx")
    #expect(report.row("googTrack_cam") == nil)
    #expect(report.row("bweforvideo") == nil)
  }

  @Test func analysesTheMappedReport() throws {
    var analyzer = CallAnalyzer()
    _ = try DumpReader.read(source: MemoryByteSource(Self.dump), into: &analyzer)
    let connection = try #require(analyzer.analysis().connection("PC_0"))
    #expect(connection.transport.selectedCandidatePair?.localCandidateType == "relay")
    #expect(connection.transport.roundTripTime?.mean == 48)
    #expect(connection.transport.availableOutgoingBitrate?.mean == 539_222)
    let video = try #require(connection.track(.outbound, ssrc: 11))
    #expect(video.kind == .video)
    #expect(video.codec == "VP8")
    #expect(video.roundTripTime?.mean == 45)
    #expect(video.qualityLimitation?.reason == .bandwidth)
  }

  /// Three polls 2 s apart: unlimited, then CPU-limited, then bandwidth-limited.
  @Test func rebuildsLimitationDurations() throws {
    func poll(_ time: Int, cpu: Bool, bandwidth: Bool) -> String {
      """
      ["getstats","PC_0",{"ssrc_1_send":{"timestamp":0,"type":"ssrc","ssrc":"1","mediaType":"video","bytesSent":"\(time)","googCpuLimitedResolution":"\(cpu)","googBandwidthLimitedResolution":"\(bandwidth)"},"timestamp":\(time)}, \(time)]
      """
    }
    let dump = [
      poll(1_605_198_790_000, cpu: false, bandwidth: false),
      poll(1_605_198_792_000, cpu: true, bandwidth: false),
      poll(1_605_198_794_000, cpu: false, bandwidth: true),
    ].joined(separator: "\n")
    let (_, reports) = try RTCStatsTestData.record(dump)
    try #require(reports.count == 3)
    #expect(reports[1].number("ssrc_1_send", .qualityLimitationDurationsCpu) == 2)
    #expect(reports[1].number("ssrc_1_send", .qualityLimitationDurationsNone) == 0)
    #expect(reports[2].number("ssrc_1_send", .qualityLimitationDurationsCpu) == 2)
    #expect(reports[2].number("ssrc_1_send", .qualityLimitationDurationsBandwidth) == 2)
    #expect(reports[2].text("ssrc_1_send", .qualityLimitationReason) == "bandwidth")
  }

  @Test func translatesCandidateTypes() {
    #expect(LegacyGoogStatsMapper.candidateType("host") == "host")
    #expect(LegacyGoogStatsMapper.candidateType("serverreflexive") == "srflx")
    #expect(LegacyGoogStatsMapper.candidateType("peerreflexive") == "prflx")
    #expect(LegacyGoogStatsMapper.candidateType("relayed") == "relay")
  }

  // MARK: - Real dumps

  /// Figures computed with python3 from the raw files: reports merged with the jitsi delta
  /// rules, bitrate = Σ Δbytes·8 / Σ Δt over consecutive samples whose counter did not go
  /// back, RTT = mean of the sent stream's `googRtt` samples > 0, resolution = the
  /// `googFrameWidth/HeightSent|Received` held longest.
  struct Expected: Sendable, CustomStringConvertible {
    var file: String
    var connection: String
    var direction: Direction
    var ssrc: UInt32
    var codec: String
    var bitrate: Double
    var packetsLost: Int
    var width: Int?
    var height: Int?
    var roundTripTime: Double?

    var description: String { "\(file) \(connection) \(direction) \(ssrc)" }
  }

  static let expectations: [Expected] = [
    Expected(
      file: "jitsi-chrome-legacy-goog-sfu.jsonl", connection: "PC_1", direction: .outbound,
      ssrc: 108_604_700, codec: "VP8", bitrate: 209_157, packetsLost: 3, width: 320, height: 180,
      roundTripTime: 47.30),
    Expected(
      file: "jitsi-chrome-legacy-goog-sfu.jsonl", connection: "PC_1", direction: .outbound,
      ssrc: 3_139_384_748, codec: "opus", bitrate: 22792, packetsLost: 2, roundTripTime: 48.58),
    Expected(
      file: "jitsi-chrome-legacy-goog-sfu.jsonl", connection: "PC_1", direction: .inbound,
      ssrc: 4_229_390_456, codec: "VP8", bitrate: 516_515, packetsLost: 4, width: 1280, height: 720),
    Expected(
      file: "jitsi-chrome-legacy-goog-sfu.jsonl", connection: "PC_1", direction: .inbound,
      ssrc: 321_056_115, codec: "opus", bitrate: 41424, packetsLost: 3),
    Expected(
      file: "jitsi-chrome-legacy-goog-multiple-pc.jsonl", connection: "PC_0", direction: .outbound,
      ssrc: 852_864_162, codec: "H264", bitrate: 1_248_539, packetsLost: 0, width: 1280,
      height: 720,
      roundTripTime: 2.34),
    Expected(
      file: "jitsi-chrome-legacy-goog-multiple-pc.jsonl", connection: "PC_1", direction: .inbound,
      ssrc: 972_539_169, codec: "VP8", bitrate: 39466, packetsLost: 171, width: 1280, height: 720),
    Expected(
      file: "jitsi-chrome-legacy-goog-multiple-pc.jsonl", connection: "PC_1", direction: .outbound,
      ssrc: 891_790_093, codec: "VP8", bitrate: 330_232, packetsLost: 0, width: 640, height: 360,
      roundTripTime: 52.43),
    Expected(
      file: "jitsi-chrome-legacy-goog-multiple-pc.jsonl", connection: "PC_2", direction: .inbound,
      ssrc: 2_272_983_867, codec: "H264", bitrate: 1_431_069, packetsLost: 0, width: 1280,
      height: 720),
    // The fippo client left unchanged objects out of its deltas; the encoder restarted at
    // 1608031832329 (bytesSent 7196918 → 25568).
    Expected(
      file: "jitsi-chrome-legacy-goog-screenshare-simulcast-p2p.jsonl", connection: "PC_0",
      direction: .outbound, ssrc: 1_497_439_537, codec: "VP8", bitrate: 858_486, packetsLost: 6,
      width: 1376, height: 576, roundTripTime: 177.79),
    Expected(
      file: "jitsi-chrome-legacy-goog-screenshare-simulcast-p2p.jsonl", connection: "PC_0",
      direction: .inbound, ssrc: 3_204_354_242, codec: "VP8", bitrate: 2_552_520, packetsLost: 1,
      width: 1280, height: 720),
    Expected(
      file: "jitsi-chrome99-legacy-goog-p2p.jsonl", connection: "PC_0", direction: .outbound,
      ssrc: 3_500_323_962, codec: "VP9", bitrate: 1_301_104, packetsLost: 0, width: 1280,
      height: 720,
      roundTripTime: 1),
    Expected(
      file: "jitsi-chrome99-legacy-goog-p2p.jsonl", connection: "PC_0", direction: .inbound,
      ssrc: 3_482_054_886, codec: "VP9", bitrate: 1_357_595, packetsLost: 0, width: 1280,
      height: 720),
  ]

  @Test(.enabled(if: RTCStatsTestData.isAvailable), arguments: expectations)
  func legacyDumpFigures(_ expected: Expected) throws {
    let (info, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus(expected.file))
    #expect(info.details.contains { $0.hasPrefix("legacy goog stats (callback getStats)") })
    let connection = try #require(analysis.connection(expected.connection))
    let track = try #require(connection.track(expected.direction, ssrc: expected.ssrc))
    #expect(track.codec == expected.codec)
    let bitrate = try #require(track.bitrate?.mean)
    #expect(abs(bitrate - expected.bitrate) <= 1, "bitrate \(bitrate)")
    #expect(track.packetsLost == expected.packetsLost)
    #expect(track.width == expected.width)
    #expect(track.height == expected.height)
    if let rtt = expected.roundTripTime {
      let mean = try #require(track.roundTripTime?.mean)
      #expect(abs(mean - rtt) < 0.01, "rtt \(mean)")
    }
  }

  /// The jitsi client claimed `statsFormat: chrome_standard`, the payload is legacy.
  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func sniffsThePayloadNotTheMetadata() throws {
    let (info, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus("jitsi-chrome99-legacy-goog-p2p.jsonl"))
    #expect(
      info.details.contains("legacy goog stats (callback getStats) in 2 of 2 peer connections"))
    #expect(
      info.warnings.contains(
        "the metadata says statsFormat chrome_standard, but the getstats payloads are legacy goog stats; read them as legacy"
      ))
    let sent = try #require(analysis.connection("PC_0")?.track(.outbound, ssrc: 3_500_323_962))
    // googFrameRateSent was 30 in both intervals.
    #expect(sent.frameRate?.mean == 30)
  }
}
