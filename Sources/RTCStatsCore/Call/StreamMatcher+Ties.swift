extension StreamMatcher {
  /// Breaks ties with companion links until no more can be broken.
  func resolveTies(
    _ pending: inout [(receiver: LinkEndpoint, tied: [Scored])], into links: inout [StreamLink]
  ) {
    var progress = true
    while progress {
      progress = false
      for (index, entry) in pending.enumerated().reversed() {
        let withCompanion = entry.tied.filter { hasCompanion($0.sender, entry.receiver, in: links) }
        guard withCompanion.count == 1, let chosen = withCompanion.first else { continue }
        let runnerUp = entry.tied.first { $0.sender.reference != chosen.sender.reference }?.score.value
        links.append(timingLink(chosen, receiver: entry.receiver, runnerUp: runnerUp, companion: true))
        pending.remove(at: index)
        progress = true
      }
    }
  }

  /// Whether another track of `sender`'s peer connection is linked into `receiver`'s peer
  /// connection (a publisher's audio goes where its video goes).
  func hasCompanion(_ sender: LinkEndpoint, _ receiver: LinkEndpoint, in links: [StreamLink]) -> Bool {
    links.contains {
      $0.publisher != sender.reference && $0.subscriber != receiver.reference
        && Self.samePeerConnection($0.publisher, sender.reference)
        && Self.samePeerConnection($0.subscriber, receiver.reference)
    }
  }

  /// The only candidate of a receiver that missed the link score by at most
  /// ``CallThresholds/companionAllowance``, with no other candidate within the margin.
  func weakCandidate(_ scored: [Scored]?) -> Scored? {
    guard let scored, let best = scored.first, let value = best.score.value,
      value >= thresholds.linkScore - thresholds.companionAllowance
    else { return nil }
    if let runnerUp = scored.dropFirst().first?.score.value, value - runnerUp < thresholds.ambiguityMargin {
      return nil
    }
    return best
  }

  /// Keeps, for every sent track and receiving dump, one timing link: the best one, or on a
  /// tie the only one with a companion.
  ///
  /// Returns the links removed, with the reason.
  func keepOnePerDump(_ links: inout [StreamLink]) -> [(StreamLink, UnlinkedStream.Reason)] {
    var groups: [EndpointReference: [Int: [Int]]] = [:]
    for (position, link) in links.enumerated() where link.method == .timing {
      groups[link.publisher, default: [:]][link.subscriber.dump, default: []].append(position)
    }
    var dropped: [(position: Int, reason: UnlinkedStream.Reason)] = []
    for byDump in groups.values {
      for positions in byDump.values where positions.count > 1 {
        let ordered = positions.sorted { (links[$0].score?.value ?? 0) > (links[$1].score?.value ?? 0) }
        let best = links[ordered[0]].score?.value ?? 0
        let tied = ordered.filter { best - (links[$0].score?.value ?? 0) < thresholds.ambiguityMargin }
        var keep: Int?
        if tied.count == 1 {
          keep = tied[0]
        } else {
          let withCompanion = tied.filter { position in
            links.contains {
              $0.publisher != links[position].publisher
                && Self.samePeerConnection($0.publisher, links[position].publisher)
                && Self.samePeerConnection($0.subscriber, links[position].subscriber)
            }
          }
          if withCompanion.count == 1 { keep = withCompanion[0] }
        }
        for position in ordered where position != keep {
          dropped.append((position, keep == nil && tied.contains(position) ? .ambiguous : .claimed))
        }
      }
    }
    var removed: [(StreamLink, UnlinkedStream.Reason)] = []
    for entry in dropped.sorted(by: { $0.position > $1.position }) {
      removed.append((links.remove(at: entry.position), entry.reason))
    }
    return removed
  }
}
