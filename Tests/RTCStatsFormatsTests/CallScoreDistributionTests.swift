import Foundation
import RTCStatsFormats
import Testing

@testable import RTCStatsCore

/// The match score separates true from false pairs on the real SFU captures: every pair of a
/// received and a sent track of one kind, scored at the dumps' true offset (one host: 0), is
/// classified by the topology of `truth.json`.
///
/// The only false pairs at or above the link score are the audio of two publishers that sent
/// byte-identical audio (one page, one fake microphone, two encoders started together: in
/// the first recording sfu-simulcast, in a second one sfu-downlink-loss), found here from the
/// raw dumps: ties, which the linker breaks by companion links and never by score.
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
    let twins = try CallCapture.sfuScenarios.filter(Self.publishersSentIdenticalAudio)
    #expect(!twins.isEmpty)
    #expect(
      falseAbove.allSatisfy { twins.contains($0.scenario) && $0.kind == .audio },
      "\(falseAbove.map { "\($0.scenario) \($0.receiver) \($0.sender) \($0.kind)" }), twins \(twins)")
    #expect(falseAbove.count == 2 * twins.count)
  }

  /// Whether the two publishers' audio bytes were equal (within 1 %) in at least 80 % of
  /// the polls, read from the raw JSON lines.
  static func publishersSentIdenticalAudio(_ scenario: String) throws -> Bool {
    let sent = try ["publisher-a.jsonl", "publisher-b.jsonl"].map { name in
      try audioBytesSent(TestData.sharedPath("capture/out/\(scenario)/\(name)"))
    }
    let count = min(sent[0].count, sent[1].count)
    guard count > 10 else { return false }
    let equal = (1..<count).count { index in
      let first = sent[0][index] - sent[0][index - 1]
      let second = sent[1][index] - sent[1][index - 1]
      return abs(first - second) <= 0.01 * max(first, second, 1)
    }
    return Double(equal) >= 0.8 * Double(count - 1)
  }

  /// The audio `outbound-rtp` `bytesSent` of each line of a publisher's JSON lines.
  static func audioBytesSent(_ path: String) throws -> [Double] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
      let objects = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]] ?? []
      let audio = objects.first { object in
        object["type"] as? String == "outbound-rtp" && object["kind"] as? String == "audio"
      }
      return (audio?["bytesSent"] as? NSNumber)?.doubleValue
    }
  }
}
