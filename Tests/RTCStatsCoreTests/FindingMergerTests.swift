import Testing

@testable import RTCStatsCore

/// ``FindingMerger`` merges only the two-source findings of one code, connection and track
/// that overlap, among any number of other findings.
@Suite struct FindingMergerTests {
  private func ice(_ connection: String, _ start: Double, _ end: Double, _ severity: Severity) -> Diagnostic {
    var evidence = Evidence()
    evidence.set("seconds", .seconds(end - start))
    return Diagnostic(
      IceDisconnectedRule.code, severity: severity, peerConnection: connection, start: start, end: end,
      evidence: evidence)
  }

  private func pairChange(_ connection: String, at time: Double) -> Diagnostic {
    Diagnostic(CandidatePairChangeRule.code, peerConnection: connection, start: time, end: time + 1)
  }

  @Test func overlappingEpisodesOfOneConnectionMergeAmongThousandsOfOthers() {
    // A poll-seen and an event-seen disconnection of PC_0 (10–20 s and 15–30 s), one of PC_1
    // at the same time, a later separate one of PC_0 (100–105 s), and 4000 one-second
    // candidate-pair changes, which overlap each other but never merge.
    var findings = (0..<4000).map { pairChange($0.isMultiple(of: 2) ? "PC_0" : "PC_1", at: Double($0) / 20) }
    findings += [
      ice("PC_0", 15, 30, .critical), ice("PC_1", 12, 18, .warning), ice("PC_0", 10, 20, .warning),
      ice("PC_0", 100, 105, .warning),
    ]
    let merged = FindingMerger.merge(findings)
    #expect(merged.count == 4000 + 3)
    #expect(merged.filter { $0.code == CandidatePairChangeRule.code }.count == 4000)
    let disconnections = merged.filter { $0.code == IceDisconnectedRule.code }
    let summary = disconnections.map { "\($0.peerConnection ?? "-") \($0.start ?? -1)–\($0.end ?? -1)" }
    #expect(summary == ["PC_0 10.0–30.0", "PC_1 12.0–18.0", "PC_0 100.0–105.0"])
    #expect(disconnections.map(\.severity) == [.critical, .warning, .warning])
    #expect(disconnections[0].evidence["seconds"] == .seconds(20))
    let starts = merged.map { $0.start ?? -.infinity }
    #expect(starts == starts.sorted())
  }

  @Test func episodesWithoutOverlapOrWithoutTimesStaySeparate() {
    let touching = [ice("PC_0", 0, 5, .warning), ice("PC_0", 6, 9, .warning)]
    #expect(FindingMerger.merge(touching).count == 2)
    let untimed = [
      Diagnostic(IceDisconnectedRule.code, peerConnection: "PC_0"),
      Diagnostic(IceDisconnectedRule.code, peerConnection: "PC_0"),
    ]
    #expect(FindingMerger.merge(untimed).count == 2)
  }
}
