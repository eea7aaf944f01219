import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Dumps from the field (corpus) and the diagnosis under a bounded timeline.
@Suite struct DiagnosisCorpusTests {
  private func analyze(_ path: String, retention: TimelineRetention = .all) throws -> CallAnalysis {
    var analyzer = CallAnalyzer(retention: retention)
    _ = try DumpReader.read(path: path, into: &analyzer)
    return analyzer.analysis()
  }

  /// A Chrome 117 VP9 SVC call relayed over TURN/TLS with freezes: the freezes, the relay and
  /// the decoder fallback it reports in its implementation name.
  @Test func chrome117RelayDumpReportsFreezesAndTheRelay() throws {
    let path = TestData.sample("corpus/jitsi-chrome117-vp9svc-relay-freezes.jsonl")
    let analysis = try analyze(path)
    let freezes = analysis.findings.filter { $0.code.rawValue == "videoFreezes" }
    #expect(!freezes.isEmpty)
    let counted = freezes.reduce(0) { sum, finding in
      guard case .integer(let count) = finding.evidence["freezeCount"] else { return sum }
      return sum + count
    }
    let tracks = analysis.peerConnections.flatMap(\.tracks).filter {
      $0.kind == .video && $0.direction == .inbound
    }
    #expect(counted == tracks.compactMap(\.freezeCount).reduce(0, +))
    let relay = try #require(analysis.findings.first { $0.code.rawValue == "relayOverTCP" })
    #expect(relay.evidence["transportProtocol"] == .text("TURN/TLS"))
    let pair = try #require(analysis.peerConnections.first?.transport.selectedCandidatePair)
    #expect(pair.localCandidateType == "relay" && pair.relayProtocol == "tls")
    #expect(analysis.findings.contains { $0.code.rawValue == "codecFallback" })
    // No RTT on its audio: no MOS rather than the 4.4 of an RTT read as 0.
    let audio = try #require(analysis.peerConnections.first?.audioMOS.first)
    #expect(audio.mos == nil && audio.scoredIntervals == 0)
  }

  @Test(.enabled(if: TestData.isSharedAvailable))
  func safariRelayOverUDPIsAnInfo() throws {
    let analysis = try analyze(TestData.sharedPath("corpus/public/jitsi-safari17-relay-loss.jsonl"))
    let relay = try #require(analysis.findings.first { $0.code.rawValue == "turnRelay" })
    #expect(relay.severity == .info)
    #expect(relay.evidence["relayProtocol"] == .text("udp"))
  }

  /// The diagnosis runs as rows arrive: a timeline that keeps 8 rows gives the same findings and
  /// network conditions as one that keeps everything.
  @Test(
    .enabled(if: TestData.isSharedAvailable),
    arguments: ["outage/receiver", "bandwidth/sender", "sfu-uplink-loss/subscriber"])
  func boundedTimelineGivesTheSameDiagnosis(_ name: String) throws {
    let path = TestData.sharedPath("capture/out/\(name).jsonl")
    let all = try analyze(path)
    let recent = try analyze(path, retention: .recent(8))
    #expect(recent.findings == all.findings)
    #expect(recent.peerConnections.map(\.networkCondition) == all.peerConnections.map(\.networkCondition))
  }
}
