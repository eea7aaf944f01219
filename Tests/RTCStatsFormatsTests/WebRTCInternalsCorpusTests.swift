import RTCStatsCore
import RTCStatsFormats
import Testing

/// Real webrtc-internals dumps from `shared/corpus/unlicensed` (read in place, never copied).
///
/// Every expected figure was computed with python3 from the raw file, e.g. a mean bitrate
/// as `(values[-1] − values[0]) · 8 / (timestamps[-1] − timestamps[first]) · 1000` over the
/// `bytesSent`/`bytesReceived` series and the object's `-timestamp` series (or, in the
/// Chrome 86 dump, its `startTime`/`endTime`), and final counters as the last value of
/// their series.
@Suite struct WebRTCInternalsCorpusTests {
  static func analyse(_ file: String) throws -> (DumpInfo, CallAnalysis) {
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(
      path: InternalsSharedData.path("corpus/unlicensed/" + file), into: &analyzer)
    return (info, analyzer.analysis())
  }

  static func track(
    _ analysis: CallAnalysis, _ connection: String, _ direction: Direction, _ kind: MediaKind
  ) throws -> TrackAnalysis {
    let peerConnection = try #require(analysis.peerConnections.first { $0.id == connection })
    return try #require(
      peerConnection.tracks.first { $0.direction == direction && $0.kind == kind })
  }

  /// `a` equals `b` to a relative 10⁻⁴ (interval figures are stored as `Float`).
  static func close(_ a: Double?, _ b: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= 1e-4 * abs(b)
  }

  @Test(
    .enabled(
      if: InternalsSharedData.exists(
        "corpus/unlicensed/internals-chrome149-h265-recvonly-freezes.txt")))
  func chrome149ReceiveOnlyH265WithFreezes() throws {
    let (info, analysis) = try Self.analyse("internals-chrome149-h265-recvonly-freezes.txt")
    #expect(info.details.contains("M117+ layout (per-object timestamp series)"))
    #expect(info.reportCount == 78)
    #expect(info.warnings.isEmpty)
    #expect(
      info.userAgent
        == "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/149.0.0.0 Safari/537.36"
    )
    #expect(analysis.peerConnections.map(\.id) == ["215-4"])
    let tracks = try #require(analysis.peerConnections.first).tracks
    #expect(tracks.count == 1)
    let video = try Self.track(analysis, "215-4", .inbound, .video)
    #expect(video.codec == "H265")
    #expect(video.ssrc == 1_375_092_232)
    #expect(video.decoderImplementation == "ExternalDecoder (D3D11VideoDecoder)")
    // freezeCount 0 → 3, totalFreezesDuration 0 → 1.39 s.
    #expect(video.freezeCount == 3)
    #expect(Self.close(video.totalFreezesDuration, 1390))
    #expect(video.pauseCount == 0)
    #expect(video.packetsLost == 0)
    #expect(video.packets == 4215)
    #expect(video.width == 640 && video.height == 480)
    #expect(Self.close(video.bitrate?.mean, 478_401.516))
  }

  @Test(
    .enabled(
      if: InternalsSharedData.exists("corpus/unlicensed/internals-chrome144-2pc-screenshare.txt")))
  func chrome144TwoConnectionsCallingEachOther() throws {
    let (info, analysis) = try Self.analyse("internals-chrome144-2pc-screenshare.txt")
    #expect(analysis.peerConnections.map(\.id) == ["92-1", "94-1"])
    #expect(analysis.peerConnections.map(\.reportCount) == [59, 54])
    #expect(info.reportCount == 113)
    let expected: [(String, Direction, MediaKind, UInt32, Double)] = [
      ("92-1", .outbound, .audio, 3_649_547_636, 28_193.020),
      ("92-1", .outbound, .video, 322_562_611, 1_400_112.455),
      ("92-1", .inbound, .audio, 2_631_453_875, 28_028.764),
      ("92-1", .inbound, .video, 1_544_958_365, 1_383_004.524),
      ("94-1", .outbound, .audio, 2_631_453_875, 28_028.824),
      ("94-1", .outbound, .video, 1_544_958_365, 1_358_991.689),
      ("94-1", .inbound, .audio, 3_649_547_636, 28_193.080),
      ("94-1", .inbound, .video, 322_562_611, 1_424_980.374),
    ]
    for (connection, direction, kind, ssrc, bitrate) in expected {
      let track = try Self.track(analysis, connection, direction, kind)
      #expect(track.ssrc == ssrc, "\(connection) \(direction) \(kind)")
      #expect(Self.close(track.bitrate?.mean, bitrate), "\(connection) \(direction) \(kind)")
      #expect(track.codec == (kind == .audio ? "opus" : "VP8"))
      if direction == .inbound && kind == .video { #expect(track.freezeCount == 0) }
    }
    // qualityLimitationDurations, last value: {"bandwidth":16.122,"none":33.287} and
    // {"bandwidth":18.135,"none":31.268}.
    let first = try #require(try Self.track(analysis, "92-1", .outbound, .video).qualityLimitation)
    #expect(first.durations[.bandwidth] == 16.122 && first.durations[.none] == 33.287)
    #expect(first.reason == .none)
    let second = try #require(try Self.track(analysis, "94-1", .outbound, .video).qualityLimitation)
    #expect(second.durations[.bandwidth] == 18.135 && second.durations[.none] == 31.268)
  }

  @Test(
    .enabled(if: InternalsSharedData.exists("corpus/unlicensed/internals-chrome147-2pc-lowfps.txt"))
  )
  func chrome147LowFrameRate() throws {
    let (_, analysis) = try Self.analyse("internals-chrome147-2pc-lowfps.txt")
    #expect(analysis.peerConnections.map(\.id) == ["11-1", "12-2"])
    #expect(analysis.peerConnections.map(\.reportCount) == [20, 11])
    let sent = try Self.track(analysis, "11-1", .outbound, .video)
    #expect(sent.ssrc == 4_059_607_022)
    #expect(Self.close(sent.bitrate?.mean, 20_776.016))
    #expect(sent.width == 320 && sent.height == 180)
    // qualityLimitationDurations, last value: {"bandwidth":16.52,"none":0.588}.
    #expect(sent.qualityLimitation?.reason == .bandwidth)
    #expect(sent.qualityLimitation?.durations[.bandwidth] == 16.52)
    let received = try Self.track(analysis, "12-2", .inbound, .video)
    #expect(Self.close(received.bitrate?.mean, 27_363.41))
    // framesDecoded 0 → 16 over 8.543 s.
    #expect(Self.close(received.frameRate?.mean, 1.872_923))
  }

  @Test(
    .enabled(
      if: InternalsSharedData.exists("corpus/unlicensed/internals-chrome86-oldformat-4min.json")))
  func chrome86OldLayout() throws {
    let (info, analysis) = try Self.analyse("internals-chrome86-oldformat-4min.json")
    #expect(info.details.contains("pre-M117 layout (no per-object timestamps)"))
    #expect(info.details.contains("types read from the stats ids (no statsType)"))
    #expect(info.warnings.contains { $0.hasPrefix("no per-object timestamps (pre-M117 dump)") })
    // One report per poll: 247 and 166 samples per full-length series.
    #expect(analysis.peerConnections.map(\.id) == ["18084-8", "18084-9"])
    #expect(analysis.peerConnections.map(\.reportCount) == [247, 166])

    let sent = try Self.track(analysis, "18084-8", .outbound, .video)
    #expect(sent.ssrc == 1_519_538_442)
    #expect(sent.codec == "VP8")
    #expect(Self.close(sent.bitrate?.mean, 230_624.907))
    #expect(
      Self.close(try Self.track(analysis, "18084-8", .outbound, .audio).bitrate?.mean, 22_714.170))

    let received = try Self.track(analysis, "18084-9", .inbound, .video)
    #expect(received.ssrc == 2_617_442_739)
    #expect(received.codec == "VP8")
    #expect(Self.close(received.bitrate?.mean, 123_794.473))
    #expect(received.width == 192 && received.height == 144)
    // inbound-rtp has no freeze counters in Chrome 86: they come from the track object its
    // trackId names (RTCMediaStreamTrack_receiver_18: freezeCount and pauseCount all 0).
    #expect(received.trackIdentifier == "2042266a-27eb-48cd-a58f-1c1f3099c625")
    #expect(received.freezeCount == 0)
    #expect(received.pauseCount == 0)
    #expect(
      Self.close(try Self.track(analysis, "18084-9", .inbound, .audio).bitrate?.mean, 19_130.424))
  }
}
