import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// Chrome ≤ M100 kept `trackIdentifier`, the frame size and the freeze and pause counters on
/// the obsolete `track` object an RTP stream names by `trackId`; `DumpReader` copies them
/// into the `inbound-rtp`/`outbound-rtp` rows that lack them.
///
/// The expected rows are worked
/// out here from the raw dumps (Foundation's JSON parser, jitsi's delta decompression
/// written out again), independently of the reader.
@Suite struct LegacyTrackMergeTests {
  static let lent = [
    "freezeCount", "totalFreezesDuration", "pauseCount", "totalPausesDuration", "frameWidth", "frameHeight",
  ]

  static let jitsiDumps = [
    "corpus/public/jitsi-chrome99-standard-p2p.jsonl", "corpus/public/jitsi-chrome99-standard-sfu.jsonl",
  ]

  @Test(.enabled(if: TestData.isSharedAvailable), arguments: jitsiDumps)
  func jitsiChrome99RowsCarryTheirTrackObjects(dump: String) throws {
    let expected = try Self.expectedRows(jitsi: TestData.sharedPath(dump))
    var recorder = ReportRecorder()
    _ = try DumpReader.read(path: TestData.sharedPath(dump), into: &recorder)
    #expect(recorder.reports.count == expected.count)
    var lentIdentifiers = 0
    for (recorded, rows) in zip(recorder.reports, expected) {
      #expect(recorded.peerConnection == rows.peerConnection)
      for row in rows.rows {
        #expect(recorded.text(row.id, .trackIdentifier) == row.trackIdentifier, "\(row.id)")
        for (name, value) in row.numbers {
          let field = try #require(NumericField.allCases.first { $0.name == name })
          #expect(recorded.number(row.id, field) == value, "\(row.id) \(name)")
        }
        if row.lentIdentifier { lentIdentifiers += 1 }
      }
    }
    // The dumps' inbound rows have no trackIdentifier of their own: every one is lent.
    #expect(lentIdentifiers > 0)
  }

  static let chrome86 = "corpus/unlicensed/internals-chrome86-oldformat-4min.json"

  @Test(.enabled(if: FileManager.default.fileExists(atPath: TestData.sharedPath(chrome86))))
  func chrome86InternalsInboundVideoGetsTheFreezeCountersOfItsTrack() throws {
    // The dump (read in place, never copied) has freeze counters only on
    // RTCMediaStreamTrack_receiver_18, which RTCInboundRTPVideoStream_2617442739 names by
    // trackId: the last report's inbound row carries the last value of each track series.
    let path = TestData.sharedPath(Self.chrome86)
    let dump =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    let connections = try #require(dump?["PeerConnections"] as? [String: Any])
    let stats = try #require((connections["18084-9"] as? [String: Any])?["stats"] as? [String: Any])
    func lastValue(_ series: String) throws -> Any? {
      let entry = try #require(stats[series] as? [String: Any])
      let values = try #require(entry["values"] as? String)
      return (try JSONSerialization.jsonObject(with: Data(values.utf8)) as? [Any])?.last
    }
    let inbound = "RTCInboundRTPVideoStream_2617442739"
    let track = "RTCMediaStreamTrack_receiver_18"
    #expect(stats[inbound + "-freezeCount"] == nil)
    var recorder = ReportRecorder()
    _ = try DumpReader.read(path: path, into: &recorder)
    let last = try #require(
      recorder.reports.last { $0.peerConnection == "18084-9" && $0.row(inbound) != nil })
    for name in ["freezeCount", "totalFreezesDuration", "totalPausesDuration"] {
      let field = try #require(NumericField.allCases.first { $0.name == name })
      let expected = try #require(try lastValue(track + "-" + name) as? NSNumber)
      #expect(last.number(inbound, field) == expected.doubleValue, "\(name)")
    }
    #expect(last.text(inbound, .trackIdentifier) == (try lastValue(track + "-trackIdentifier") as? String))
  }

  @Test func legacyGoogDumpHasNoTrackObjectsToLend() throws {
    // jitsi-chrome99-legacy-goog-p2p holds goog stats (`googTrack`, never `track`): the rows
    // come out of the goog mapper unchanged.
    let path = TestData.sample("corpus/jitsi-chrome99-legacy-goog-p2p.jsonl")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains(#""type":"track""#))
    var recorder = ReportRecorder()
    _ = try DumpReader.read(path: path, into: &recorder)
    let rows = recorder.reports.flatMap { recorded in
      (0..<recorded.report.count).filter { recorded.report.type(at: $0) == .track }
    }
    #expect(rows.isEmpty)
  }

  @Test func outboundRowsKeepTheirMediaSourceTrack() {
    // Synthetic: the media source names the outbound track, so the track object's
    // identifier is not lent; the inbound row gets its track's.
    var report = StatsReport()
    let track = report.append(id: "T1", type: .track, typeName: "track", timestamp: 1)
    report.setText("from-track", .trackIdentifier, at: track)
    report.setNumber(3, .freezeCount, at: track)
    let source = report.append(id: "S1", type: .mediaSource, typeName: "media-source", timestamp: 1)
    report.setText("from-source", .trackIdentifier, at: source)
    let outbound = report.append(id: "O1", type: .outboundRTP, typeName: "outbound-rtp", timestamp: 1)
    report.setText("T1", .trackId, at: outbound)
    report.setText("S1", .mediaSourceId, at: outbound)
    let inbound = report.append(id: "I1", type: .inboundRTP, typeName: "inbound-rtp", timestamp: 1)
    report.setText("T1", .trackId, at: inbound)
    report.setNumber(5, .freezeCount, at: inbound)
    var merge = LegacyTrackMerge()
    let merged = merge.merged(report, peerConnection: "PC_0")
    #expect(merged?.text(.trackIdentifier, at: outbound) == nil)
    #expect(merged?.number(.freezeCount, at: outbound) == 3)
    #expect(merged?.text(.trackIdentifier, at: inbound) == "from-track")
    #expect(merged?.number(.freezeCount, at: inbound) == 5)
    // A later poll without the track object still lends the latest one.
    var later = StatsReport()
    let row = later.append(id: "I1", type: .inboundRTP, typeName: "inbound-rtp", timestamp: 2)
    later.setText("T1", .trackId, at: row)
    #expect(merge.merged(later, peerConnection: "PC_0")?.number(.freezeCount, at: row) == 3)
    #expect(merge.merged(later, peerConnection: "PC_1") == nil)
  }

  @Test func modernReportsAreNotCopied() {
    var report = StatsReport()
    let row = report.append(id: "I1", type: .inboundRTP, typeName: "inbound-rtp", timestamp: 1)
    report.setText("T1", .trackId, at: row)
    var merge = LegacyTrackMerge()
    #expect(merge.merged(report, peerConnection: "PC_0") == nil)
  }

  // MARK: - Expected rows, from the raw dump

  struct ExpectedRow {
    var id: String
    var trackIdentifier: String?
    var numbers: [(String, Double)]
    var lentIdentifier: Bool
  }

  struct ExpectedReport {
    var peerConnection: String
    var rows: [ExpectedRow]
  }

  /// Every getstats report of a jitsi dump (`getstats-deltacompression.js`: an id left out
  /// is gone, `timestamp: 0` takes the report's), with the RTP rows as they must come out.
  static func expectedRows(jitsi path: String) throws -> [ExpectedReport] {
    var bases: [String: [String: [String: Any]]] = [:]
    var tracks: [String: [String: [String: Any]]] = [:]
    var sources: [String: [String: String?]] = [:]
    var reports: [ExpectedReport] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      guard let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any],
        event.count >= 3, event[0] as? String == "getstats", let pc = event[1] as? String,
        var delta = event[2] as? [String: Any]
      else { continue }
      let time = delta.removeValue(forKey: "timestamp")
      var base = bases[pc] ?? [:]
      for id in base.keys where delta[id] == nil { base[id] = nil }
      for (id, value) in delta {
        guard var object = value as? [String: Any] else { continue }
        if (object["timestamp"] as? NSNumber)?.doubleValue == 0 { object["timestamp"] = time }
        base[id] = (base[id] ?? [:]).merging(object) { $1 }
      }
      bases[pc] = base
      for (id, object) in base {
        if object["type"] as? String == "track" { tracks[pc, default: [:]][id] = object }
        if object["type"] as? String == "media-source" {
          sources[pc, default: [:]][id] = .some(object["trackIdentifier"] as? String)
        }
      }
      reports.append(
        ExpectedReport(
          peerConnection: pc, rows: expected(base, tracks: tracks[pc] ?? [:], sources: sources[pc] ?? [:])))
    }
    return reports
  }

  private static func expected(
    _ base: [String: [String: Any]], tracks: [String: [String: Any]], sources: [String: String?]
  ) -> [ExpectedRow] {
    var rows: [ExpectedRow] = []
    for (id, object) in base {
      let type = object["type"] as? String
      guard type == "inbound-rtp" || type == "outbound-rtp", let trackId = object["trackId"] as? String,
        let track = tracks[trackId]
      else { continue }
      let own = object["trackIdentifier"] as? String
      let sourceNames = (object["mediaSourceId"] as? String).flatMap { sources[$0] }.flatMap { $0 } != nil
      let lends = own == nil && (type == "inbound-rtp" || !sourceNames)
      let identifier = own ?? (lends ? track["trackIdentifier"] as? String : nil)
      let numbers = lent.compactMap { name -> (String, Double)? in
        let value = (object[name] as? NSNumber) ?? (track[name] as? NSNumber)
        return value.map { (name, $0.doubleValue) }
      }
      rows.append(
        ExpectedRow(
          id: id, trackIdentifier: identifier, numbers: numbers, lentIdentifier: lends && identifier != nil))
    }
    return rows
  }
}
