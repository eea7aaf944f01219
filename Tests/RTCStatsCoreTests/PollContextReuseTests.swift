import Testing

@testable import RTCStatsCore

/// The poll context is rebuilt in place from poll to poll, and media-source sizes are found by
/// comparing ids in report order: neither may carry anything over from the previous poll
/// that a new context or a dictionary keyed by id would not.
@Suite struct PollContextReuseTests {
  /// A context filled with every figure a poll can set, then reset, equals a new one.
  @Test func resetLeavesNothingOfThePreviousPoll() {
    var context = PollContext(peerConnection: "pc", sequence: 3, time: 10, previousTime: 9)
    context.tracks = [TrackPoll(slot: 0, direction: .outbound, kind: .video)]
    context.layers = [LayerPoll(slot: 0, stream: 0, name: "f", active: true, bytes: 1, height: 720)]
    context.transport = TransportPoll(row: TransportRow(), end: 10)
    context.pair = CandidatePairInfo()
    context.previousPair = CandidatePairInfo()
    context.path.isRelayed = true
    context.timeWithoutFeedback = 5
    context.lastFeedbackTime = 4
    context.sendsVideo = true
    context.reset(sequence: 4, time: 11, previousTime: 10)
    #expect(context == PollContext(peerConnection: "pc", sequence: 4, time: 11, previousTime: 10))
  }

  /// Sizes as a dictionary keeps them: the last size reported per id, kept while the source
  /// is absent, audio and sizeless sources ignored — whatever the lookup's starting hint, and
  /// with the sources reordered between reports.
  @Test func sourceSizesAreTheLastReportedPerID() {
    let reports: [[(id: String, kind: String, width: Double?)]] = [
      [("S1", "video", 640), ("S2", "video", 1280), ("A1", "audio", 100)],
      [("S2", "video", 960), ("S1", "video", 320)],  // reordered
      [("S3", "video", nil), ("S2", "video", 480)],  // S1 absent, S3 sizeless
      [("S3", "video", 160), ("S1", "video", 800), ("S2", "video", 240)],
    ]
    var builder = PollContextBuilder()
    var context = PollContext(peerConnection: "pc", sequence: 0, time: nil, previousTime: nil)
    var expected: [String: Double] = [:]
    for (sequence, sources) in reports.enumerated() {
      var report = ReportBuilder()
      for source in sources {
        var numbers: [NumericField: Double] = [:]
        if let width = source.width { (numbers[.width], numbers[.height]) = (width, width / 2) }
        report.add(.mediaSource, id: source.id, at: 1000, numbers: numbers, texts: [.kind: source.kind])
        if source.kind == "video", let width = source.width { expected[source.id] = width }
      }
      builder.fill(
        &context, for: TimelineRow(sequence: sequence, time: 1000), streams: [], report: report.report)
      for id in ["S1", "S2", "S3", "A1", "none"] {
        for start in [-1, 0, 1, 2, 7] {
          var hint = start
          let size = builder.sourceSize(of: id, hint: &hint)
          #expect(size?.0 == expected[id], "\(id) after report \(sequence), hint \(start)")
          #expect(size?.1 == expected[id].map { $0 / 2 }, "\(id) after report \(sequence)")
        }
      }
    }
  }
}
