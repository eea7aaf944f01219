import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// Legacy callback `getStats()` results serialised by an app as getStats snapshots (not in an
/// rtcstats dump): `[{"id":…,"type":"ssrc","timestamp":"2024-…Z","bytesSent":"…"}, …]`, the
/// `Date` written by `JSON.stringify`.
///
/// They are mapped to W3C rows like the legacy payloads of
/// rtcstats dumps (issue 10, item 5: before, "no media tracks").
@Suite struct LegacySnapshotLogTests {
  /// One legacy poll as an app logs it: a sent video stream, the bandwidth estimate and the
  /// active candidate pair, string values, ISO 8601 times.
  static let snapshot = """
    [{"id":"ssrc_1234_send","type":"ssrc","timestamp":"2024-03-01T10:00:00.123Z","ssrc":"1234",\
    "mediaType":"video","bytesSent":"100000","packetsSent":"120","googFrameWidthSent":"640",\
    "googFrameHeightSent":"360","googRtt":"45","googCodecName":"VP8","googTrackId":"t1"},
    {"id":"bweforvideo","type":"VideoBwe","timestamp":"2024-03-01T10:00:00.123Z",\
    "googAvailableSendBandwidth":"1500000"},
    {"id":"Conn-audio-1-0","type":"googCandidatePair","timestamp":"2024-03-01T10:00:00.123Z",\
    "googActiveConnection":"true","googRtt":"40","bytesSent":"200000","localCandidateId":"Cand-a",\
    "remoteCandidateId":"Cand-b"}]
    """

  @Test func aSingleLegacySnapshotHasItsTrack() throws {
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(Self.snapshot), into: &analyzer)
    #expect(info.format == .getStatsSnapshot)
    #expect(info.details.contains("legacy goog stats (callback getStats)"))
    #expect(info.warnings.isEmpty, "no ignored timestamps: \(info.warnings)")
    let connection = try #require(analyzer.analysis().connection("PC_0"))
    // 2024-03-01T10:00:00.123Z
    #expect(connection.startTime == 1_709_287_200_123)
    let video = try #require(connection.track(.outbound, ssrc: 1234))
    #expect(video.kind == .video)
    #expect(video.codec == "VP8")
    #expect(video.packets == 120)
    #expect(video.width == 640 && video.height == 360)
    #expect(video.roundTripTime?.mean == 45)
    #expect(connection.transport.roundTripTime?.mean == 40)
    #expect(connection.transport.availableOutgoingBitrate?.mean == 1_500_000)
  }

  /// The legacy rtcstats dumps of the public corpus, turned into getStats logs of legacy
  /// snapshots (one wrapper line per getstats line: `{"connectionId":…,"stats":[…]}` with the
  /// objects merged by the jitsi delta rules and ISO 8601 times), give the figures python
  /// computed from the raw dumps (``LegacyGoogStatsMapperTests/expectations``).
  @Test(.enabled(if: RTCStatsTestData.isAvailable), arguments: LegacyGoogStatsMapperTests.expectations)
  func legacyDumpsAsSnapshotLogsGiveTheirFigures(_ expected: LegacyGoogStatsMapperTests.Expected) throws {
    let log = try Self.snapshotLog(of: RTCStatsTestData.publicCorpus(expected.file))
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(source: MemoryByteSource(log), into: &analyzer)
    #expect(info.format == .getStatsLog)
    #expect(info.details.contains("legacy goog stats (callback getStats)"))
    let connection = try #require(analyzer.analysis().connection(expected.connection))
    let track = try #require(connection.track(expected.direction, ssrc: expected.ssrc))
    #expect(track.codec == expected.codec)
    let bitrate = try #require(track.bitrate?.mean)
    #expect(abs(bitrate - expected.bitrate) <= 1, "bitrate \(bitrate)")
    #expect(track.packetsLost == expected.packetsLost)
    #expect(track.width == expected.width)
    #expect(track.height == expected.height)
    if let rtt = expected.roundTripTime {
      let mean = try #require(track.roundTripTime?.mean)
      #expect(abs(mean - rtt) < 0.01, "rtt \(mean)")
    }
  }

  /// The getstats lines of a legacy rtcstats dump as JSON lines of wrapped legacy snapshots.
  ///
  /// Deltas are completed per connection (a member left out keeps its value, `timestamp: 0`
  /// takes the report's, an object left out stays), with Foundation, not the reader.
  static func snapshotLog(of path: String) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var bases: [String: [String: [String: Any]]] = [:]
    var lines: [String] = []
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    for line in text.split(separator: "\n") {
      guard let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any],
        event.count >= 3, event[0] as? String == "getstats", let connection = event[1] as? String,
        var delta = event[2] as? [String: Any]
      else { continue }
      let time = (delta.removeValue(forKey: "timestamp") as? NSNumber)?.doubleValue ?? 0
      var base = bases[connection] ?? [:]
      for (id, value) in delta {
        guard var object = value as? [String: Any] else {
          if value is NSNull { base[id] = nil }
          continue
        }
        if (object["timestamp"] as? NSNumber)?.doubleValue == 0 { object["timestamp"] = time }
        base[id] = (base[id] ?? [:]).merging(object) { _, new in new }
      }
      bases[connection] = base
      let objects: [[String: Any]] = base.keys.sorted().compactMap { id in
        guard var object = base[id] else { return nil }
        object["id"] = id
        if let stamp = (object["timestamp"] as? NSNumber)?.doubleValue {
          object["timestamp"] = formatter.string(from: Date(timeIntervalSince1970: stamp / 1000))
        }
        return object
      }
      let wrapper: [String: Any] = ["connectionId": connection, "stats": objects]
      let data = try JSONSerialization.data(withJSONObject: wrapper, options: [.sortedKeys])
      lines.append(String(decoding: data, as: UTF8.self))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
