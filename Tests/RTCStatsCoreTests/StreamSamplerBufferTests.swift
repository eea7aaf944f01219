import RTCStatsCore
import Testing

/// The sampler reuses its counter buffers and caches the spatial layers of a
/// `scalabilityMode`, and counter metrics are computed in place: what a stale buffer, a stale
/// cache or a diverging fast path would change.
@Suite struct StreamSamplerBufferTests {
  /// The stream rows of the only stream of `reports`, one per report.
  private func streamRows(_ reports: [StatsReport]) throws -> [StreamRow] {
    var analyzer = CallAnalyzer()
    for report in reports { analyzer.consume(report, peerConnection: "pc") }
    let timeline = try #require(analyzer.analysis().peerConnections.first?.timeline)
    return timeline.map { $0.streams }.flatMap { $0 }
  }

  private func inbound(at time: Double, bytes: Double, nacks: Double?) -> StatsReport {
    var builder = ReportBuilder()
    var numbers: [NumericField: Double] = [.ssrc: 1, .bytesReceived: bytes, .packetsReceived: bytes / 100]
    if let nacks { numbers[.nackCount] = nacks }
    builder.add(.inboundRTP, id: "IT01V1", at: time, numbers: numbers, texts: [.kind: "video"])
    return builder.report
  }

  @Test func aCounterAbsentFromOneSampleIsUnknownThere() throws {
    let rows = try streamRows([
      inbound(at: 1000, bytes: 1000, nacks: 5),
      inbound(at: 2000, bytes: 2000, nacks: nil),
      inbound(at: 3000, bytes: 3000, nacks: 9),
      inbound(at: 4000, bytes: 4000, nacks: 12),
    ])
    try #require(rows.count == 4)
    // Absent: unknown, not the previous sample's value left in a reused buffer.
    #expect(rows[1][.nackCount] == nil)
    // The counter keeps counting from its last known value (5), but the interval after the
    // gap has no change (the previous sample lacked it); the next one has 12 − 9.
    #expect(rows[2][.nackCount] == 4)
    #expect(rows[2].delta(.nackCount) == nil)
    #expect(rows[3].delta(.nackCount) == 3)
    #expect(rows[3].figure(.nackCount) == 3)
    #expect(rows[2].figure(.nackCount) == nil)
    // Bytes were in every sample: each interval has its 1000 bytes.
    #expect(rows.dropFirst().map { $0.delta(.bytes) } == [1000, 1000, 1000])
  }

  @Test func aFallingCounterHasNoFigure() throws {
    // nackCount falls without a reset (bytes keep growing): no figure, never a negative one.
    let rows = try streamRows([
      inbound(at: 1000, bytes: 1000, nacks: 5),
      inbound(at: 2000, bytes: 2000, nacks: 7),
      inbound(at: 3000, bytes: 3000, nacks: 6),
      inbound(at: 4000, bytes: 4000, nacks: 8),
    ])
    #expect(rows.dropFirst().map { $0.figure(.nackCount) } == [2, nil, 2])
  }

  private func outbound(at time: Double, bytes: Double, mode: String?) -> StatsReport {
    var builder = ReportBuilder()
    var texts: [TextField: String] = [.kind: "video"]
    if let mode { texts[.scalabilityMode] = mode }
    builder.add(
      .outboundRTP, id: "OT01V1", at: time,
      numbers: [.ssrc: 1, .bytesSent: bytes, .packetsSent: bytes / 100, .framesEncoded: bytes / 1000],
      texts: texts)
    return builder.report
  }

  @Test func spatialLayersFollowEveryChangeOfScalabilityMode() throws {
    let rows = try streamRows([
      outbound(at: 1000, bytes: 1000, mode: nil),
      outbound(at: 2000, bytes: 2000, mode: "L1T3"),
      outbound(at: 3000, bytes: 3000, mode: "L3T3_KEY"),
      outbound(at: 4000, bytes: 4000, mode: "S2T1"),
      outbound(at: 5000, bytes: 5000, mode: "L1T1"),
    ])
    // As FrameRate.spatialLayers reads each mode; 1 before any mode is known.
    #expect(rows.map { $0[.spatialLayers] } == [1, 1, 3, 2, 1])
  }
}
