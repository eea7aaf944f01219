/// Links the received tracks of a call's dumps to the sent tracks that carry them.
///
/// 1. **By SSRC**: a received track with an SSRC of a sent track of the same kind on another
///    peer connection is that track (P2P; an SFU that keeps SSRCs). A copy in the same dump
///    is preferred, then the earliest dump.
/// 2. **Clock offsets** between every two dumps (``ClockOffsetEstimator``): from their SSRC
///    links when they have some, else from every candidate pair; one dump's connections
///    share its clock.
/// 3. **By timing**: every other received track is scored (``MatchScore``) against every sent
///    track of the same kind on another peer connection, at the offset of the two dumps. The
///    best candidate at or above ``CallThresholds/linkScore`` is linked when it beats the
///    runner-up by ``CallThresholds/ambiguityMargin``.
/// 4. **Ties** are broken only by a companion: when exactly one of the tied sent tracks has
///    a peer connection with another track already linked into the received track's peer
///    connection (a publisher's audio goes where its video goes). Otherwise the track stays
///    unlinked (`ambiguous`): no forced links. A lone candidate up to
///    ``CallThresholds/companionAllowance`` below the link score is linked only with a
///    companion.
/// 5. **One per participant**: a sent track links to at most one received track of each
///    dump (one dump is one participant, who receives each track once): the best match stays,
///    a tie is broken by a companion, and the others are unlinked (`claimed`).
///
/// One received track links to at most one sent track; a sent track may feed many dumps.
public struct StreamMatcher: Sendable {
  /// Every endpoint of the call.
  public var endpoints: [LinkEndpoint]
  /// The thresholds.
  public var thresholds: CallThresholds

  /// What matching found.
  public struct Result: Sendable, Equatable {
    /// The links, without degradation or figures (``CallLinker`` adds them).
    public var links: [StreamLink]
    /// Streams left unlinked.
    public var unlinked: [UnlinkedStream]
    /// The clock offsets between dumps that could be established.
    public var offsets: [ClockOffset]
  }

  /// Creates a matcher.
  public init(endpoints: [LinkEndpoint], thresholds: CallThresholds = CallThresholds()) {
    self.endpoints = endpoints
    self.thresholds = thresholds
  }

  /// Matches the endpoints of `dumpCount` dumps.
  public func match(dumpCount: Int) -> Result {
    let senders = endpoints.filter { $0.direction == .outbound }
    let receivers = endpoints.filter { $0.direction == .inbound }
    let bySSRC = ssrcLinks(senders: senders, receivers: receivers)
    let offsets = clockOffsets(dumpCount: dumpCount, senders: senders, receivers: receivers, bySSRC: bySSRC)
    var fixed: [StreamLink] = []
    var scored: [(receiver: LinkEndpoint, candidates: [Scored]?)] = []
    for receiver in receivers {
      if let sender = bySSRC[receiver.reference] {
        fixed.append(ssrcLink(sender: sender, receiver: receiver, offsets: offsets))
      } else {
        scored.append((receiver, candidates(for: receiver, senders: senders, offsets: offsets)))
      }
    }
    // A received stream whose sender was claimed by a better match in its dump tries its
    // next candidate, a few rounds at most.
    var excluded: [EndpointReference: Set<EndpointReference>] = [:]
    var outcome = assign(scored, fixed: fixed, excluded: excluded)
    for _ in 0..<4 where !outcome.claimed.isEmpty {
      for (receiver, sender) in outcome.claimed { excluded[receiver, default: []].insert(sender) }
      outcome = assign(scored, fixed: fixed, excluded: excluded)
    }
    var (links, unlinked) = (outcome.links, outcome.unlinked)
    let fed = Set(links.map(\.publisher))
    for sender in senders where !fed.contains(sender.reference) {
      unlinked.append(Self.unlinked(sender, reason: .notReceived, best: nil))
    }
    links.sort { $0.subscriber < $1.subscriber }
    unlinked.sort { $0.reference < $1.reference }
    return Result(links: links, unlinked: unlinked, offsets: offsets)
  }

  /// One round of decisions: links by score, ties and near misses by companions, then one
  /// link per sent track and receiving dump.
  private func assign(
    _ scored: [(receiver: LinkEndpoint, candidates: [Scored]?)], fixed: [StreamLink],
    excluded: [EndpointReference: Set<EndpointReference>]
  ) -> (links: [StreamLink], unlinked: [UnlinkedStream], claimed: [(EndpointReference, EndpointReference)]) {
    var links = fixed
    var pending: [(receiver: LinkEndpoint, tied: [Scored])] = []
    var weak: [(receiver: LinkEndpoint, candidate: Scored)] = []
    var unlinked: [UnlinkedStream] = []
    for entry in scored {
      let skip = excluded[entry.receiver.reference] ?? []
      let candidates = entry.candidates?.filter { !skip.contains($0.sender.reference) }
      switch decide(candidates) {
      case .link(let best, let runnerUp):
        links.append(timingLink(best, receiver: entry.receiver, runnerUp: runnerUp))
      case .tie(let tied):
        pending.append((entry.receiver, tied))
      case .none(let reason, let best):
        if let candidate = weakCandidate(candidates) {
          weak.append((entry.receiver, candidate))
        } else {
          unlinked.append(Self.unlinked(entry.receiver, reason: skip.isEmpty ? reason : .claimed, best: best))
        }
      }
    }
    resolveTies(&pending, into: &links)
    for entry in pending {
      unlinked.append(Self.unlinked(entry.receiver, reason: .ambiguous, best: entry.tied.first?.score.value))
    }
    for entry in weak {
      if hasCompanion(entry.candidate.sender, entry.receiver, in: links) {
        links.append(timingLink(entry.candidate, receiver: entry.receiver, runnerUp: nil, companion: true))
      } else {
        unlinked.append(Self.unlinked(entry.receiver, reason: .noMatch, best: entry.candidate.score.value))
      }
    }
    var claimed: [(EndpointReference, EndpointReference)] = []
    for (link, reason) in keepOnePerDump(&links) {
      guard let receiver = endpoints.first(where: { $0.reference == link.subscriber }) else { continue }
      unlinked.append(Self.unlinked(receiver, reason: reason, best: link.score?.value))
      if reason == .claimed { claimed.append((link.subscriber, link.publisher)) }
    }
    return (links, unlinked, claimed)
  }

  // MARK: - SSRC

  private func ssrcLinks(senders: [LinkEndpoint], receivers: [LinkEndpoint]) -> [EndpointReference:
    LinkEndpoint]
  {
    var result: [EndpointReference: LinkEndpoint] = [:]
    for receiver in receivers {
      let ssrcs = Set(receiver.ssrcs)
      guard !ssrcs.isEmpty else { continue }
      let matching = senders.filter {
        $0.kind == receiver.kind && !Self.samePeerConnection($0, receiver)
          && !ssrcs.isDisjoint(with: $0.ssrcs)
      }
      let chosen = matching.first { $0.reference.dump == receiver.reference.dump } ?? matching.first
      if let chosen { result[receiver.reference] = chosen }
    }
    return result
  }

  private func ssrcLink(sender: LinkEndpoint, receiver: LinkEndpoint, offsets: [ClockOffset]) -> StreamLink {
    let offset = Self.offset(offsets, sender: sender.reference.dump, receiver: receiver.reference.dump)
    let carrying = sender.restricted(to: receiver.ssrcs)
    let match = offset.map { self.score(sender: carrying, receiver: receiver, offset: $0) }
    return StreamLink(
      publisher: sender.reference, subscriber: receiver.reference, kind: receiver.kind, method: .ssrc,
      confidence: 1, score: match, offset: offset)
  }

  // MARK: - Clock offsets

  private func clockOffsets(
    dumpCount: Int, senders: [LinkEndpoint], receivers: [LinkEndpoint],
    bySSRC: [EndpointReference: LinkEndpoint]
  ) -> [ClockOffset] {
    var result: [ClockOffset] = []
    for first in 0..<dumpCount {
      for second in (first + 1)..<dumpCount {
        var known: [ClockOffsetEstimator.Candidate] = []
        var possible: [ClockOffsetEstimator.Candidate] = []
        for receiver in receivers where [first, second].contains(receiver.reference.dump) {
          let sign: Double = receiver.reference.dump == second ? 1 : -1
          let other = receiver.reference.dump == second ? first : second
          if let sender = bySSRC[receiver.reference] {
            if sender.reference.dump == other {
              known.append(.init(sender: sender, receiver: receiver, sign: sign))
            }
            continue
          }
          for sender in senders where sender.reference.dump == other && sender.kind == receiver.kind {
            possible.append(.init(sender: sender, receiver: receiver, sign: sign))
          }
        }
        let method: ClockOffset.Method = known.isEmpty ? .timing : .ssrc
        let estimate = ClockOffsetEstimator.estimate(
          from: first, to: second, candidates: known.isEmpty ? possible : known, method: method,
          thresholds: thresholds)
        if let estimate {
          result.append(estimate)
        } else if !known.isEmpty {
          result.append(
            ClockOffset(from: first, to: second, offset: nil, confidence: 0, method: .ssrc, support: 0))
        }
      }
    }
    return result
  }

  /// The receiver's clock minus the sender's: 0 within a dump, else the pair's offset.
  static func offset(_ offsets: [ClockOffset], sender: Int, receiver: Int) -> Double? {
    if sender == receiver { return 0 }
    return offsets.lazy.compactMap { $0.offset(fromSenderIn: sender, toReceiverIn: receiver) }.first
  }

  // MARK: - Timing

  /// A candidate sent track with its score.
  struct Scored: Sendable {
    var sender: LinkEndpoint
    var score: MatchScore
    /// The receiver's clock minus the sender's.
    var offset: Double
  }

  private enum Decision {
    case link(Scored, runnerUp: Double?)
    case tie([Scored])
    case none(UnlinkedStream.Reason, best: Double?)
  }

  /// Scores `receiver` against every sent track it could carry.
  private func candidates(for receiver: LinkEndpoint, senders: [LinkEndpoint], offsets: [ClockOffset])
    -> [Scored]?
  {
    var result: [Scored] = []
    var anyOffset = false
    for sender in senders where sender.kind == receiver.kind && !Self.samePeerConnection(sender, receiver) {
      guard
        let offset = Self.offset(offsets, sender: sender.reference.dump, receiver: receiver.reference.dump)
      else { continue }
      anyOffset = true
      result.append(
        Scored(
          sender: sender, score: score(sender: sender, receiver: receiver, offset: offset), offset: offset))
    }
    guard anyOffset else { return nil }
    return result.sorted { ($0.score.value ?? -2) > ($1.score.value ?? -2) }
  }

  /// The match of `receiver` with `sender` at `offset`, over intervals covering enough of both.
  func score(sender: LinkEndpoint, receiver: LinkEndpoint, offset: Double) -> MatchScore {
    let aligned = AlignedIntervals(
      sender: sender, receiver: receiver.series, offset: offset, tolerance: thresholds.pollAlignmentTolerance)
    let senderIntervals = (sender.layers.map(\.series.samples.count).max() ?? 1) - 1
    let needed = max(
      Double(thresholds.minimumIntervals),
      thresholds.minimumCoverage * Double(min(aligned.examined, senderIntervals)))
    guard Double(aligned.intervals.count) >= needed else {
      return MatchScore(fingerprint: nil, identical: nil, intervals: aligned.intervals.count)
    }
    return MatchScore(aligned, thresholds: thresholds)
  }

  private func decide(_ scored: [Scored]?) -> Decision {
    guard let scored else { return .none(.noClockOffset, best: nil) }
    guard let best = scored.first, let value = best.score.value else {
      return .none(scored.isEmpty ? .noMatch : .noFingerprint, best: nil)
    }
    guard value >= thresholds.linkScore else { return .none(.noMatch, best: value) }
    let runnerUp = scored.dropFirst().first?.score.value
    guard let runnerUp, value - runnerUp < thresholds.ambiguityMargin else {
      return .link(best, runnerUp: runnerUp)
    }
    return .tie(scored.filter { ($0.score.value ?? -2) > value - thresholds.ambiguityMargin })
  }

  func timingLink(_ best: Scored, receiver: LinkEndpoint, runnerUp: Double?, companion: Bool = false)
    -> StreamLink
  {
    StreamLink(
      publisher: best.sender.reference, subscriber: receiver.reference, kind: receiver.kind, method: .timing,
      // A companion settles a tie or a near miss by the call's structure, not by the series:
      // such a link is half as sure as its score.
      confidence: max(0, min(1, best.score.value ?? 0)) * (companion ? 0.5 : 1), score: best.score,
      runnerUpScore: runnerUp,
      resolvedByCompanion: companion,
      offset: best.offset)
  }

  // MARK: - Helpers

  static func samePeerConnection(_ first: LinkEndpoint, _ second: LinkEndpoint) -> Bool {
    samePeerConnection(first.reference, second.reference)
  }

  static func samePeerConnection(_ first: EndpointReference, _ second: EndpointReference) -> Bool {
    first.dump == second.dump && first.peerConnection == second.peerConnection
  }

  static func unlinked(_ endpoint: LinkEndpoint, reason: UnlinkedStream.Reason, best: Double?)
    -> UnlinkedStream
  {
    UnlinkedStream(
      reference: endpoint.reference, kind: endpoint.kind, ssrcs: endpoint.ssrcs, reason: reason,
      bestScore: best)
  }
}
