/// How well a received series matches a sent one at a given clock offset: the evidence a
/// timing link rests on.
///
/// Two measures over ``AlignedIntervals`` (sent bytes *x*ᵢ, received bytes *y*ᵢ):
///
/// - **fingerprint** *F*: the Pearson correlation of the changes of the bytes summed over
///   windows of *w* intervals (``CallThresholds/fingerprintWindow``, 3):
///   *X*ⱼ = *x*ⱼ + … + *x*ⱼ₊ᵥ₋₁, Δ*X*ⱼ = *X*ⱼ − *X*ⱼ₋ᵥ, *F* = corr(Δ*X*, Δ*Y*). An encoder's
///   bitrate wanders with the content; a forwarded stream wanders the same way, a different
///   stream differently. Changes, not levels, are compared, so the level (loss, headers) and
///   slow trends do not count; windows absorb bytes that cross a polling boundary late (a
///   retransmission, jitter). `nil` when there are fewer than
///   ``CallThresholds/minimumFingerprintPoints`` changes or the sender's changes are below
///   ``CallThresholds/minimumVariation`` of its window mean (constant bitrate: no fingerprint).
/// - **identical** *N*: among the intervals where the sender's bytes changed by more than
///   ``CallThresholds/informativeChange`` (2 %) from the previous interval, the fraction whose
///   received bytes equal the sent ones within ``CallThresholds/identicalTolerance`` (1 %).
///   An SFU that forwards packets untouched gives byte-identical intervals when the two
///   dumps were polled at the same instants; two encoders of the same content never do.
///   Used only when the polls are aligned (``CallThresholds/alignedPollFraction`` of the
///   intervals end within ``CallThresholds/pollAlignmentTolerance`` of a sender sample) and
///   there are at least ``CallThresholds/minimumInformativeIntervals`` informative intervals.
///   An interval with lost packets holds them at the mean packet size, an estimate: exact
///   when the packets are of one size, up to a few percent off otherwise (five lost Opus
///   packets of 60–90 bytes are ±2 % of a second of audio). So *N* is the larger of the
///   share over every informative interval and the share over those without loss (when
///   there are enough of them): a forwarded stream is identical in at least one of the two
///   views, another stream in neither, and loss between the ends does not count against
///   the stream that suffered it.
///
/// The score ``value`` is (*F* + *N*) / 2 when *N* is used, else *F* −
/// ``CallThresholds/fingerprintOnlyPenalty`` (0.25): without byte-identical intervals the
/// fingerprint alone must carry the link, so it needs 0.8 where the two together need 0.55
/// (``CallThresholds/linkScore``). One scale ranks both kinds of candidates.
public struct MatchScore: Sendable, Equatable {
  /// The fingerprint correlation, −1…1.
  public var fingerprint: Double?
  /// The fraction of informative intervals that are byte-identical, 0…1.
  public var identical: Double?
  /// Intervals compared.
  public var intervals: Int
  /// What a fingerprint without the identical share loses (``CallThresholds/fingerprintOnlyPenalty``).
  public var fingerprintOnlyPenalty = 0.25

  /// The score: (fingerprint + identical) / 2, or the fingerprint less the penalty.
  public var value: Double? {
    guard let fingerprint else { return nil }
    return identical.map { (fingerprint + $0) / 2 } ?? fingerprint - fingerprintOnlyPenalty
  }

  /// Scores `aligned` with `thresholds`.
  public init(_ aligned: AlignedIntervals, thresholds: CallThresholds = CallThresholds()) {
    let sent = aligned.intervals.map(\.sent)
    let received = aligned.intervals.map(\.received)
    intervals = sent.count
    fingerprintOnlyPenalty = thresholds.fingerprintOnlyPenalty
    fingerprint = Self.fingerprint(sent: sent, received: received, thresholds: thresholds)
    identical =
      aligned.alignedFraction >= thresholds.alignedPollFraction
      ? Self.identical(
        sent: sent, received: received, lossy: aligned.intervals.map(\.hasLoss), thresholds: thresholds) : nil
  }

  /// Creates a score from its parts.
  public init(fingerprint: Double?, identical: Double?, intervals: Int) {
    self.fingerprint = fingerprint
    self.identical = identical
    self.intervals = intervals
  }

  /// The correlation of window-sum changes, or `nil` without enough points or variation.
  static func fingerprint(sent: [Double], received: [Double], thresholds: CallThresholds) -> Double? {
    let window = max(thresholds.fingerprintWindow, 1)
    guard sent.count >= window * 2 else { return nil }
    let sentSums = windowSums(sent, window)
    let receivedSums = windowSums(received, window)
    let sentChanges = (window..<sentSums.count).map { sentSums[$0] - sentSums[$0 - window] }
    let receivedChanges = (window..<receivedSums.count).map { receivedSums[$0] - receivedSums[$0 - window] }
    guard sentChanges.count >= thresholds.minimumFingerprintPoints else { return nil }
    let meanSum = sentSums.reduce(0, +) / Double(sentSums.count)
    guard meanSum > 0, standardDeviation(sentChanges) >= thresholds.minimumVariation * meanSum else {
      return nil
    }
    return correlation(sentChanges, receivedChanges)
  }

  /// The fraction of informative intervals with identical bytes, or `nil` with too few: over
  /// all of them, or over those not marked in `lossy` when that is larger.
  static func identical(
    sent: [Double], received: [Double], lossy: [Bool] = [], thresholds: CallThresholds
  ) -> Double? {
    let all = identical(sent: sent, received: received, skipping: [], thresholds: thresholds)
    guard lossy.contains(true) else { return all }
    let lossFree = identical(sent: sent, received: received, skipping: lossy, thresholds: thresholds)
    guard let all else { return lossFree }
    return max(all, lossFree ?? all)
  }

  /// The fraction of informative intervals with identical bytes among those not marked in
  /// `skipping`, or `nil` with too few.
  private static func identical(
    sent: [Double], received: [Double], skipping: [Bool], thresholds: CallThresholds
  ) -> Double? {
    var informative = 0
    var equal = 0
    for index in sent.indices.dropFirst() where index >= skipping.count || !skipping[index] {
      let change = abs(sent[index] - sent[index - 1])
      guard change > thresholds.informativeChange * max(sent[index], 1) else { continue }
      informative += 1
      let largest = max(sent[index], received[index], 1)
      if abs(received[index] - sent[index]) <= thresholds.identicalTolerance * largest { equal += 1 }
    }
    guard informative >= thresholds.minimumInformativeIntervals else { return nil }
    return Double(equal) / Double(informative)
  }

  /// Sums of every run of `window` consecutive values.
  static func windowSums(_ values: [Double], _ window: Int) -> [Double] {
    guard values.count >= window else { return [] }
    var sums: [Double] = []
    sums.reserveCapacity(values.count - window + 1)
    var running = values[0..<window].reduce(0, +)
    sums.append(running)
    for index in window..<values.count {
      running += values[index] - values[index - window]
      sums.append(running)
    }
    return sums
  }

  /// Pearson's correlation; 0 when either side is constant.
  static func correlation(_ first: [Double], _ second: [Double]) -> Double {
    let count = Double(first.count)
    guard count > 1, first.count == second.count else { return 0 }
    let meanFirst = first.reduce(0, +) / count
    let meanSecond = second.reduce(0, +) / count
    var product = 0.0
    var squaresFirst = 0.0
    var squaresSecond = 0.0
    for (a, b) in zip(first, second) {
      product += (a - meanFirst) * (b - meanSecond)
      squaresFirst += (a - meanFirst) * (a - meanFirst)
      squaresSecond += (b - meanSecond) * (b - meanSecond)
    }
    guard squaresFirst > 0, squaresSecond > 0 else { return 0 }
    return product / (squaresFirst.squareRoot() * squaresSecond.squareRoot())
  }

  /// The population standard deviation.
  static func standardDeviation(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let mean = values.reduce(0, +) / Double(values.count)
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (squares / Double(values.count)).squareRoot()
  }
}
