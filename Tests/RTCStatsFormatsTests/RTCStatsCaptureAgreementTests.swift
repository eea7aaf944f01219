import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// The same call in three exports agrees: for every capture scenario, Chrome's rtcstats
/// export (`rtcstats-dump.gz`, read by ``RTCStatsDumpParser``) gives the same per-track
/// figures as the page's own getStats logs (`sender.jsonl`, `receiver.jsonl`).
///
/// The two exports poll independently (webrtc-internals once a second from the start of each
/// peer connection, the page at t0…t0+30 s), so counters at the end agree exactly while
/// means differ by the edge seconds: bitrate within 3 %, loss within 0.5 points.
@Suite(
  "rtcstats dump agrees with the page's getStats logs", .enabled(if: RTCStatsTestData.isAvailable))
struct RTCStatsCaptureAgreementTests {
  static let scenarios = [
    "audio-only", "basic", "bitrate-cap", "freeze", "loss20-burst", "loss5", "pause",
    "pause-disabled", "simulcast", "svc",
  ]

  @Test(arguments: scenarios)
  func perTrackFiguresAgree(scenario: String) throws {
    let dumpPath = RTCStatsTestData.capture(scenario, "rtcstats-dump.gz")
    guard RTCStatsTestData.exists(dumpPath) else { return }
    let (info, dump) = try RTCStatsTestData.analyse(dumpPath)
    #expect(info.format == .rtcstats)
    #expect(info.isCompressed)
    #expect(dump.peerConnections.count == 2)
    let (_, senderLog) = try RTCStatsTestData.analyse(
      RTCStatsTestData.capture(scenario, "sender.jsonl"))
    let (_, receiverLog) = try RTCStatsTestData.analyse(
      RTCStatsTestData.capture(scenario, "receiver.jsonl"))
    let sender = try #require(senderLog.peerConnections.first)
    let receiver = try #require(receiverLog.peerConnections.first)

    // The dump's sender is the peer connection that sends media.
    let dumpSender = try #require(
      dump.peerConnections.first { $0.tracks.contains { $0.direction == .outbound } })
    let dumpReceiver = try #require(dump.peerConnections.first { $0.id != dumpSender.id })
    #expect(!dumpReceiver.tracks.contains { $0.direction == .outbound })

    var compared = 0
    for (dumpSide, logSide) in [(dumpSender, sender), (dumpReceiver, receiver)] {
      #expect(dumpSide.tracks.count == logSide.tracks.count, "\(scenario) \(dumpSide.id)")
      for track in dumpSide.tracks {
        let ssrc = try #require(track.ssrcs.first)
        let expected = try #require(
          logSide.track(track.direction, ssrc: ssrc),
          "\(scenario): no \(track.direction) \(ssrc) in the log")
        compare(track, expected, label: "\(scenario) \(track.direction) \(track.kind) \(ssrc)")
        compared += 1
      }
    }
    #expect(compared >= 2)
  }

  private func compare(_ track: TrackAnalysis, _ expected: TrackAnalysis, label: String) {
    #expect(track.kind == expected.kind, "\(label)")
    #expect(Set(track.ssrcs) == Set(expected.ssrcs), "\(label)")
    #expect(track.codec == expected.codec, "\(label)")
    #expect(track.freezeCount == expected.freezeCount, "\(label) freezeCount")
    #expect(track.pauseCount == expected.pauseCount, "\(label) pauseCount")
    switch (track.packetLossPercent, expected.packetLossPercent) {
    case (let value?, let reference?):
      #expect(abs(value - reference) <= 0.5, "\(label) loss \(value) vs \(reference)")
    case (nil, nil):
      break
    default:
      Issue.record(
        "\(label): loss \(String(describing: track.packetLossPercent)) vs \(String(describing: expected.packetLossPercent))"
      )
    }
    let bitrate = track.bitrate?.mean
    let reference = expected.bitrate?.mean
    #expect((bitrate == nil) == (reference == nil), "\(label) bitrate presence")
    if let bitrate, let reference, reference > 1000 {
      #expect(
        abs(bitrate - reference) / reference <= 0.03, "\(label) bitrate \(bitrate) vs \(reference)")
    }
    if track.kind == .video {
      #expect(
        track.width == expected.width && track.height == expected.height, "\(label) resolution")
    }
  }
}
