import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// Parsers read into the reports a consumer is done with (`StatsReportConsumer.spareReport`),
/// whatever those still hold, and what they hand on is what they read.
///
/// The dumps are committed captures (Chrome's own rtcstats export, whose getStats lines are
/// full reports, and the same call's W3C JSON lines); the expected reports are those of the
/// same reader with a consumer that has no spares.
@Suite struct SpareReportTests {
  /// Records what it is handed, as text, and offers spare reports full of other objects.
  struct Recorder: StatsReportConsumer {
    var offersSpares: Bool
    var reports: [[String]] = []
    var sparesTaken = 0

    mutating func consume(_ report: StatsReport, peerConnection: String) {
      reports.append(Self.describe(report, peerConnection: peerConnection))
    }

    mutating func spareReport() -> StatsReport? {
      guard offersSpares else { return nil }
      sparesTaken += 1
      var spare = StatsReport()
      for index in 0..<20 {
        let row = spare.append(id: "stale-\(index)", type: .inboundRTP, typeName: "inbound-rtp", timestamp: 1)
        spare.setNumber(Double(index), .bytesReceived, at: row)
        spare.setText("stale", .codecId, at: row)
      }
      spare.timestamp = 42
      return spare
    }

    /// Every object of `report` with every member it has, one line each.
    static func describe(_ report: StatsReport, peerConnection: String) -> [String] {
      var lines = ["\(peerConnection) @\(report.timestamp.map { "\($0)" } ?? "-") \(report.count)"]
      for row in 0..<report.count {
        var line = "\(report.id(at: row)) \(report.typeName(at: row)) \(report.timestamp(at: row) ?? .nan)"
        for field in NumericField.allCases {
          if let value = report.number(field, at: row) { line += " \(field.name)=\(value)" }
        }
        for field in TextField.allCases {
          if let value = report.text(field, at: row) { line += " \(field)=\(value)" }
        }
        lines.append(line)
      }
      return lines
    }
  }

  @Test(arguments: ["captures/basic/rtcstats-dump.gz", "captures/basic/sender.jsonl"])
  func sparesHoldingOtherObjectsChangeNothing(sample: String) throws {
    let path = TestData.sample(sample)
    var plain = Recorder(offersSpares: false)
    _ = try DumpReader.read(path: path, parallel: false, into: &plain)
    var recycling = Recorder(offersSpares: true)
    _ = try DumpReader.read(path: path, parallel: false, into: &recycling)
    #expect(plain.reports.count > 20)
    #expect(recycling.sparesTaken >= plain.reports.count - 1, "a spare asked for after each report")
    #expect(recycling.reports == plain.reports)
  }
}
