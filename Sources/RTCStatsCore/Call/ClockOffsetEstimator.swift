/// Estimates the clock offset between two dumps from the streams that may link them.
///
/// For an offset δ (clock of the second dump minus the first), each candidate pair (a sent
/// track of one dump, a received track of the other, same kind) is aligned and given its
/// score (``MatchScore``). The offset's weight *J*(δ) is the sum, over sent tracks, of their
/// best score with a received track where it reaches ``CallThresholds/linkScore``: at the true
/// offset every linked stream matches at once, at a false one at most a stray pair does.
///
/// 1. **Coarse**: δ runs over the offsets at which some pair overlaps by
///    ``CallThresholds/minimumCoverage`` of the shorter series, within
///    ±``CallThresholds/maximumClockOffset``, in steps of ``CallThresholds/coarseOffsetStep``,
///    over at most ``CallThresholds/coarseIntervalLimit`` intervals of each receiver, weighing
///    the fingerprint alone.
/// 2. **Fine**: around each of the ``CallThresholds/offsetPeaks`` highest coarse peaks, in steps
///    of ``CallThresholds/fineOffsetStep`` over every interval, weighing the full score: with
///    aligned polls its identical-interval share peaks only at the exact offset, and without
///    them the fingerprint must reach 0.8 on its own.
/// 3. The best refined δ is kept when at least ``CallThresholds/offsetSupport`` distinct sent
///    tracks are a received track's best match there (fewer when the dumps have fewer sent
///    tracks), or when one match alone reaches ``CallThresholds/singleSupportScore`` (a
///    subscriber that receives one track of this publisher); linking by SSRC needs one (the
///    pairs are known).
/// 4. Confidence = (*J*(δ) − *J*₂) / *J*(δ), where *J*₂ is the best refined weight more than
///    ``CallThresholds/offsetPeakSeparation`` away.
public enum ClockOffsetEstimator {
  /// A pair that may link the two dumps: `receiver`'s clock reads `sender`'s time *t* as
  /// *t* + `sign` · δ.
  public struct Candidate: Sendable {
    /// The sent track.
    public var sender: LinkEndpoint
    /// The received track.
    public var receiver: LinkEndpoint
    /// +1 when the sender is in the first dump, −1 when in the second.
    public var sign: Double

    /// Creates a candidate.
    public init(sender: LinkEndpoint, receiver: LinkEndpoint, sign: Double) {
      self.sender = sender
      self.receiver = receiver
      self.sign = sign
    }
  }

  /// The offset between dumps `from` and `to` given their `candidates`, or `nil` when no
  /// offset is supported.
  ///
  /// - `method`: `.ssrc` when the candidates are known pairs (no support needed).
  public static func estimate(
    from: Int, to: Int, candidates: [Candidate], method: ClockOffset.Method,
    thresholds: CallThresholds = CallThresholds()
  ) -> ClockOffset? {
    let usable = candidates.filter { $0.receiver.series.samples.count > thresholds.minimumIntervals }
    guard let range = searchRange(usable, thresholds: thresholds) else { return nil }
    // Known pairs (SSRC) need no minimum score: the offset is where they line up best.
    var search = thresholds
    if method == .ssrc { search.linkScore = -1 }
    var coarse: [(offset: Double, weight: Weight)] = []
    // On a grid through 0, so that dumps of one clock are tried at exactly 0.
    var offset = (range.lowerBound / thresholds.coarseOffsetStep).rounded(.down) * thresholds.coarseOffsetStep
    while offset <= range.upperBound {
      coarse.append((offset, weight(usable, offset: offset, coarse: true, thresholds: search)))
      offset += thresholds.coarseOffsetStep
    }
    let refined = peaks(of: coarse, thresholds: search).map { refine(usable, around: $0, thresholds: search) }
    let senders = Set(usable.map(\.sender.reference)).count
    let required = method == .timing ? min(thresholds.offsetSupport, senders) : 1
    let accepted = refined.filter {
      $0.weight.total > 0
        && ($0.weight.support >= required || $0.weight.total >= thresholds.singleSupportScore)
    }
    guard let best = accepted.max(by: { $0.weight.total < $1.weight.total }) else { return nil }
    let runnerUp =
      refined.filter { abs($0.offset - best.offset) > thresholds.offsetPeakSeparation }.map(\.weight.total)
      .max() ?? 0
    let confidence = max(0, min(1, (best.weight.total - runnerUp) / best.weight.total))
    return ClockOffset(
      from: from, to: to, offset: best.offset, confidence: confidence, method: method,
      support: best.weight.support)
  }

  /// The offsets of the highest coarse weights, at most ``CallThresholds/offsetPeaks``, each
  /// more than ``CallThresholds/offsetPeakSeparation`` from a higher one.
  static func peaks(of coarse: [(offset: Double, weight: Weight)], thresholds: CallThresholds) -> [Double] {
    let ordered = coarse.filter { $0.weight.total > 0 }.sorted {
      $0.weight.total != $1.weight.total ? $0.weight.total > $1.weight.total : abs($0.offset) < abs($1.offset)
    }
    var result: [Double] = []
    for entry in ordered where result.count < thresholds.offsetPeaks {
      if result.allSatisfy({ abs($0 - entry.offset) > thresholds.offsetPeakSeparation }) {
        result.append(entry.offset)
      }
    }
    return result
  }

  /// The best fine offset within a coarse step of `peak`, with its weight.
  static func refine(_ candidates: [Candidate], around peak: Double, thresholds: CallThresholds)
    -> (offset: Double, weight: Weight)
  {
    var best = (offset: peak, weight: weight(candidates, offset: peak, coarse: false, thresholds: thresholds))
    var fine = peak - thresholds.coarseOffsetStep
    while fine <= peak + thresholds.coarseOffsetStep {
      let candidate = weight(candidates, offset: fine, coarse: false, thresholds: thresholds)
      if candidate.total > best.weight.total { best = (fine, candidate) }
      fine += thresholds.fineOffsetStep
    }
    return best
  }

  /// The weight of one offset: the summed best scores and the distinct senders behind them.
  struct Weight {
    var total = 0.0
    var support = 0
  }

  static func weight(_ candidates: [Candidate], offset: Double, coarse: Bool, thresholds: CallThresholds)
    -> Weight
  {
    // Each sent track counts once, with its best receiver: a stray second match (the same
    // content sent by two publishers) must not outweigh the streams that truly line up.
    var best: [EndpointReference: Double] = [:]
    for candidate in candidates {
      guard let score = score(candidate, offset: candidate.sign * offset, coarse: coarse, thresholds),
        let weight = coarse ? score.fingerprint : score.value, weight >= thresholds.linkScore
      else { continue }
      let sender = candidate.sender.reference
      if best[sender].map({ weight > $0 }) ?? true { best[sender] = weight }
    }
    return Weight(total: best.values.reduce(0, +), support: best.count)
  }

  /// The score of one pair at an effective offset (the fingerprint alone in the coarse
  /// search), when the pair overlaps enough.
  static func score(
    _ candidate: Candidate, offset: Double, coarse: Bool, _ thresholds: CallThresholds
  ) -> MatchScore? {
    let samples = candidate.receiver.series.samples.count
    var range = 1..<samples
    if coarse && samples - 1 > thresholds.coarseIntervalLimit {
      let start = (samples - thresholds.coarseIntervalLimit) / 2
      range = start..<(start + thresholds.coarseIntervalLimit)
    }
    let aligned = AlignedIntervals(
      sender: candidate.sender, receiver: candidate.receiver.series, offset: offset, range: range,
      tolerance: thresholds.pollAlignmentTolerance)
    let senderIntervals = (candidate.sender.layers.map(\.series.samples.count).max() ?? 1) - 1
    let needed = max(
      Double(thresholds.minimumIntervals),
      thresholds.minimumCoverage * Double(min(aligned.examined, senderIntervals)))
    guard Double(aligned.intervals.count) >= needed else { return nil }
    if coarse {
      let fingerprint = MatchScore.fingerprint(
        sent: aligned.intervals.map(\.sent), received: aligned.intervals.map(\.received),
        thresholds: thresholds)
      return MatchScore(fingerprint: fingerprint, identical: nil, intervals: aligned.intervals.count)
    }
    return MatchScore(aligned, thresholds: thresholds)
  }

  /// The offsets at which some candidate overlaps enough, clipped to the largest offset.
  static func searchRange(_ candidates: [Candidate], thresholds: CallThresholds) -> ClosedRange<Double>? {
    var low = Double.infinity
    var high = -Double.infinity
    for candidate in candidates {
      guard let first = candidate.receiver.start, let last = candidate.receiver.end,
        let senderFirst = candidate.sender.start, let senderLast = candidate.sender.end
      else { continue }
      let margin = thresholds.minimumCoverage * min(last - first, senderLast - senderFirst)
      // Effective offset e (receiver time = sender time + e) with enough overlap.
      let lowest = first - senderLast + margin
      let highest = last - senderFirst - margin
      guard lowest <= highest else { continue }
      let bounds = candidate.sign > 0 ? (lowest, highest) : (-highest, -lowest)
      low = min(low, bounds.0)
      high = max(high, bounds.1)
    }
    low = max(low, -thresholds.maximumClockOffset)
    high = min(high, thresholds.maximumClockOffset)
    return low <= high ? low...high : nil
  }
}
