import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// Dialect knowledge lives in Formats: Core sees W3C types and ms timestamps only.
@Suite struct NormalisationTests {
  @Test(arguments: [
    ("inboundrtp", StatsType.inboundRTP), ("outboundrtp", .outboundRTP), ("candidatepair", .candidatePair),
    ("localcandidate", .localCandidate), ("remotecandidate", .remoteCandidate), ("datachannel", .dataChannel),
  ])
  func preStandardTypeNamesAreMappedByFormatsOnly(name: String, type: StatsType) throws {
    #expect(StatsType(name: name) == nil)
    #expect(StatsType(dumpName: name) == type)
    // A dump that spells it so keeps its spelling as the type name.
    let (_, reports) = try RTCStatsTestData.record(#"[{"id":"x","type":"\#(name)","timestamp":1}]"#)
    #expect(reports.first?.report.type(at: 0) == type)
    #expect(reports.first?.report.typeName(at: 0) == name)
  }

  @Test func w3cNamesStayCoreKnowledge() {
    for type in StatsType.allCases where type != .other {
      #expect(StatsType(name: type.name) == type)
      #expect(StatsType(dumpName: type.name) == type)
    }
  }

  @Test(arguments: [
    // Python: datetime.fromisoformat(…).timestamp() * 1000
    (#""2024-03-01T10:00:00.123Z""#, 1_709_287_200_123.0),
    ("2024-03-01T10:00:00.123Z", 1_709_287_200_123.0),
    ("2024-03-01T11:00:00.123+01:00", 1_709_287_200_123.0),
    ("2024-03-01 10:00:00", 1_709_287_200_000.0),
  ])
  func oneISO8601ParserForEveryDialect(text: String, milliseconds: Double) {
    #expect(ISO8601.milliseconds(text) == milliseconds)
  }

  @Test func microsecondsBecomeMillisecondsWithADiagnostic() throws {
    let (info, reports) = try RTCStatsTestData.record(
      #"[{"id":"x","type":"codec","timestamp":1700000000000123,"mimeType":"audio/opus","payloadType":111}]"#)
    #expect(reports.first?.report.timestamp(at: 0) == 1_700_000_000_000.123)
    #expect(info.details.contains("timestamps in µs (libwebrtc native)"))
    #expect(info.diagnostics.map(\.code) == [.microsecondTimestamps])
    #expect(info.warnings.isEmpty)
  }
}
