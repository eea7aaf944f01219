import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// Chrome 144's own rtcstats export of a two-tab screen-share call (corpus/unlicensed, read
/// in place).
///
/// The same session's webrtc-internals dump is
/// `internals-chrome144-2pc-screenshare.txt`.
///
/// Expected figures computed with python3 from the raw file: per SSRC, the inbound-rtp or
/// outbound-rtp objects of every `getStats` line, bitrate = (last − first bytes)·8 /
/// (last − first timestamp) (no counter resets in this call), final packet counters, the
/// last `frameWidth`/`frameHeight` (constant 640x480).
@Suite("Chrome's rtcstats export", .enabled(if: RTCStatsTestData.isAvailable))
struct RTCStatsChromeExportTests {
  static let path = RTCStatsTestData.unlicensedCorpus(
    "chrome-native-rtcstats-chrome144-2pc-screenshare.txt")

  struct Expected: Sendable, CustomStringConvertible {
    var connection: String
    var direction: Direction
    var kind: MediaKind
    var ssrc: UInt32
    var bitrate: Double
    var packets: Int

    var description: String { "\(connection) \(direction) \(kind) \(ssrc)" }
  }

  static let expectations: [Expected] = [
    Expected(
      connection: "92-1", direction: .outbound, kind: .audio, ssrc: 3_649_547_636, bitrate: 28162,
      packets: 2570),
    Expected(
      connection: "92-1", direction: .outbound, kind: .video, ssrc: 322_562_611, bitrate: 1_412_803,
      packets: 8446),
    Expected(
      connection: "92-1", direction: .inbound, kind: .audio, ssrc: 2_631_453_875, bitrate: 28027,
      packets: 2569),
    Expected(
      connection: "92-1", direction: .inbound, kind: .video, ssrc: 1_544_958_365,
      bitrate: 1_396_451, packets: 8220),
    Expected(
      connection: "94-1", direction: .outbound, kind: .audio, ssrc: 2_631_453_875, bitrate: 28027,
      packets: 2569),
    Expected(
      connection: "94-1", direction: .outbound, kind: .video, ssrc: 1_544_958_365,
      bitrate: 1_373_112, packets: 8220),
    Expected(
      connection: "94-1", direction: .inbound, kind: .audio, ssrc: 3_649_547_636, bitrate: 28162,
      packets: 2570),
    Expected(
      connection: "94-1", direction: .inbound, kind: .video, ssrc: 322_562_611, bitrate: 1_436_934,
      packets: 8446),
  ]

  @Test func readsTheExport() throws {
    guard RTCStatsTestData.exists(Self.path) else { return }
    let (info, analysis) = try RTCStatsTestData.analyse(Self.path)
    #expect(info.format == .rtcstats)
    #expect(info.reportCount == 117)  // 61 getStats lines of 92-1, 56 of 94-1
    #expect(info.userAgent == "Google Chrome/144 (Linux)")
    #expect(info.details.contains("Chrome webrtc-internals export: full getStats reports"))
    #expect(analysis.peerConnections.map(\.id) == ["92-1", "94-1"])
    #expect(analysis.allTracks.count == 8)
  }

  @Test(arguments: expectations)
  func perTrackFigures(_ expected: Expected) throws {
    guard RTCStatsTestData.exists(Self.path) else { return }
    let (_, analysis) = try RTCStatsTestData.analyse(Self.path)
    let track = try #require(
      analysis.connection(expected.connection)?.track(expected.direction, ssrc: expected.ssrc))
    #expect(track.kind == expected.kind)
    #expect(track.codec == (expected.kind == .video ? "VP8" : "opus"))
    #expect(track.packets == expected.packets)
    let bitrate = try #require(track.bitrate?.mean)
    #expect(abs(bitrate - expected.bitrate) <= 1, "\(bitrate)")
    #expect(track.packetsLost == 0)
    if expected.kind == .video {
      #expect(track.width == 640 && track.height == 480)
      if expected.direction == .inbound {
        #expect(track.freezeCount == 0)
        #expect(track.pauseCount == 0)
      }
    }
  }
}
