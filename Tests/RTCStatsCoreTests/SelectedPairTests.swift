import RTCStatsCore
import Testing

/// The transport row follows the pair the report's transports name: the first transport that
/// names one (a bundle's first transport may name none), and a transport that stops naming its
/// pair keeps the one it named last.
@Suite struct SelectedPairTests {
  /// A report with two candidate pairs (`CP1`: 10 ms, `CP2`: 50 ms) and the transports given
  /// (id and the pair each names, `nil`: none).
  private func report(at time: Double, transports: [(String, String?)]) -> StatsReport {
    var builder = ReportBuilder()
    for (id, pair) in transports {
      var texts: [TextField: String] = [.iceState: "connected", .dtlsState: "connected"]
      if let pair { texts[.selectedCandidatePairId] = pair }
      builder.add(.transport, id: id, at: time, texts: texts)
    }
    builder.add(.candidatePair, id: "CP1", at: time, numbers: [.currentRoundTripTime: 0.010])
    builder.add(.candidatePair, id: "CP2", at: time, numbers: [.currentRoundTripTime: 0.050])
    builder.add(.inboundRTP, id: "IT01", at: time, numbers: [.ssrc: 1, .bytesReceived: time])
    return builder.report
  }

  @Test func theFirstTransportThatNamesAPairGivesIt() {
    var analyzer = CallAnalyzer()
    // A transport of an earlier poll named CP1: a pair of this poll's transports comes first.
    _ = analyzer.add(report(at: 1000, transports: [("TX", "CP1")]), peerConnection: "pc")
    let row = analyzer.add(report(at: 2000, transports: [("T0", nil), ("T1", "CP2")]), peerConnection: "pc")
    #expect(row.transport?.selectedCandidatePairID == "CP2")
    #expect(row.transport?.roundTripTime == 50)
    #expect(row.transport?.iceState == "connected")
  }

  @Test func aTransportThatStopsNamingItsPairKeepsIt() {
    var analyzer = CallAnalyzer()
    _ = analyzer.add(report(at: 1000, transports: [("T0", "CP1")]), peerConnection: "pc")
    let later = analyzer.add(report(at: 2000, transports: [("T0", nil)]), peerConnection: "pc")
    #expect(later.transport?.selectedCandidatePairID == "CP1")
    #expect(later.transport?.roundTripTime == 10)
  }
}
