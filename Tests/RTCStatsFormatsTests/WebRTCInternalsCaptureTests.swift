import RTCStatsCore
import RTCStatsFormats
import Testing

/// Each capture in `shared/capture/out/<scenario>/` recorded one call twice: the page's own
/// `getStats()` polls (`sender.jsonl`, `receiver.jsonl`) and chrome://webrtc-internals'
/// (`webrtc-internals.json`, two peer connections).
///
/// The two recordings poll at different
/// moments and webrtc-internals stops at its own last poll, so figures differ a little;
/// per track (matched by SSRC) the analyses must agree: freezes and pauses exactly, packet
/// loss within 0.5 point, mean bitrate within 3 %.
@Suite struct WebRTCInternalsCaptureTests {
  static let scenarios = [
    "audio-only", "basic", "bitrate-cap", "freeze", "loss20-burst", "loss5", "pause",
    "pause-disabled", "simulcast", "svc",
  ]

  static func available(_ scenario: String) -> Bool {
    InternalsSharedData.exists("capture/out/\(scenario)/webrtc-internals.json")
      && InternalsSharedData.exists("capture/out/\(scenario)/sender.jsonl")
      && InternalsSharedData.exists("capture/out/\(scenario)/receiver.jsonl")
  }

  /// The tracks of every peer connection found in `files`, by direction, kind and SSRCs.
  static func tracks(_ files: [String]) throws -> [String: TrackAnalysis] {
    var tracks: [String: TrackAnalysis] = [:]
    for file in files {
      var analyzer = CallAnalyzer()
      _ = try DumpReader.read(path: InternalsSharedData.path(file), into: &analyzer)
      for connection in analyzer.analysis().peerConnections {
        for track in connection.tracks {
          let key = "\(track.direction) \(track.kind) \(track.ssrcs.sorted())"
          #expect(tracks[key] == nil, "two tracks \(key)")
          tracks[key] = track
        }
      }
    }
    return tracks
  }

  @Test(.enabled(if: InternalsSharedData.isAvailable), arguments: scenarios)
  func internalsDumpAgreesWithTheGetStatsLogs(scenario: String) throws {
    guard Self.available(scenario) else { return }
    let directory = "capture/out/\(scenario)/"
    let internals = try Self.tracks([directory + "webrtc-internals.json"])
    let logs = try Self.tracks([directory + "sender.jsonl", directory + "receiver.jsonl"])
    #expect(internals.keys.sorted() == logs.keys.sorted())
    #expect(!internals.isEmpty)
    for (key, fromLogs) in logs {
      guard let fromInternals = internals[key] else { continue }
      #expect(fromInternals.freezeCount == fromLogs.freezeCount, "freezeCount of \(key)")
      #expect(fromInternals.pauseCount == fromLogs.pauseCount, "pauseCount of \(key)")
      #expect(
        (fromInternals.packetLossPercent == nil) == (fromLogs.packetLossPercent == nil),
        "packet loss known for \(key)")
      if let a = fromInternals.packetLossPercent, let b = fromLogs.packetLossPercent {
        #expect(abs(a - b) <= 0.5, "packet loss of \(key): \(a) % vs \(b) %")
      }
      let a = try #require(fromInternals.bitrate?.mean, "bitrate of \(key)")
      let b = try #require(fromLogs.bitrate?.mean, "bitrate of \(key)")
      #expect(abs(a - b) <= 0.03 * max(a, b), "mean bitrate of \(key): \(a) vs \(b) bps")
    }
  }

  /// The scenarios with impairments must show them in the webrtc-internals analysis too,
  /// so that the comparison above is not trivially between zeros.
  @Test(.enabled(if: available("freeze") && available("pause") && available("loss5")))
  func impairmentsShowInTheInternalsDumps() throws {
    func inboundVideo(_ scenario: String) throws -> TrackAnalysis {
      let tracks = try Self.tracks(["capture/out/\(scenario)/webrtc-internals.json"])
      return try #require(tracks.values.first { $0.direction == .inbound && $0.kind == .video })
    }
    #expect(try inboundVideo("freeze").freezeCount == 4)
    #expect(try inboundVideo("pause").pauseCount == 1)
    #expect(try inboundVideo("loss5").packetLossPercent ?? 0 > 3)
  }
}
