import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// The capture acceptance checks on the same scenarios recorded in Firefox 153
/// (../shared/capture/out-firefox), wherever Firefox reports the figure.
///
/// Truth: each
/// scenario's truth.json and capture/README.md ("Firefox"). Skipped without ../shared.
@Suite(.enabled(if: TestData.isSharedAvailable)) struct FirefoxCaptureTests {
  private func track(_ scenario: String, _ side: String, _ direction: Direction, _ kind: MediaKind)
    throws -> TrackAnalysis
  {
    let (_, analysis) = try TestData.analyze(
      TestData.sharedPath("capture/out-firefox/\(scenario)/\(side).jsonl"))
    return try #require(
      analysis.peerConnections.flatMap(\.tracks).first { $0.direction == direction && $0.kind == kind })
  }

  @Test func pauseWithInactiveEncodingIsOneEightSecondPause() throws {
    let video = try track("pause", "receiver", .inbound, .video)
    #expect(video.pauseCount == 1)
    let duration = try #require(video.totalPausesDuration)
    #expect(abs(duration - 8000) <= 300)
  }

  @Test func freezeCountIsFirefoxsOwnCounter() throws {
    let path = TestData.sharedPath("capture/out-firefox/freeze/receiver.jsonl")
    let reference = try ReferenceCapture(jsonl: path)
    let id = try #require(reference.ids(type: "inbound-rtp", kind: "video").first)
    let video = try track("freeze", "receiver", .inbound, .video)
    // README: Firefox counts the 1.5 s stall twice (its 1 s re-send), so 5 for 4 stalls.
    #expect(video.freezeCount == Int(try #require(reference.last(id, "freezeCount"))))
    #expect(video.freezeCount == 5)
  }

  @Test func simulcastLayers() throws {
    let video = try track("simulcast", "sender", .outbound, .video)
    #expect(video.layers.map(\.rid) == ["q", "h", "f"])
    let caps = [150_000.0, 500_000, 1_500_000]
    for (layer, cap) in zip(video.layers, caps) {
      let mean = try #require(layer.bitrate?.mean)
      #expect(abs(mean - cap) / cap <= 0.15, "\(layer.rid ?? "?"): \(mean)")
    }
    #expect(video.layers.map(\.height) == [180, 360, 720])
  }

  @Test(arguments: [("sender", Direction.outbound), ("receiver", Direction.inbound)])
  func loss5OnVideo(side: String, direction: Direction) throws {
    let video = try track("loss5", side, direction, .video)
    let percent = try #require(video.packetLossPercent)
    #expect(percent >= 4 && percent <= 6, "\(percent)")
  }

  @Test func disabledTrackIsNotAPause() throws {
    let video = try track("pause-disabled", "receiver", .inbound, .video)
    #expect(video.pauseCount == 0)
  }
}
