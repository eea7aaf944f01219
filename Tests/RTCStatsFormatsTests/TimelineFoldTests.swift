import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// The Timeline as the engine's second exit: real captures fed poll by poll give rows that,
/// folded, are exactly the summary `rtcstats analyze` prints, and whose figures match the raw
/// counters read independently.
@Suite struct TimelineFoldTests {
  /// Collects the reports a reader hands over, copied.
  struct ReportRecorder: StatsReportConsumer {
    var reports: [(report: StatsReport, peerConnection: String)] = []
    mutating func consume(_ report: StatsReport, peerConnection: String) {
      reports.append((report, peerConnection))
    }
  }

  /// Every line of a JSON-lines capture decoded on its own, as an app hands snapshots over.
  static func polls(_ path: String) throws -> [(report: StatsReport, peerConnection: String)] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var recorder = ReportRecorder()
    for line in text.split(separator: "\n") where !line.isEmpty {
      _ = try DumpReader.read(source: MemoryByteSource(String(line)), into: &recorder)
    }
    return recorder.reports
  }

  static let captures = [
    "basic/sender.jsonl", "basic/receiver.jsonl", "simulcast/sender.jsonl", "simulcast/receiver.jsonl",
    "svc/sender.jsonl", "pause/receiver.jsonl", "freeze/receiver.jsonl", "loss5/sender.jsonl",
    "loss5/receiver.jsonl", "audio-only/receiver.jsonl", "bitrate-cap/sender.jsonl",
  ]

  @Test(arguments: captures)
  func rowsFedPollByPollFoldIntoTheSummary(capture: String) throws {
    let path = TestData.sample("captures/" + capture)
    let (_, whole) = try TestData.analyze(path)
    var live = CallAnalyzer()
    var handedOut: [String: [TimelineRow]] = [:]
    for poll in try Self.polls(path) {
      handedOut[poll.peerConnection, default: []].append(
        live.add(poll.report, peerConnection: poll.peerConnection))
    }
    #expect(live.analysis() == whole)
    #expect(!whole.peerConnections.isEmpty)
    for connection in whole.peerConnections {
      let timeline = try #require(live.timeline(of: connection.id))
      let rows = try #require(handedOut[connection.id])
      #expect(Array(timeline) == rows)
      #expect(rows.count == connection.reportCount)
      var fold = TimelineFold(peerConnection: connection.id)
      for row in rows { fold.add(row, in: timeline) }
      // The network condition and MOS come from the analyzer's diagnosis, not from the fold.
      var summary = connection
      summary.networkCondition = nil
      summary.audioMOS = []
      #expect(fold.analysis(of: timeline, events: connection.events) == summary)
    }
  }

  @Test(arguments: captures)
  func aBoundedTimelineKeepsTheSummaryAndTheLastRows(capture: String) throws {
    let path = TestData.sample("captures/" + capture)
    let (_, whole) = try TestData.analyze(path)
    var bounded = CallAnalyzer(retention: .recent(3))
    for poll in try Self.polls(path) { bounded.consume(poll.report, peerConnection: poll.peerConnection) }
    let analysis = bounded.analysis()
    #expect(analysis.peerConnections.count == whole.peerConnections.count)
    for (small, full) in zip(analysis.peerConnections, whole.peerConnections) {
      #expect(small.tracks == full.tracks)
      #expect(small.transport == full.transport)
      #expect(small.reportCount == full.reportCount)
      #expect(small.startTime == full.startTime && small.endTime == full.endTime)
      #expect(small.timeline.count == 3)
      #expect(Array(small.timeline) == Array(full.timeline.suffix(3)))
      #expect(small.timeline.endIndex == full.timeline.endIndex)
    }
  }

  /// One row per poll: the transport and every track of a report share its sequence number
  /// and time (Chrome stamps every object of a report alike), and each track row's bitrate is
  /// the bytes of that interval over its length.
  @Test func transportAndTrackRowsJoinOnThePoll() throws {
    let path = TestData.sample("captures/basic/sender.jsonl")
    let (_, analysis) = try TestData.analyze(path)
    let connection = try #require(analysis.peerConnections.first)
    let timeline = connection.timeline
    let reference = try ReferenceCapture(jsonl: path)
    #expect(timeline.count == reference.snapshots.count)
    var joined = 0
    for position in timeline.indices {
      let row = timeline[position]
      let tracks = timeline.trackRows(at: position)
      #expect(tracks.allSatisfy { $0.sequence == row.sequence })
      #expect(tracks.allSatisfy { $0.time == row.time })
      let snapshot = reference.snapshots[position]
      let times = Set(snapshot.values.compactMap { ReferenceCapture.number($0, "timestamp") })
      #expect(row.time.map { times.contains($0) } ?? false)
      if row.transport != nil && tracks.count == 2 { joined += 1 }
    }
    #expect(joined == timeline.count)
    for track in connection.tracks {
      let id = try #require(reference.ids(type: "outbound-rtp", kind: track.kind.rawValue).first)
      let expected = reference.intervalBitrates(id, bytesKey: "bytesSent")
      let rows = timeline.intervals(of: track.id)
      #expect(rows.count == expected.count)
      for (row, bitrate) in zip(rows, expected) {
        #expect(row.time == bitrate.end)
        let ours = try #require(row.value(.bitrate))
        #expect(abs(ours - bitrate.bps) <= bitrate.bps * 1e-6)
      }
    }
  }
}
