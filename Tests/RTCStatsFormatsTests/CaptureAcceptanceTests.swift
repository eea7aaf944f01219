import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// The foundation issue's acceptance checks on the real Chromium captures in
/// Samples/captures (copied from ../shared/capture/out), each figure also computed from the
/// raw counters by ``ReferenceCapture`` or taken from the harness's `truth.json`.
@Suite struct CaptureAcceptanceTests {
  private func track(
    _ analysis: CallAnalysis, _ direction: Direction, _ kind: MediaKind
  ) throws -> TrackAnalysis {
    let connection = try #require(analysis.peerConnections.first)
    return try #require(connection.tracks.first { $0.direction == direction && $0.kind == kind })
  }

  @Test func pauseCountsOneEightSecondPause() throws {
    let (_, analysis) = try TestData.analyze(TestData.sample("captures/pause/receiver.jsonl"))
    let video = try track(analysis, .inbound, .video)
    let reference = try ReferenceCapture(jsonl: TestData.sample("captures/pause/receiver.jsonl"))
    let id = try #require(reference.ids(type: "inbound-rtp", kind: "video").first)
    // truth.json: replaceTrack(null) from t = 11.01 s to 19.01 s, an 8 s window.
    #expect(video.pauseCount == 1)
    #expect(try #require(video.totalPausesDuration) >= 7700 && video.totalPausesDuration! <= 8300)
    #expect(video.totalPausesDuration == reference.last(id, "totalPausesDuration").map { $0 * 1000 })
    #expect(video.freezeCount == Int(reference.last(id, "freezeCount") ?? -1))
  }

  @Test(.enabled(if: TestData.isSharedAvailable))
  func disabledTrackIsNotAPause() throws {
    let path = TestData.sharedPath("capture/out/pause-disabled/receiver.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let video = try track(analysis, .inbound, .video)
    #expect(video.pauseCount == 0)
    #expect(video.totalPausesDuration == 0)
  }

  @Test func freezeCountsFourStalls() throws {
    let path = TestData.sample("captures/freeze/receiver.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let video = try track(analysis, .inbound, .video)
    let reference = try ReferenceCapture(jsonl: path)
    let id = try #require(reference.ids(type: "inbound-rtp", kind: "video").first)
    // truth.json: the canvas stalls 4 times (0.6, 1.0, 1.5 and 0.8 s).
    #expect(video.freezeCount == 4)
    #expect(video.freezeCount == Int(reference.last(id, "freezeCount") ?? -1))
    #expect(video.totalFreezesDuration == reference.last(id, "totalFreezesDuration").map { $0 * 1000 })
    #expect(video.pauseCount == 0)
  }

  @Test func simulcastShowsThreeLayersNearTheirCaps() throws {
    let path = TestData.sample("captures/simulcast/sender.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let video = try track(analysis, .outbound, .video)
    let reference = try ReferenceCapture(jsonl: path)
    // truth.json: rid q/h/f, scaleResolutionDownBy 4/2/1 of 1280x720, maxBitrate 150k/500k/1.5M.
    let expected: [(rid: String, width: Int, height: Int, cap: Double)] = [
      ("q", 320, 180, 150_000), ("h", 640, 360, 500_000), ("f", 1280, 720, 1_500_000),
    ]
    #expect(video.layers.map(\.rid) == expected.map(\.rid))
    #expect(video.ssrc == nil)
    var layerSum = 0.0
    for (layer, truth) in zip(video.layers, expected) {
      #expect(layer.width == truth.width && layer.height == truth.height)
      let mean = try #require(layer.bitrate?.mean)
      #expect(abs(mean - truth.cap) / truth.cap <= 0.15, "layer \(truth.rid): \(mean) bps")
      let ssrc = try #require(layer.ssrc)
      let id = try #require(
        reference.ids(type: "outbound-rtp").first { reference.last($0, "ssrc") == Double(ssrc) })
      let independent = try #require(reference.meanBitrate(id, bytesKey: "bytesSent"))
      #expect(abs(mean - independent) / independent < 0.001)
      layerSum += mean
      #expect(layer.active == true)
    }
    #expect(abs(try #require(video.bitrate?.mean) - layerSum) / layerSum < 0.01)
  }

  @Test func svcShowsOneL3T3KeyLayer() throws {
    let (_, analysis) = try TestData.analyze(TestData.sample("captures/svc/sender.jsonl"))
    let video = try track(analysis, .outbound, .video)
    #expect(video.layers.count == 1)
    #expect(video.layers.first?.scalabilityMode == "L3T3_KEY")
    #expect(video.codec == "VP9")
  }

  @Test func bitrateCapStepsShowInTheIntervals() throws {
    let path = TestData.sample("captures/bitrate-cap/sender.jsonl")
    let truth = try Truth(TestData.sample("captures/bitrate-cap/truth.json"))
    let (_, analysis) = try TestData.analyze(path)
    let video = try track(analysis, .outbound, .video)
    let reference = try ReferenceCapture(jsonl: path)
    let id = try #require(reference.ids(type: "outbound-rtp", kind: "video").first)
    let independent = reference.intervalBitrates(id, bytesKey: "bytesSent")
    // truth.json: maxBitrate 1.5M from t0, 200k from t = 10 s, 800k from t = 20 s. Skip the
    // first 2 s after each change while the encoder adapts.
    let windows: [(from: Double, to: Double, cap: Double)] = [
      (2, 10, 1_500_000), (12, 20, 200_000), (22, 30.5, 800_000),
    ]
    for window in windows {
      let range = (truth.t0 + window.from * 1000)...(truth.t0 + window.to * 1000)
      let rows = try #require(analysis.peerConnections.first).timeline.intervals(of: video.id)
      let ours = rows.filter { range.contains($0.time ?? 0) }.compactMap { $0.value(.bitrate) }
      let theirs = independent.filter { range.contains($0.end) }.map(\.bps)
      #expect(ours.count == theirs.count && ours.count >= 6)
      let mean = ours.reduce(0, +) / Double(ours.count)
      let referenceMean = theirs.reduce(0, +) / Double(theirs.count)
      #expect(abs(mean - window.cap) / window.cap <= 0.15, "\(window): \(mean) bps")
      #expect(abs(mean - referenceMean) / referenceMean < 0.001)
    }
  }

  @Test(arguments: ["sender", "receiver"])
  func lossIsAboutFourAndAHalfPercentOnBothTracks(side: String) throws {
    let path = TestData.sample("captures/loss5/\(side).jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let reference = try ReferenceCapture(jsonl: path)
    let direction: Direction = side == "sender" ? .outbound : .inbound
    for kind in [MediaKind.audio, .video] {
      let media = try track(analysis, direction, kind)
      let percent = try #require(media.packetLossPercent)
      // truth.json: 5 % random loss on every UDP packet; RTX and FEC recover some.
      #expect(percent >= 3.5 && percent <= 5.5, "\(side) \(kind): \(percent) %")
      let independent: Double
      if direction == .inbound {
        let id = try #require(reference.ids(type: "inbound-rtp", kind: kind.rawValue).first)
        let lost = try #require(reference.last(id, "packetsLost"))
        let received = try #require(reference.last(id, "packetsReceived"))
        independent = lost / (lost + received) * 100
        #expect(media.packetsLost == Int(lost))
      } else {
        let id = try #require(reference.ids(type: "outbound-rtp", kind: kind.rawValue).first)
        let remote = try #require(reference.ids(type: "remote-inbound-rtp", kind: kind.rawValue).first)
        let lost = try #require(reference.last(remote, "packetsLost"))
        let media =
          try #require(reference.last(id, "packetsSent"))
          - (reference.last(id, "retransmittedPacketsSent") ?? 0)
        independent = lost / media * 100
      }
      #expect(abs(percent - independent) < 1e-9)
    }
  }

  @Test(arguments: ["basic", "simulcast", "svc", "pause", "freeze", "bitrate-cap", "audio-only", "loss5"])
  func inboundBitrateMatchesTheCounters(scenario: String) throws {
    let path = TestData.sample("captures/\(scenario)/receiver.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let reference = try ReferenceCapture(jsonl: path)
    let connection = try #require(analysis.peerConnections.first)
    for id in reference.ids(type: "inbound-rtp") {
      let ssrc = try #require(reference.last(id, "ssrc"))
      let media = try #require(connection.tracks.first { $0.ssrc.map(Double.init) == ssrc })
      let payload = try #require(reference.meanBitrate(id, bytesKey: "bytesReceived"))
      let total = try #require(
        reference.meanBitrate(id, bytesKey: "bytesReceived", plusHeaders: "headerBytesReceived"))
      #expect(abs(try #require(media.bitrate?.mean) - payload) / payload < 0.001)
      #expect(abs(try #require(media.totalBitrate?.mean) - total) / total < 0.001)
      #expect(media.packets == reference.last(id, "packetsReceived").map { Int($0) })
      if media.kind == .video {
        let frames = reference.series(id).compactMap { ReferenceCapture.number($0, "framesDecoded") }
        let times = reference.series(id).compactMap { ReferenceCapture.number($0, "timestamp") }
        let fps = (frames.last! - frames.first!) / ((times.last! - times.first!) / 1000)
        #expect(abs(try #require(media.frameRate?.mean) - fps) < 0.01)
        #expect(media.jitter != nil)
      }
    }
  }

  @Test func roundTripTimeComesFromTheSelectedPair() throws {
    let path = TestData.sample("captures/basic/sender.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let reference = try ReferenceCapture(jsonl: path)
    var values: [Double] = []
    for snapshot in reference.snapshots {
      guard let transport = snapshot.values.first(where: { $0["type"] as? String == "transport" }),
        let pairID = transport["selectedCandidatePairId"] as? String,
        let rtt = snapshot[pairID].flatMap({ ReferenceCapture.number($0, "currentRoundTripTime") })
      else { continue }
      values.append(rtt * 1000)
    }
    let rtt = try #require(analysis.peerConnections.first?.transport.roundTripTime)
    #expect(abs(rtt.mean - values.reduce(0, +) / Double(values.count)) < 1e-9)
    #expect(rtt.max == values.max())
  }
}
