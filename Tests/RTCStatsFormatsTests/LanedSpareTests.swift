import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// The reports a lane gives back: emptied on the lane when it keeps up with the parser (the
/// parser's thread then refills them without first releasing their strings), left as they
/// are when it does not, and never changed for another holder.
@Suite struct LanedSpareTests {
  /// A report of `objects` inbound streams whose ids and codecs are made at run time (heap
  /// strings, as a parser's interned ids are).
  private static func report(poll: Int, objects: Int) -> StatsReport {
    var report = StatsReport()
    for object in 0..<objects {
      let row = report.append(
        id: "IT01V\(1000 + object)", type: .inboundRTP, typeName: "inbound-rtp", timestamp: Double(poll))
      report.setNumber(Double(poll * 100 + object), .bytesReceived, at: row)
      report.setText("video/VP8;poll=\(poll)", .mimeType, at: row)
    }
    return report
  }

  @Test func aLaneThatKeepsUpEmptiesEveryReportButTheLast() {
    let counts = [3, 5, 2, 4]
    var spares = LanedCallAnalyzer.spares(
      of: counts.indices.map { Self.report(poll: $0, objects: counts[$0]) }, emptying: true)
    // All but the last are empty; the last (the parser may still hold it) is whole.
    #expect(spares.map(\.report.count) == [0, 0, 0, 4])
    #expect(spares.map(\.objects) == counts)
    #expect(spares[3].report.number(.bytesReceived, at: 3) == 303)
    // An emptied spare is refilled like a new report.
    spares[0].report.append(id: "IT01V1", type: .inboundRTP, typeName: "inbound-rtp", timestamp: 9)
    #expect(spares[0].report.count == 1)
    #expect(spares[0].report.number(.bytesReceived, at: 0) == nil)
  }

  @Test func aReportHeldElsewhereKeepsItsObjectsForThatHolder() {
    let held = Self.report(poll: 0, objects: 3)
    let spares = LanedCallAnalyzer.spares(of: [held, Self.report(poll: 1, objects: 2)], emptying: true)
    #expect(spares[0].report.count == 0)
    #expect(held.count == 3)
    #expect(held.id(at: 2) == "IT01V1002")
    #expect(held.text(.mimeType, at: 1) == "video/VP8;poll=0")
  }

  @Test func aLaneBehindTheParserLeavesTheReportsAsTheyAre() {
    let spares = LanedCallAnalyzer.spares(
      of: [Self.report(poll: 0, objects: 3), Self.report(poll: 1, objects: 2)], emptying: false)
    #expect(spares.map(\.report.count) == [3, 2])
    #expect(spares.map(\.objects) == [3, 2])
  }
}
