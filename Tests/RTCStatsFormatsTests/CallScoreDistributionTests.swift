import Foundation
import RTCStatsFormats
import Testing

@testable import RTCStatsCore

/// The match score separates true from false pairs on the real SFU captures: every pair of a
/// received and a sent track of one kind, scored at the dumps' true offset (one host: 0), is
/// classified by the topology of `truth.json`.
///
/// The only false pairs at or above the link score
/// are the two publishers' byte-identical audio of sfu-simulcast (one source, one encoder):
/// ties, which the linker breaks by companion links and never by score.
@Suite(.enabled(if: TestData.isSharedAvailable)) struct CallScoreDistributionTests {
  struct Pair {
    var scenario: String
    var receiver: String
    var sender: String
    var kind: MediaKind
    var isTrue: Bool
    var score: Double?
  }

  static func pairs() throws -> [Pair] {
    var result: [Pair] = []
    for scenario in CallCapture.sfuScenarios {
      let names = ["publisher-a.jsonl", "publisher-b.jsonl", "subscriber.jsonl"]
      let dumps = try names.map {
        try CallCapture.dump(TestData.sharedPath("capture/out/\(scenario)/\($0)"), name: $0)
      }
      let endpoints = dumps.indices.flatMap { LinkEndpoint.endpoints(of: dumps[$0], index: $0) }
      let matcher = StreamMatcher(endpoints: endpoints)
      for receiver in endpoints where receiver.direction == .inbound {
        for sender in endpoints where sender.direction == .outbound && sender.kind == receiver.kind {
          let letter = names[sender.reference.dump].dropFirst("publisher-".count).prefix(1)
          result.append(
            Pair(
              scenario: scenario, receiver: receiver.reference.peerConnection,
              sender: names[sender.reference.dump],
              kind: receiver.kind, isTrue: receiver.reference.peerConnection == "sub-" + letter,
              score: matcher.score(sender: sender, receiver: receiver, offset: 0).value))
        }
      }
    }
    return result
  }

  @Test func trueAndFalsePairsAreSeparatedByTheLinkScore() throws {
    let pairs = try Self.pairs()
    let threshold = CallThresholds().linkScore
    #expect(pairs.count == 4 * 8)
    let truePairs = pairs.filter(\.isTrue)
    #expect(truePairs.count == 16)
    for pair in truePairs {
      #expect(
        (pair.score ?? -1) >= threshold, "\(pair.scenario) \(pair.receiver) \(pair.kind) \(pair.score ?? -9)")
    }
    let falseAbove = pairs.filter { !$0.isTrue && ($0.score ?? -1) >= threshold }
    #expect(
      falseAbove.allSatisfy { $0.scenario == "sfu-simulcast" && $0.kind == .audio },
      "\(falseAbove.map(\.scenario))")
    #expect(falseAbove.count == 2)
  }
}
