/// The selected ICE candidate pair changed during the call: a network change (Wi-Fi to
/// cellular), a restart, or ICE switching to a better path.
///
/// Media may glitch around it.
struct CandidatePairChangeRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "candidatePairChange", template: "the media path changed from {from} to {to}", severity: .info),
    summary: "selected candidate pair switched",
    formula: "transport.selectedCandidatePairId differs from the previous poll's",
    inputs: [
      "transport.selectedCandidatePairId", "local-candidate.candidateType", "remote-candidate.candidateType",
    ],
    source: "W3C webrtc-stats selectedCandidatePairChanges; client-monitor-js IceTupleChangeDetector",
    guards: ["the first selection of a call is not a change"],
    thresholds: [])

  private let entry: ThresholdEntry

  init(thresholds: ThresholdEntry) { entry = thresholds }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    guard let transport = poll.transport, transport.pairChanged else { return }
    sink.report(
      Diagnostic(
        Self.code, peerConnection: poll.peerConnection, start: transport.start ?? transport.end,
        end: transport.end,
        evidence: [
          "from": .text(Self.describe(poll.previousPair)),
          "to": .text(Self.describe(poll.pair)),
        ],
        threshold: entry.evidence))
  }

  /// `host/udp → srflx`, `relay/udp (TURN over tls) → host`.
  static func describe(_ pair: CandidatePairInfo?) -> String {
    guard let pair else { return "?" }
    var text = pair.localCandidateType ?? "?"
    if let proto = pair.protocol { text += "/" + proto }
    if let relay = pair.relayProtocol { text += " (TURN over \(relay))" }
    return text + " → " + (pair.remoteCandidateType ?? "?")
  }
}
