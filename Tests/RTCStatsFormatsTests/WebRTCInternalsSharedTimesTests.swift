import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// Objects whose `-timestamp` values are written with the same bytes share one read of them;
/// each object still gets exactly its own times, and its values land at those times.
@Suite struct WebRTCInternalsSharedTimesTests {
  typealias Series = InternalsFixture.Series

  /// Per object: its times and its `bytesSent` values, as the fixture writes them.
  static let objects: [(id: String, times: [Int], bytes: [Int])] = [
    ("OTA", [1000, 2000, 3000], [10, 20, 30]),
    // The same bytes as the previous object's times.
    ("OTB", [1000, 2000, 3000], [11, 21, 31]),
    // As long as the previous one's, one byte different.
    ("OTC", [1000, 2000, 3500], [12, 22, 32]),
    // The first object's bytes again, after a different object's.
    ("OTD", [1000, 2000, 3000], [13, 23, 33]),
    // Shorter.
    ("OTE", [2000, 3000], [24, 34]),
  ]

  static let dump = InternalsFixture.dump([
    (
      "8-1",
      objects.flatMap { object in
        [
          Series(
            name: "\(object.id)-timestamp", statsType: "outbound-rtp",
            values: "[\(object.times.map(String.init).joined(separator: ","))]"),
          Series(
            name: "\(object.id)-bytesSent", statsType: "outbound-rtp",
            values: "[\(object.bytes.map(String.init).joined(separator: ","))]"),
        ]
      }
    )
  ])

  @Test func eachObjectKeepsItsOwnTimes() throws {
    let (_, recorder) = try InternalsFixture.read(Self.dump)
    for object in Self.objects {
      var seen: [(time: Int, bytes: Int)] = []
      for index in recorder.reports.indices {
        guard let row = recorder.row(object.id, inReport: index) else { continue }
        let report = recorder.reports[index].report
        let time = report.timestamp(at: row).map { Int($0) } ?? -1
        let bytes = report.number(.bytesSent, at: row).map { Int($0) } ?? -1
        seen.append((time, bytes))
      }
      #expect(seen.map(\.time) == object.times, "\(object.id)")
      #expect(seen.map(\.bytes) == object.bytes, "\(object.id)")
    }
  }
}
