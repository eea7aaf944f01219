import RTCStatsCore
import Testing

/// Where a link's quality loss is placed, on synthetic calls whose impairment is known by
/// construction: loss on a publisher's uplink, on a subscriber's downlink, a lower simulcast
/// layer forwarded by the SFU, and a clean call.
@Suite struct CallSegmentTests {
  let audioA = CallFixture.Signal(seed: 11, bitrate: 32_000)
  let videoA = CallFixture.Signal(seed: 12, bitrate: 1_500_000)
  let audioB = CallFixture.Signal(seed: 13, bitrate: 32_000)
  let videoB = CallFixture.Signal(seed: 14, bitrate: 1_500_000)
  /// 10 % loss from poll 10 to poll 19.
  static let window: @Sendable (Int) -> Double = { (10..<20).contains($0) ? 0.1 : 0 }

  private func view(
    uplinkA: Bool = false, downlink: (a: Bool, b: Bool) = (false, false), freezesA: Set<Int> = []
  )
    -> CallView
  {
    let none: @Sendable (Int) -> Double = { _ in 0 }
    return CallLinker.link([
      CallFixture.dump(
        "a.jsonl",
        [
          CallFixture.publisher(
            "pub-a", audio: audioA, video: videoA, ssrcBase: 100, uplinkLoss: uplinkA ? Self.window : none)
        ]),
      CallFixture.dump(
        "b.jsonl", [CallFixture.publisher("pub-b", audio: audioB, video: videoB, ssrcBase: 200)]),
      CallFixture.dump(
        "s.jsonl",
        [
          CallFixture.subscriber(
            "sub-a", audio: audioA, video: videoA, ssrcBase: 900,
            loss: downlink.a || uplinkA ? Self.window : none,
            freezesAt: freezesA),
          CallFixture.subscriber(
            "sub-b", audio: audioB, video: videoB, ssrcBase: 950, loss: downlink.b ? Self.window : none),
        ]),
    ])
  }

  private func link(_ view: CallView, _ subscriber: String, _ kind: MediaKind) throws -> StreamLink {
    try #require(view.links.first { $0.subscriber.peerConnection == subscriber && $0.kind == kind })
  }

  /// Seconds from the start of the dumps.
  private func seconds(_ time: Double) -> Double { (time - CallFixture.epoch) / 1000 }

  @Test func lossOnAPublishersUplinkIsPlacedThere() throws {
    let view = view(uplinkA: true, freezesA: [12, 15, 18])
    for kind in [MediaKind.audio, .video] {
      let degradation = try #require(try link(view, "sub-a", kind).degradation)
      #expect(degradation.segment == .publisherUplink)
      #expect(seconds(degradation.start) >= 8 && seconds(degradation.end) <= 22)
      #expect(try link(view, "sub-b", kind).degradation == nil)
    }
    #expect(view.findings.contains { $0.code == .callPublisherUplink })
    let figures = try link(view, "sub-a", .video).figures
    #expect(abs((figures.uplinkLossPercent ?? 0) - 10 * 10 / 30) < 1.5)
    #expect((figures.downlinkLossPercent ?? 1) < 0.5)
  }

  @Test func lossOnASubscribersDownlinkIsPlacedThere() throws {
    let view = view(downlink: (true, true))
    for subscriber in ["sub-a", "sub-b"] {
      for kind in [MediaKind.audio, .video] {
        let degradation = try #require(try link(view, subscriber, kind).degradation)
        #expect(degradation.segment == .subscriberDownlink)
        #expect(seconds(degradation.start) >= 8 && seconds(degradation.end) <= 22)
      }
    }
    #expect(view.findings.contains { $0.code == .callSubscriberDownlink })
  }

  @Test func lossOnOneStreamAloneIsUnclear() throws {
    // Only sub-a's video lost packets; its audio and sub-b (same subscriber, same downlink)
    // did not: nothing says it was the downlink.
    let subscriber = CallFixture.Connection(
      id: "sub-a",
      streams: [
        .init(kind: .audio, direction: .inbound, ssrc: 900, signal: audioA, group: "a0"),
        .init(kind: .video, direction: .inbound, ssrc: 901, signal: videoA, group: "a1", loss: Self.window),
      ])
    let view = CallLinker.link([
      CallFixture.dump(
        "a.jsonl", [CallFixture.publisher("pub-a", audio: audioA, video: videoA, ssrcBase: 100)]),
      CallFixture.dump(
        "b.jsonl", [CallFixture.publisher("pub-b", audio: audioB, video: videoB, ssrcBase: 200)]),
      CallFixture.dump(
        "s.jsonl", [subscriber, CallFixture.subscriber("sub-b", audio: audioB, video: videoB, ssrcBase: 950)]),
    ])
    #expect(try link(view, "sub-a", .video).degradation?.segment == .unclear)
    #expect(try link(view, "sub-a", .audio).degradation == nil)
    #expect(try link(view, "sub-b", .video).degradation == nil)
  }

  @Test func aCleanCallHasNoDegradation() {
    #expect(view().links.allSatisfy { $0.degradation == nil })
    #expect(view().findings.isEmpty)
  }

  @Test func aLowerLayerForwardedByTheSFUIsPlacedOnTheSFU() throws {
    let full = CallFixture.Signal(seed: 21, bitrate: 1_500_000)
    let quarter = CallFixture.Signal(seed: 22, bitrate: 150_000)
    // The SFU forwards f until 15 s, then q: the receiver's bytes and size follow.
    let forwarded = CallFixture.Signal(slices: Array(full.slices[0..<150]) + Array(quarter.slices[150...]))
    let publisher = CallFixture.Connection(
      id: "pub",
      streams: [
        .init(
          kind: .video, direction: .outbound, ssrc: 1, signal: full, group: "v", rid: "f",
          height: { _ in 720 }),
        .init(
          kind: .video, direction: .outbound, ssrc: 2, signal: quarter, group: "v", rid: "q",
          height: { _ in 180 }),
      ])
    let subscriber = CallFixture.Connection(
      id: "sub",
      streams: [
        .init(
          kind: .video, direction: .inbound, ssrc: 9, signal: forwarded, group: "janus1",
          height: { $0 <= 15 ? 720 : 180 })
      ])
    let view = CallLinker.link([
      CallFixture.dump("pub.jsonl", [publisher]), CallFixture.dump("sub.jsonl", [subscriber], phase: 0),
    ])
    let video = try #require(view.links.first)
    #expect(video.figures.forwardedLayers.map(\.rid) == ["f", "q"])
    let switchTime = try #require(video.figures.forwardedLayers.last?.start)
    #expect(abs(seconds(switchTime) - 15) <= 1)
    let degradation = try #require(video.degradation)
    #expect(degradation.segment == .sfu)
    #expect(abs(seconds(degradation.start) - 15) <= 1)
    #expect(view.findings.contains { $0.code == .callForwardedLayer })
  }
}
