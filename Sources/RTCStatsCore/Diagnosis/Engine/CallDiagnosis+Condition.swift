extension CallDiagnosis {
  /// The network condition of connection `position`: each direction's summary with its
  /// degradation source, and the two together.
  static func condition(of position: Int, in connections: [ConnectionOutcome], health: [[TrackHealth]])
    -> NetworkCondition
  {
    let connection = connections[position]
    var send = connection.send.summary(source: .none, evidence: evidence(connection.send.worstFigures))
    var receive = connection.receive.summary(
      source: .none, evidence: evidence(connection.receive.worstFigures))
    send.degradationSource = source(of: send, local: true)
    let (receiveSource, receiveEvidence) = DegradationSourceResolver.receive(
      of: position, runs: receive.timeline, health: health, sendRuns: send.timeline)
    receive.degradationSource = receive.grade == .unknown ? .unknown : receiveSource
    for item in receiveEvidence { receive.evidence.set(item.name, item.value) }
    var overall = connection.overall.summary(
      source: .none, evidence: evidence(connection.overall.worstFigures))
    overall.degradationSource = combine(send: send, receive: receive, overall: overall)
    return NetworkCondition(overall: overall, send: send, receive: receive)
  }

  private static func source(of summary: NetworkConditionSummary, local: Bool) -> DegradationSource {
    if summary.grade == .unknown { return .unknown }
    return summary.grade.isDegraded ? .local : .none
  }

  private static func combine(
    send: NetworkConditionSummary, receive: NetworkConditionSummary, overall: NetworkConditionSummary
  ) -> DegradationSource {
    if overall.grade == .unknown { return .unknown }
    guard overall.grade.isDegraded else { return .none }
    let sources = [send, receive].filter { $0.grade.isDegraded }.map(\.degradationSource)
    guard let first = sources.first else { return .bothOrUnclear }
    return sources.allSatisfy { $0 == first } ? first : .bothOrUnclear
  }

  /// The figures of the worst interval as evidence.
  static func evidence(_ figures: ConditionFigures) -> Evidence {
    var result = Evidence()
    let numbers: [(String, Double?, Int)] = [
      ("lossPercent", figures.lossPercent, 2), ("roundTripTime", figures.roundTripTime, 0),
      ("jitter", figures.jitter, 1), ("availableOutgoingBitrate", figures.availableBitrate, 0),
      ("neededBitrate", figures.neededBitrate, 0), ("freezePercent", figures.freezeShare, 0),
      ("receivedVideoBitrate", figures.receivedBitrate, 0), ("receivedVideoNeed", figures.receivedNeed, 0),
    ]
    for (name, value, digits) in numbers {
      if let value { result.set(name, .rounded(value, digits)) }
    }
    if figures.mediaStopped { result.set("mediaStopped", .bool(true)) }
    if figures.iceDisconnected {
      result.set("iceState", .text(figures.iceFailed ? "failed" : "disconnected"))
    }
    if figures.pairChanged { result.set("candidatePairChanged", .bool(true)) }
    return result
  }
}

/// Merges the findings one episode produced from two sources (a state seen in the polls and
/// in the events): same code, connection and track, overlapping time ranges.
///
/// Only the rules
/// with two sources (``ConnectionStateEpisodes``) are merged; other findings of one rule never
/// overlap, or overlap on purpose (a clock jump inside a gap).
enum FindingMerger {
  /// The codes whose findings come from both polls and events.
  static let mergedCodes: Set<DiagnosticCode> = [IceDisconnectedRule.code, DTLSFailureRule.code]

  /// `findings` with overlapping duplicates merged, sorted by start, then worst first.
  ///
  /// - Complexity: O(*n* log *n*) in the findings, plus, per merged code, connection and
  ///   track, the product of its findings with those kept (a handful in a real call).
  static func merge(_ findings: [Diagnostic]) -> [Diagnostic] {
    let sorted = findings.enumerated().sorted { lhs, rhs in
      let (l, r) = (lhs.element, rhs.element)
      if (l.start ?? -.infinity) != (r.start ?? -.infinity) {
        return (l.start ?? -.infinity) < (r.start ?? -.infinity)
      }
      if l.severity != r.severity { return l.severity > r.severity }
      return lhs.offset < rhs.offset
    }.map(\.element)
    var result: [Diagnostic] = []
    // Positions in `result` of the findings that may merge, per code, connection and track:
    // only those are compared, so a call with thousands of other findings stays linear.
    var candidates: [MergeKey: [Int]] = [:]
    for finding in sorted {
      guard mergedCodes.contains(finding.code) else {
        result.append(finding)
        continue
      }
      let key = MergeKey(code: finding.code, peerConnection: finding.peerConnection, track: finding.track)
      if let position = candidates[key]?.last(where: { overlaps(result[$0], finding) }) {
        result[position] = merged(result[position], with: finding)
      } else {
        candidates[key, default: []].append(result.count)
        result.append(finding)
      }
    }
    return result
  }

  /// What two findings must share to merge.
  private struct MergeKey: Hashable {
    var code: DiagnosticCode
    var peerConnection: String?
    var track: TrackID?
  }

  /// `kept` extended to the end of `finding`, with the worse severity of the two.
  private static func merged(_ kept: Diagnostic, with finding: Diagnostic) -> Diagnostic {
    var merged = kept
    merged.end = Swift.max(merged.end ?? -.infinity, finding.end ?? -.infinity)
    merged.severity = Swift.max(merged.severity, finding.severity)
    if let start = merged.start, let end = merged.end, merged.evidence["seconds"] != nil {
      merged.evidence.set("seconds", .seconds(end - start))
    }
    return merged
  }

  /// Whether the time ranges of two findings of one ``MergeKey`` overlap (touching ranges
  /// only when one of them has a length).
  private static func overlaps(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
    guard let aStart = a.start, let aEnd = a.end, let bStart = b.start, let bEnd = b.end
    else { return false }
    return bStart <= aEnd && aStart <= bEnd && (aEnd > aStart || bEnd > bStart)
  }
}
