import RTCStatsCore
import Testing

/// Linking on synthetic calls whose topology is known by construction: by SSRC, by timing
/// through a simulated SFU (new SSRCs and ids, another clock, another polling phase), with
/// strangers, ties and kinds that must agree.
@Suite struct CallLinkingTests {
  let audioA = CallFixture.Signal(seed: 1, bitrate: 32_000)
  let videoA = CallFixture.Signal(seed: 2, bitrate: 1_500_000)
  let audioB = CallFixture.Signal(seed: 3, bitrate: 32_000)
  let videoB = CallFixture.Signal(seed: 4, bitrate: 1_500_000)

  private func sfuCall(subscriberClock: Double, phase: Double) -> [CallDump] {
    [
      CallFixture.dump(
        "a.jsonl", [CallFixture.publisher("pub-a", audio: audioA, video: videoA, ssrcBase: 100)]),
      CallFixture.dump(
        "b.jsonl", [CallFixture.publisher("pub-b", audio: audioB, video: videoB, ssrcBase: 200)]),
      CallFixture.dump(
        "s.jsonl",
        [
          CallFixture.subscriber("sub-a", audio: audioA, video: videoA, ssrcBase: 900),
          CallFixture.subscriber("sub-b", audio: audioB, video: videoB, ssrcBase: 950),
        ], clockOffset: subscriberClock, phase: phase),
    ]
  }

  /// Every link as `publisher connection → subscriber connection kind`.
  private func pairs(_ view: CallView) -> Set<String> {
    Set(
      view.links.map { "\($0.publisher.peerConnection)→\($0.subscriber.peerConnection) \($0.kind.rawValue)" })
  }

  @Test func anSFUCallIsLinkedByTimingAcrossClocksAndPhases() throws {
    let view = CallLinker.link(sfuCall(subscriberClock: 7_300, phase: 400))
    #expect(
      pairs(view) == ["pub-a→sub-a audio", "pub-a→sub-a video", "pub-b→sub-b audio", "pub-b→sub-b video"])
    #expect(view.links.allSatisfy { $0.method == .timing })
    #expect(view.unlinked.isEmpty)
    // The subscriber's clock is 7.3 s ahead of the publishers'.
    for offset in view.clockOffsets {
      let value = try #require(
        offset.offset(fromSenderIn: offset.from == 2 ? offset.to : offset.from, toReceiverIn: 2))
      #expect(abs(value - 7_300) <= 250)
      #expect(offset.method == .timing)
      #expect(offset.support == 2)
    }
    #expect(view.clockOffsets.count == 2)
  }

  @Test func alignedPollsAddTheIdenticalShare() throws {
    let view = CallLinker.link(sfuCall(subscriberClock: 0, phase: 0))
    #expect(pairs(view).count == 4)
    let video = try #require(view.links.first { $0.kind == .video })
    #expect(video.score?.identical ?? 0 > 0.9)
    #expect(video.confidence > 0.9)
  }

  @Test func aStrangerOfAnotherCallStaysUnlinked() {
    let strangerVideo = CallFixture.Signal(seed: 77, bitrate: 1_500_000)
    let strangerAudio = CallFixture.Signal(seed: 78, bitrate: 32_000)
    var dumps = sfuCall(subscriberClock: 2_000, phase: 250)
    dumps.append(
      CallFixture.dump(
        "stranger.jsonl",
        [CallFixture.subscriber("x", audio: strangerAudio, video: strangerVideo, ssrcBase: 500)],
        clockOffset: 1_000, phase: 600))
    let view = CallLinker.link(dumps)
    #expect(pairs(view).count == 4)
    #expect(!view.links.contains { $0.subscriber.dump == 3 })
    let stranger = view.unlinked.filter { $0.reference.dump == 3 }
    #expect(stranger.count == 2)
    #expect(stranger.allSatisfy { $0.reason == .noMatch || $0.reason == .noClockOffset })
  }

  @Test func aReceiverWithoutItsPublisherIsNotForcedOntoAnother() {
    var dumps = sfuCall(subscriberClock: 0, phase: 300)
    dumps.remove(at: 1)  // publisher B is missing
    let view = CallLinker.link(dumps)
    #expect(pairs(view) == ["pub-a→sub-a audio", "pub-a→sub-a video"])
    #expect(Set(view.unlinked.map(\.reference.peerConnection)) == ["sub-b"])
  }

  @Test func p2pStreamsAreLinkedBySSRC() {
    let sender = CallFixture.dump(
      "sender.jsonl", [CallFixture.publisher("PC_0", audio: audioA, video: videoA, ssrcBase: 100)])
    let receiver = CallFixture.dump(
      "receiver.jsonl", [CallFixture.subscriber("PC_0", audio: audioA, video: videoA, ssrcBase: 100)],
      phase: 500)
    let view = CallLinker.link([receiver, sender])
    #expect(view.links.count == 2)
    #expect(view.links.allSatisfy { $0.method == .ssrc && $0.confidence == 1 })
    #expect(view.clockOffsets.first?.method == .ssrc)
  }

  @Test func kindsMustAgree() {
    // The subscriber's "audio" carries the video's bytes: no link for it.
    let publisher = CallFixture.dump(
      "a.jsonl", [CallFixture.publisher("pub", audio: audioA, video: videoA, ssrcBase: 100)])
    let subscriber = CallFixture.dump(
      "s.jsonl",
      [
        CallFixture.Connection(
          id: "sub",
          streams: [
            .init(kind: .video, direction: .inbound, ssrc: 9, signal: videoA, group: "v"),
            .init(kind: .audio, direction: .inbound, ssrc: 8, signal: videoB, group: "a"),
          ])
      ])
    let view = CallLinker.link([publisher, subscriber])
    #expect(view.links.map(\.kind) == [.video])
    #expect(view.unlinked.contains { $0.kind == .audio && $0.direction == .inbound })
  }

  @Test func aTieIsBrokenOnlyByACompanionLink() throws {
    // One page (one dump, one clock) with two publishers sending the same audio (one source,
    // one encoder): only the video tells them apart, and the subscriber's audio follows it.
    let pubA = CallFixture.publisher("pub-a", audio: audioA, video: videoA, ssrcBase: 100)
    let twin = CallFixture.publisher("pub-b", audio: audioA, video: videoB, ssrcBase: 200)
    let view = CallLinker.link([
      CallFixture.dump(
        "page.json",
        [pubA, twin, CallFixture.subscriber("sub-a", audio: audioA, video: videoA, ssrcBase: 900)])
    ])
    let audio = try #require(view.links.first { $0.kind == .audio })
    #expect(audio.publisher.peerConnection == "pub-a")
    #expect(audio.resolvedByCompanion)
    #expect(audio.confidence <= 0.5)
    #expect(view.links.first { $0.kind == .video }?.publisher.peerConnection == "pub-a")

    // Without the video there is no companion: the audio stays unlinked, ambiguous.
    let audioOnly = CallFixture.Connection(
      id: "sub-a", streams: [.init(kind: .audio, direction: .inbound, ssrc: 9, signal: audioA, group: "a")])
    let tied = CallLinker.link([CallFixture.dump("page.json", [pubA, twin, audioOnly])])
    #expect(tied.links.isEmpty)
    #expect(tied.unlinked.contains { $0.direction == .inbound && $0.reason == .ambiguous })
  }

  @Test func lossOnTheDownlinkKeepsTheLink() {
    let loss: @Sendable (Int) -> Double = { (10..<20).contains($0) ? 0.1 : 0 }
    let dumps = [
      CallFixture.dump(
        "a.jsonl", [CallFixture.publisher("pub-a", audio: audioA, video: videoA, ssrcBase: 100)]),
      CallFixture.dump(
        "s.jsonl", [CallFixture.subscriber("sub-a", audio: audioA, video: videoA, ssrcBase: 900, loss: loss)],
        clockOffset: -3_000, phase: 700),
    ]
    #expect(pairs(CallLinker.link(dumps)) == ["pub-a→sub-a audio", "pub-a→sub-a video"])
  }

  @Test func constantBitrateAudioHasNoFingerprint() {
    let flat = CallFixture.Signal(constantBitrate: 64_000)
    let publisher = CallFixture.dump(
      "a.jsonl", [CallFixture.publisher("pub", audio: flat, video: videoA, ssrcBase: 100)])
    let subscriber = CallFixture.dump(
      "s.jsonl",
      [
        CallFixture.Connection(
          id: "sub", streams: [.init(kind: .audio, direction: .inbound, ssrc: 9, signal: flat, group: "a")])
      ], phase: 300)
    let view = CallLinker.link([publisher, subscriber])
    #expect(view.links.isEmpty)
    #expect(view.unlinked.contains { $0.direction == .inbound && $0.reason != .ambiguous })
  }
}
