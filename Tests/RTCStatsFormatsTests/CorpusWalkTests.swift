import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Every real dump of ../shared/corpus (public and, when present, unlicensed) is either
/// analysed with peer connections and tracks, or rejected with a message that says why.
///
/// Skipped when ../shared is absent.
@Suite(.enabled(if: TestData.isSharedAvailable)) struct CorpusWalkTests {
  /// Files that hold no getStats data, with the start of the expected message.
  static let rejected: [String: String] = [
    "jitsi-jvb-serverside-NOT-getstats.jsonl": "this is a Jitsi server-side stats dump",
    "MANIFEST.md": "not JSON",
  ]
  /// Dumps that are well formed but hold no reports (getUserMedia only): a result with
  /// their events, not an error.
  static let withoutReports: Set<String> = [
    "rtcstats-v3-chrome140-gumonly.jsonl", "internals-chrome142-gumonly.json.gz",
  ]

  static var files: [String] {
    ["corpus/public", "corpus/unlicensed"].flatMap { folder -> [String] in
      let path = TestData.sharedPath(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return names.sorted().map { path + "/" + $0 }
    }
  }

  @Test(arguments: files)
  func everyFileIsAnalysedOrRejectedClearly(_ path: String) throws {
    let name = URL(fileURLWithPath: path).lastPathComponent
    var analyzer = CallAnalyzer()
    let outcome: Result<DumpInfo, DumpError>
    do throws(DumpError) {
      outcome = .success(try DumpReader.read(path: path, into: &analyzer))
    } catch {
      outcome = .failure(error)
    }
    switch outcome {
    case .success(let info):
      #expect(Self.rejected[name] == nil, "\(name) should have been rejected")
      if Self.withoutReports.contains(name) {
        #expect(info.reportCount == 0)
        return
      }
      let analysis = analyzer.analysis()
      #expect(info.reportCount > 0)
      #expect(!analysis.peerConnections.isEmpty)
      #expect(analysis.peerConnections.contains { !$0.tracks.isEmpty }, "\(name): no tracks at all")
    case .failure(let error):
      let expected = try #require(Self.rejected[name], "\(name): \(error)")
      #expect(error.message.hasPrefix(expected))
      #expect(error.category == .data)
    }
  }

  @Test func chrome117SVCRelayFreezes() throws {
    // Checked with python3 on the raw file: the last getstats line's inbound-rtp objects.
    let path = TestData.sharedPath("corpus/public/jitsi-chrome117-vp9svc-relay-freezes.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let tracks = analysis.peerConnections.flatMap(\.tracks)
    let frozen = tracks.filter { $0.direction == .inbound && $0.kind == .video && ($0.freezeCount ?? 0) > 0 }
    #expect(frozen.map(\.ssrc) == [3_475_661_459, 3_859_036_835])
    #expect(frozen.map(\.freezeCount) == [24, 22])
    #expect(frozen.map(\.totalFreezesDuration) == [11798, 11390])
    #expect(frozen.map(\.packetsLost) == [109, 113])
    let outbound = try #require(tracks.first { $0.direction == .outbound && $0.kind == .video })
    #expect(outbound.layers.map(\.scalabilityMode) == ["L3T3_KEY"])
  }

  @Test func chrome99SevenPeerConnections() throws {
    let path = TestData.sharedPath("corpus/public/jitsi-chrome99-multiple-p2p.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    #expect(analysis.peerConnections.count == 7)
  }

  @Test func safari17FreezesFromTrackObjects() throws {
    let path = TestData.sharedPath("corpus/public/jitsi-safari17-sfu-freezes.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let counts = analysis.peerConnections.flatMap(\.tracks).compactMap(\.freezeCount)
    #expect(counts.max() == 6)
  }

  /// One Chrome 144 session saved from webrtc-internals in both of its export formats.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(
        atPath: TestData.sharedPath("corpus/unlicensed/internals-chrome144-2pc-screenshare.txt"))))
  func chrome144InternalsAndRTCStatsExportAgree() throws {
    let (_, internals) = try TestData.analyze(
      TestData.sharedPath("corpus/unlicensed/internals-chrome144-2pc-screenshare.txt"))
    let (_, export) = try TestData.analyze(
      TestData.sharedPath("corpus/unlicensed/chrome-native-rtcstats-chrome144-2pc-screenshare.txt"))
    #expect(internals.peerConnections.map(\.id) == export.peerConnections.map(\.id))
    for (a, b) in zip(internals.peerConnections, export.peerConnections) {
      #expect(a.tracks.count == b.tracks.count)
      for track in a.tracks {
        let other = try #require(
          b.tracks.first { $0.ssrc == track.ssrc && $0.direction == track.direction },
          "\(a.id) \(String(describing: track.ssrc))")
        #expect(track.freezeCount == other.freezeCount && track.pauseCount == other.pauseCount)
        #expect(abs((track.packetLossPercent ?? 0) - (other.packetLossPercent ?? 0)) <= 0.5)
        let (x, y) = (try #require(track.bitrate?.mean), try #require(other.bitrate?.mean))
        #expect(abs(x - y) / y <= 0.03, "\(a.id) \(track.kind) \(x) vs \(y)")
      }
    }
  }
}
