import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// The live API against `rtcstats analyze`: every real capture of ../shared fed snapshot by
/// snapshot (each line decoded on its own, as an app hands them over) gives per interval the
/// analyze timeline's figures, and at the end its totals.
@Suite struct LiveAnalyzerTests {
  static let captures: [String] = {
    let root = TestData.sharedPath("capture/out")
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return folders.sorted().flatMap { folder in
      ["receiver.jsonl", "sender.jsonl"].map { "\(root)/\(folder)/\($0)" }
    }.filter { FileManager.default.fileExists(atPath: $0) }
  }()

  /// The metrics whose call-level figure is a total the live stats keep.
  static let totalMetrics: [MetricDescriptor] = [
    .packets, .packetsLost, .packetLossPercent, .freezeCount, .totalFreezesDuration, .pauseCount,
    .totalPausesDuration, .concealmentPercent, .nackCount, .pliCount, .framesReceived, .framesSent,
  ]

  @Test(arguments: captures)
  func snapshotBySnapshotGivesTheAnalyzeTimelineAndTotals(path: String) throws {
    let (_, whole) = try TestData.analyze(path)
    var live = LiveSnapshotAnalyzer(options: LiveOptions(retainedRows: 2))
    var intervals: [TrackID: [LiveTrackFigures]] = [:]
    var last: [TrackID: LiveTrackFigures] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      let stats = try live.add(String(line))
      for track in stats.tracks {
        last[track.track] = track
        if track.duration != nil { intervals[track.track, default: []].append(track) }
      }
    }
    #expect(!whole.peerConnections.isEmpty)
    #expect(intervals.values.reduce(0) { $0 + $1.count } > 20)
    for connection in whole.peerConnections {
      for track in connection.tracks {
        let timeline = connection.timeline
        let expected = timeline.intervals(of: track.id)
        let got = intervals[track.id] ?? []
        #expect(got.count == expected.count, "\(track.id)")
        for (one, row) in zip(got, expected) {
          #expect(one.timestamp == row.time && one.duration == row.duration)
          for metric in MetricRegistry.intervalMetrics where one.value(metric) != row.value(metric) {
            Issue.record(
              "\(track.id) at \(row.time ?? 0): \(metric.name) \(String(describing: one.value(metric))) != \(String(describing: row.value(metric)))"
            )
          }
        }
        let final = try #require(last[track.id])
        for metric in Self.totalMetrics
        where metric.scope.contains(direction: track.direction, kind: track.kind) {
          #expect(final.total(metric) == track[metric], "\(track.id) \(metric.name)")
        }
      }
    }
    // The summary at the end is the whole-file analysis, rows beyond the retention aside.
    let summary = live.analyzer.summary()
    #expect(summary.peerConnections.map(\.tracks) == whole.peerConnections.map(\.tracks))
    #expect(summary.findings == whole.findings)
  }

  /// The received packet totals against the last snapshot's raw `packetsReceived` (read with
  /// JSONSerialization, not the rtcstats reader): one stream per track in these captures.
  @Test(arguments: captures.filter { $0.hasSuffix("receiver.jsonl") })
  func receivedPacketTotalsAreTheLastRawCounters(path: String) throws {
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    var live = LiveSnapshotAnalyzer()
    var last: LiveStats?
    for line in lines { last = try live.add(String(line)) }
    let lastLine = try #require(lines.last)
    let parsed = try JSONSerialization.jsonObject(with: Data(lastLine.utf8))
    let objects = try #require(parsed as? [[String: Any]])
    let inbound = objects.filter { $0["type"] as? String == "inbound-rtp" }
    let stats = try #require(last)
    for object in inbound {
      let kind = object["kind"] as? String
      let packets = (object["packetsReceived"] as? NSNumber)?.intValue
      let identifier = object["trackIdentifier"] as? String
      if kind == "video" {
        let video = stats.subscriberVideo.first { $0.figures.stream.trackIdentifier == identifier }
        #expect(video?.videoPacketsReceived == packets, "\(path) video")
        #expect(video?.freezeCount == (object["freezeCount"] as? NSNumber)?.intValue)
      } else {
        let audio = stats.subscriberAudio.first { $0.figures.stream.trackIdentifier == identifier }
        #expect(audio?.audioPacketsReceived == packets, "\(path) audio")
      }
    }
  }

  @Test func simulcastPublisherHasOneVideoLayerPerEncoding() throws {
    let path = TestData.sample("captures/simulcast/sender.jsonl")
    var live = LiveSnapshotAnalyzer()
    var last: LiveStats?
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      last = try live.add(String(line))
    }
    let video = try #require(last?.publisherVideo.first)
    let layers = video.videoLayers
    #expect(layers.count == 3)
    // The track's bitrate is its layers' sum (LayerMerge.sum), its frame size the largest's.
    let sum = layers.compactMap(\.bitrate).reduce(0, +)
    #expect(abs((video.bitrate ?? 0) - sum) <= 1e-6 * sum)
    #expect(video.height == layers.compactMap(\.height).max())
    #expect(layers.allSatisfy { $0.scalabilityMode == "L1T3" && $0.codec == "VP8" })
  }

  @Test func objectsLoggedOnePerLineAreGatheredUntilAnIDRepeats() throws {
    var live = LiveSnapshotAnalyzer()
    func line(_ text: String) throws -> [LiveStats] {
      var bytes = Array(text.utf8)
      return try bytes.withUnsafeMutableBytes { try live.addLine(UnsafeRawBufferPointer($0)) }
    }
    let first =
      #"{"id":"IT1","type":"inbound-rtp","kind":"audio","ssrc":1,"timestamp":1000,"packetsReceived":10,"bytesReceived":1000}"#
    let pair = #"{"id":"CP1","type":"candidate-pair","timestamp":1000,"nominated":true,"state":"succeeded"}"#
    let second =
      #"{"id":"IT1","type":"inbound-rtp","kind":"audio","ssrc":1,"timestamp":2000,"packetsReceived":60,"bytesReceived":9000}"#
    #expect(try line(first).isEmpty)
    #expect(try line(pair).isEmpty)
    let flushed = try line(second)
    #expect(flushed.count == 1)
    #expect(flushed.first?.subscriberAudio.first?.audioPacketsReceived == 10)
    #expect(live.hasGatheredObjects)
    let flushedByTime = live.flush()
    let byTime = try #require(flushedByTime)
    // (9000 − 1000) bytes · 8 over 1 s.
    #expect(byTime.subscriberAudio.first?.bitrate == 64_000)
    #expect(byTime.subscriberAudio.first?.audioPacketsReceived == 60)
    #expect(live.flush() == nil)
  }

  @Test func theAsyncSequenceGivesOneElementPerSnapshotInOrder() async throws {
    let path = TestData.sample("captures/basic/receiver.jsonl")
    var decoder = SnapshotDecoder()
    var snapshots: [LiveSnapshot] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      snapshots.append(LiveSnapshot(report: try decoder.decode(String(line)).report))
    }
    let (stats, input) = LiveStatsSequence.makeStream(bufferingNewest: snapshots.count)
    for snapshot in snapshots { input.yield(snapshot) }
    input.finish()
    var sequences: [Int] = []
    for try await interval in stats { sequences.append(interval.sequence) }
    #expect(sequences == Array(1...snapshots.count))
  }

  @Test func aSlowConsumerLosesIntervalsNotTotals() async throws {
    // Only the newest snapshot waits: the consumer sees the first and the last, and the last
    // one's totals are those of feeding everything.
    let path = TestData.sample("captures/basic/receiver.jsonl")
    var decoder = SnapshotDecoder()
    var everything = LiveAnalyzer()
    var last: LiveStats?
    let (stats, input) = LiveStatsSequence.makeStream(bufferingNewest: 1)
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      let report = try decoder.decode(String(line)).report
      last = everything.add(report)
      input.yield(LiveSnapshot(report: report))
    }
    input.finish()
    var seen: [LiveStats] = []
    for try await interval in stats { seen.append(interval) }
    #expect(seen.count == 1)
    let video = try #require(seen.last?.subscriberVideo.first)
    #expect(video.videoPacketsReceived == last?.subscriberVideo.first?.videoPacketsReceived)
    #expect(video.videoBytesReceived == last?.subscriberVideo.first?.videoBytesReceived)
  }
}
