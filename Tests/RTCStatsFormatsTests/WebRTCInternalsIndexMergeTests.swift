import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// The helper's part of an index (``InternalsConnection/merge(into:)``) lands after the main
/// pass's part as one pass would have put it: tables appended with their positions moved,
/// objects seen by both merged, events named after the connection.
@Suite struct WebRTCInternalsIndexMergeTests {
  private static func series(_ field: NumericField, runs: Range<Int>) -> InternalsSeries {
    InternalsSeries(
      key: .numeric(field), count: runs.count, storage: .runs(runs), nameStart: 0, nameCount: 0,
      startTime: .nan, endTime: .nan)
  }

  /// Main part: object A (typed, two times, one series), B (untyped, one series).
  private static var main: InternalsConnection {
    var connection = InternalsConnection(name: "1-1")
    connection.timestamps = [1000, 2000]
    connection.runs = [InternalsRun(cell: .number(1), count: 2), InternalsRun(cell: .number(5), count: 2)]
    connection.series = [series(.bytesSent, runs: 0..<1), series(.bytesSent, runs: 1..<2)]
    var a = InternalsObject(id: "A")
    (a.hasStatsType, a.type, a.typeName) = (true, .outboundRTP, "outbound-rtp")
    a.timestamps = 0..<2
    a.series = [0]
    var b = InternalsObject(id: "B")
    b.series = [1]
    connection.objects = [a, b]
    connection.objectIndex = ["A": 0, "B": 1]
    connection.add(StatsEvent(dumpName: "createOffer", time: 500, connection: "1-1", value: nil))
    return connection
  }

  /// Helper part: more of A (another type name, a second series), B's type, times and
  /// `isRemote`, a new object C, an event without a time.
  private static var fragment: InternalsConnection {
    var connection = InternalsConnection(name: "")
    connection.timestamps = [1000, 2000, 3000]
    connection.runs = [InternalsRun(cell: .number(7), count: 2), InternalsRun(cell: .number(9), count: 3)]
    connection.series = [series(.packetsSent, runs: 0..<1), series(.packetsSent, runs: 1..<2)]
    var a = InternalsObject(id: "A")
    (a.hasStatsType, a.type, a.typeName) = (true, .inboundRTP, "inbound-rtp")
    a.series = [0]
    var b = InternalsObject(id: "B")
    (b.hasStatsType, b.type, b.typeName) = (true, .localCandidate, "local-candidate")
    b.timestamps = 1..<3
    b.isRemoteCandidate = true
    var c = InternalsObject(id: "C")
    c.timestamps = 0..<3
    c.series = [1]
    connection.objects = [a, b, c]
    connection.add(StatsEvent(dumpName: "setLocalDescription", time: nil, connection: "", value: nil))
    return connection
  }

  @Test func theHelpersPartIsAppendedAsOnePassWouldHaveIt() {
    var merged = Self.main
    Self.fragment.merge(into: &merged)
    #expect(merged.timestamps == [1000, 2000, 1000, 2000, 3000])
    #expect(merged.runs.map(\.count) == [2, 2, 2, 3])
    #expect(merged.series.map(\.storage) == [.runs(0..<1), .runs(1..<2), .runs(2..<3), .runs(3..<4)])
    #expect(merged.objects.map(\.id) == ["A", "B", "C"])
    #expect(merged.objectIndex == ["A": 0, "B": 1, "C": 2])
    // A keeps its first type and times and gets both series in order.
    #expect(merged.objects[0].typeName == "outbound-rtp")
    #expect(merged.objects[0].timestamps == 0..<2)
    #expect(merged.objects[0].series == [0, 2])
    // B takes the type, times and isRemote it only had in the helper's part.
    #expect(merged.objects[1].type == .localCandidate)
    #expect(merged.objects[1].timestamps == 3..<5)
    #expect(merged.objects[1].isRemoteCandidate)
    #expect(merged.objects[1].series == [1])
    #expect(merged.objects[2].timestamps == 2..<5)
    #expect(merged.objects[2].series == [3])
    // Events are the connection's, the untimed one placed after the one before it.
    #expect(merged.events.map(\.peerConnection) == ["1-1", "1-1"])
    #expect(merged.eventOrder == [500, 500])
  }
}
