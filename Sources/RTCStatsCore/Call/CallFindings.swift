/// The call-level findings: one per degraded segment of each link, in words only through
/// their ``DiagnosticCode`` templates, plus one for the streams left unlinked.
///
/// `publisher` and `subscriber` are "`source` `peerConnection`" (dump text: escape it when
/// printing); `seconds` is the segment's degraded time; times are the subscriber's clock. The
/// evidence is that of the segment's ranges together: counts summed, percentages at their
/// largest, the rest from the longest range.
enum CallFindings {
  static func findings(
    links: [StreamLink], unlinked: [UnlinkedStream], index: [EndpointReference: LinkEndpoint],
    dumps: [CallDump]
  ) -> [Diagnostic] {
    var result: [Diagnostic] = []
    for link in links {
      guard let degradation = link.degradation else { continue }
      for segment in NetworkSegment.allCases {
        let ranges = degradation.ranges.filter { $0.segment == segment }
        guard let first = ranges.first, let last = ranges.last,
          let longest = ranges.max(by: { $0.duration < $1.duration })
        else { continue }
        var evidence = merged(ranges, longest: longest)
        evidence.set("kind", .text(link.kind.rawValue))
        evidence.set("publisher", .text(name(link.publisher, dumps)))
        evidence.set("subscriber", .text(name(link.subscriber, dumps)))
        evidence.set("seconds", .number((ranges.reduce(0) { $0 + $1.duration } / 100).rounded() / 10))
        for placeholder in [
          "freezes", "receivedLossPercent", "concealmentPercent", "uplinkLossPercent", "sentBitrate",
          "receivedBitrate",
        ] where evidence[placeholder] == nil {
          evidence.set(placeholder, .integer(0))
        }
        result.append(
          Diagnostic(
            code(segment, evidence: evidence), peerConnection: link.subscriber.peerConnection,
            track: link.subscriber.track, start: first.start, end: last.end, evidence: evidence))
      }
    }
    if !unlinked.isEmpty {
      result.append(
        Diagnostic(
          .callUnlinkedStreams,
          evidence: [
            "count": .integer(unlinked.count),
            "ambiguous": .integer(unlinked.count { $0.reason == .ambiguous }),
          ]))
    }
    return result
  }

  /// The evidence of a segment's ranges together: counts summed, percentages at their
  /// largest, the rest from the longest range.
  static func merged(_ ranges: [DegradationRange], longest: DegradationRange) -> Evidence {
    var names: [String] = longest.evidence.map(\.name)
    for range in ranges { names += range.evidence.map(\.name).filter { !names.contains($0) } }
    var evidence = Evidence()
    for name in names {
      let values = ranges.compactMap { $0.evidence[name] }
      if name == "freezes" || name == "intervals" {
        let counts = values.map { value -> Int in
          if case .integer(let count) = value { return count }
          return 0
        }
        evidence.set(name, .integer(counts.reduce(0, +)))
      } else if name.hasSuffix("Percent"), let largest = values.compactMap(number).max() {
        evidence.set(name, .number(largest))
      } else if let value = longest.evidence[name] ?? values.first {
        evidence.set(name, value)
      }
    }
    return evidence
  }

  private static func number(_ value: EvidenceValue) -> Double? {
    switch value {
    case .number(let number): number
    case .integer(let count): Double(count)
    default: nil
    }
  }

  private static func code(_ segment: NetworkSegment, evidence: Evidence) -> DiagnosticCode {
    switch segment {
    case .publisherUplink:
      if case .number(let loss) = evidence["uplinkLossPercent"], loss >= 2 {
        .callPublisherUplink
      } else {
        .callPublisherUplinkOutage
      }
    case .subscriberDownlink: .callSubscriberDownlink
    case .sfu:
      evidence["forwardedLayer"] != nil && evidence["forwardedLayer"] != evidence["largestLayer"]
        ? .callForwardedLayer : .callSFUShortfall
    case .unclear: .callUnclearDegradation
    }
  }

  /// "`source` `peerConnection`".
  static func name(_ reference: EndpointReference, _ dumps: [CallDump]) -> String {
    let source =
      dumps.indices.contains(reference.dump) ? dumps[reference.dump].source : "dump \(reference.dump)"
    return source + " " + reference.peerConnection
  }
}
