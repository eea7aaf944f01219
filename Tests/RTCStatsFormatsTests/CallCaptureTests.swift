import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Issue 12's acceptance checks on the real captures in ../shared/capture: P2P calls linked by
/// SSRC (Chromium and Firefox), the Janus SFU calls linked by timing as their topology says,
/// the segment of each impairment as `truth.json` configured it, the forwarded simulcast layer
/// as the harness switched it, shuffled and mixed with strangers, and one browser's dump alone.
@Suite(.enabled(if: TestData.isSharedAvailable)) struct CallCaptureTests {
  static let chromiumP2P = CallCapture.p2pScenarios("capture/out").map { "capture/out/" + $0 }
  static let firefoxP2P = CallCapture.p2pScenarios("capture/out-firefox").map { "capture/out-firefox/" + $0 }

  /// The SFU scenario's three JSON-lines dumps, in the order `order` gives.
  private func sfuDumps(_ scenario: String, order: [Int] = [0, 1, 2]) throws -> [CallDump] {
    let names = ["publisher-a.jsonl", "publisher-b.jsonl", "subscriber.jsonl"]
    return try order.map {
      try CallCapture.dump(TestData.sharedPath("capture/out/\(scenario)/\(names[$0])"), name: names[$0])
    }
  }

  @Test(arguments: chromiumP2P + firefoxP2P)
  func everyP2PCallIsLinkedBySSRC(folder: String) throws {
    let sender = TestData.sharedPath(folder + "/sender.jsonl")
    let receiver = TestData.sharedPath(folder + "/receiver.jsonl")
    // Expected: every received stream whose SSRC the sender sent, with its kind.
    let sent = try CallCapture.rawStreams(sender).filter { $0.type == "outbound-rtp" }
    let received = try CallCapture.rawStreams(receiver).filter { $0.type == "inbound-rtp" }
    let expected = Set(
      received.filter { stream in sent.contains { $0.ssrc == stream.ssrc && $0.kind == stream.kind } }
        .map { "\($0.kind) \($0.ssrc)" })
    #expect(!expected.isEmpty)
    let view = CallLinker.link([
      try CallCapture.dump(receiver, name: "receiver.jsonl"),
      try CallCapture.dump(sender, name: "sender.jsonl"),
    ])
    let linked = Set(
      view.links.filter { $0.method == .ssrc }.flatMap { link in
        (view.endpoint(link.subscriber)?.ssrcs ?? []).map { "\(link.kind.rawValue) \($0)" }
      })
    #expect(linked == expected, "\(folder)")
    #expect(view.links.allSatisfy { $0.method == .ssrc && $0.publisher.dump == 1 && $0.subscriber.dump == 0 })
    // Both kinds where the call has both.
    #expect(Set(view.links.map(\.kind.rawValue)) == Set(received.map(\.kind)))
  }

  @Test(arguments: CallCapture.sfuScenarios)
  func sfuCallsLinkEachPublisherToItsSubscriberConnectionByTiming(scenario: String) throws {
    let expected = try CallCapture.expectedSFULinks(scenario)
    #expect(expected.count == 4)
    for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0]] {
      let view = CallLinker.link(try sfuDumps(scenario, order: order))
      #expect(CallCapture.links(view) == expected, "\(scenario) \(order)")
      #expect(view.links.allSatisfy { $0.method == .timing && $0.confidence > 0 })
      #expect(view.unlinked.isEmpty, "\(view.unlinked)")
      // One host: the clocks agree, up to the offset search's resolution.
      #expect(view.clockOffsets.count == 2)
      #expect(view.clockOffsets.allSatisfy { abs($0.offset ?? 1e9) <= 100 })
    }
  }

  @Test func uplinkLossIsPlacedOnPublisherAsUplinkAndNotOnB() throws {
    let truth = try CallCapture.truth("sfu-uplink-loss")
    let window = try #require(CallCapture.impairmentWindow(truth))
    #expect((truth["network"] as? [String: Any])?["target"] as? String == "publisher-a-uplink")
    let view = CallLinker.link(try sfuDumps("sfu-uplink-loss"))
    for link in view.links {
      let publisher = view.dumps[link.publisher.dump].source
      if publisher == "publisher-a.jsonl" {
        let degradation = try #require(link.degradation, "\(link.kind)")
        #expect(degradation.segment == .publisherUplink)
        #expect(
          degradation.start >= window.lowerBound - 2_000 && degradation.start <= window.lowerBound + 3_000)
        #expect(degradation.end <= window.upperBound + 3_000 && degradation.end >= window.upperBound - 3_000)
        #expect((link.figures.uplinkLossPercent ?? 0) > 2)
      } else {
        #expect(link.degradation == nil, "\(link.kind): \(String(describing: link.degradation?.segment))")
      }
    }
  }

  @Test func downlinkLossIsPlacedOnTheSubscribersDownlinkForBoth() throws {
    let truth = try CallCapture.truth("sfu-downlink-loss")
    let window = try #require(CallCapture.impairmentWindow(truth))
    #expect((truth["network"] as? [String: Any])?["target"] as? String == "subscriber-downlink")
    let view = CallLinker.link(try sfuDumps("sfu-downlink-loss"))
    #expect(view.links.count == 4)
    for link in view.links {
      let degradation = try #require(link.degradation)
      #expect(degradation.segment == .subscriberDownlink, "\(link.subscriber.peerConnection) \(link.kind)")
      #expect(degradation.start >= window.lowerBound - 2_000 && degradation.end <= window.upperBound + 3_000)
      #expect((link.figures.uplinkLossPercent ?? 1) < 1)
      #expect((link.figures.downlinkLossPercent ?? 0) > 2)
    }
  }

  @Test func theForwardedSimulcastLayerFollowsTheSubstreamSwitches() throws {
    let truth = try CallCapture.truth("sfu-simulcast")
    // Janus numbers the substreams from the last rid of the offer; the harness lists the
    // encodings highest first, so substream k is the k-th rid from the end.
    let rids = ((truth["config"] as? [String: Any])?["simulcast"] as? [[String: Any]] ?? []).compactMap {
      $0["rid"] as? String
    }
    let switches = (truth["actions"] as? [[String: Any]] ?? []).filter {
      $0["name"] as? String == "substream"
    }
    .compactMap { action -> (time: Double, rid: String)? in
      guard let time = (action["t_epoch_ms"] as? NSNumber)?.doubleValue,
        let substream = (action["substream"] as? NSNumber)?.intValue, rids.indices.contains(substream)
      else { return nil }
      return (time, rids[rids.count - 1 - substream])
    }
    #expect(switches.map(\.rid) == ["f", "q", "h"])
    let view = CallLinker.link(try sfuDumps("sfu-simulcast"))
    let video = try #require(
      view.links.first { view.dumps[$0.publisher.dump].source == "publisher-a.jsonl" && $0.kind == .video })
    let layers = video.figures.forwardedLayers
    for (index, change) in switches.enumerated() {
      // 1.5 s after each switch, up to the next one, the layer is the one switched to.
      let end = index + 1 < switches.count ? switches[index + 1].time : (layers.last?.end ?? 0)
      for time in stride(from: change.time + 1_500, to: end, by: 1_000) {
        let layer = try #require(layers.first { $0.start <= time && $0.end >= time }, "\(time)")
        #expect(layer.rid == change.rid, "at \(time - switches[0].time) ms")
      }
    }
    let degradation = try #require(video.degradation)
    #expect(degradation.segment == .sfu)
    #expect(abs(degradation.start - switches[1].time) <= 1_500)
    #expect(view.findings.contains { $0.code == .callForwardedLayer })
  }

  @Test(arguments: CallCapture.sfuScenarios)
  func strangersOfAnotherCallStayUnlinked(scenario: String) throws {
    let other = CallCapture.sfuScenarios.first { $0 != scenario } ?? ""
    var dumps = try sfuDumps(scenario, order: [2, 1, 0])
    dumps.insert(
      try CallCapture.dump(
        TestData.sharedPath("capture/out/\(other)/subscriber.jsonl"), name: "stranger-subscriber"), at: 1)
    dumps.append(
      try CallCapture.dump(TestData.sharedPath("capture/out/basic/sender.jsonl"), name: "stranger-sender"))
    let view = CallLinker.link(dumps)
    #expect(CallCapture.links(view) == (try CallCapture.expectedSFULinks(scenario)))
    let strangers = Set(
      view.unlinked.filter { $0.reference.dump == 1 || $0.reference.dump == 4 }.map(\.reference))
    let strangerEndpoints = Set(
      view.endpoints.filter { $0.reference.dump == 1 || $0.reference.dump == 4 }.map(\.reference))
    #expect(strangers == strangerEndpoints)
  }

  /// One browser's own dump of the SFU call (four connections): linked among themselves as
  /// the JSON-lines dumps of the same call are; which connection is whom is found by SSRC
  /// against those dumps (the same browser, so the same SSRCs).
  @Test(
    arguments: CallCapture.sfuScenarios.flatMap { [($0, "webrtc-internals.json"), ($0, "rtcstats-dump.gz")] })
  func oneBrowsersDumpAloneIsLinkedTheSameWay(scenario: String, file: String) throws {
    let folder = "capture/out/\(scenario)/"
    let dump = try CallCapture.dump(TestData.sharedPath(folder + file), name: file)
    var role: [String: String] = [:]
    for name in ["publisher-a.jsonl", "publisher-b.jsonl", "subscriber.jsonl"] {
      for stream in try CallCapture.rawStreams(TestData.sharedPath(folder + name)) {
        let who = name == "subscriber.jsonl" ? stream.connection : String(name.prefix("publisher-a".count))
        for connection in dump.analysis.peerConnections
        where connection.tracks.contains(where: { $0.ssrcs.contains(stream.ssrc) }) {
          role[connection.id] = who
        }
      }
    }
    #expect(Set(role.values) == ["publisher-a", "publisher-b", "sub-a", "sub-b"])
    let expected = try CallCapture.expectedSFULinks(scenario).map { line in
      line.replacingOccurrences(of: ".jsonl→subscriber.jsonl", with: "→")
    }
    let view = CallLinker.link([dump])
    let got = view.links.map { link in
      "\(role[link.publisher.peerConnection] ?? "?")→ \(role[link.subscriber.peerConnection] ?? "?") \(link.kind.rawValue)"
    }
    #expect(Set(got) == Set(expected), "\(scenario) \(file)")
    #expect(view.links.allSatisfy { $0.method == .timing })
  }
}
