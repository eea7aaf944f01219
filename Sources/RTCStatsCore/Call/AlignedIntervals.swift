/// A received series cut into its polling intervals, each with what the sender sent over the
/// same time: the series a match score, the segment attribution and the end-to-end figures
/// compare.
///
/// With a clock offset δ (the receiver's clock minus the sender's), the receiver's interval
/// (t₀, t₁] is the sender's (t₀ − δ, t₁ − δ]; the sender's cumulative counters are
/// interpolated linearly at those times. A sender with several encodings (simulcast) is
/// compared, interval by interval, with the encoding the receiver got: among the encodings
/// whose `frameHeight` equals the receiver's (all of them when none does or heights are
/// unknown), the one whose bytes are closest to the received bytes.
///
/// Received bytes are corrected for loss: `bytesReceived − retransmittedBytesReceived` plus
/// the interval's lost packets at the interval's mean packet size, so that loss between the
/// two ends does not change the shape being compared.
public struct AlignedIntervals: Sendable, Equatable {
  /// One receiver interval and the sender's side of it.
  public struct Interval: Sendable, Equatable {
    /// Index in the receiver's samples of the sample that closes the interval.
    public var sample: Int
    /// Start of the interval, ms, receiver's clock.
    public var start: Double
    /// End of the interval, ms, receiver's clock.
    public var end: Double
    /// Media bytes the sender sent on ``layer`` over the interval.
    public var sent: Double
    /// Media bytes received, lost packets included at the mean packet size.
    public var received: Double
    /// Whether packets were lost in the interval, so that ``received`` holds an estimate of
    /// their bytes.
    public var hasLoss = false
    /// The sender's encoding compared (index in ``LinkEndpoint/layers``).
    public var layer: Int
    /// Whether the interval's end lies within the polling tolerance of a sender sample.
    public var isAligned: Bool
  }

  /// The intervals the sender's series covers, oldest first.
  public var intervals: [Interval]
  /// Receiver intervals examined (covered or not).
  public var examined: Int

  /// Aligns `receiver`'s intervals (samples `range`, every one when `nil`) with `sender`.
  ///
  /// - `offset`: The receiver's clock minus the sender's, ms.
  /// - `tolerance`: How close a sender sample must be to count an interval as aligned, ms.
  /// - Complexity: O(*n* · *l* · log *m*) for *n* intervals, *l* layers, *m* sender samples.
  public init(
    sender: LinkEndpoint, receiver: MediaSeries, offset: Double, range: Range<Int>? = nil,
    tolerance: Double = 50
  ) {
    let samples = receiver.samples
    let bounds = range ?? 1..<samples.count
    intervals = []
    examined = 0
    for index in bounds where index >= 1 && index < samples.count {
      examined += 1
      let before = samples[index - 1]
      let after = samples[index]
      let received = Self.receivedBytes(from: before, to: after)
      let hasLoss = after.packetsLost > before.packetsLost
      let from = before.time - offset
      let to = after.time - offset
      var best: (layer: Int, sent: Double, matchesHeight: Bool)?
      for (position, layer) in sender.layers.enumerated() {
        guard let start = layer.series.cumulative(\.bytes, at: from),
          let end = layer.series.cumulative(\.bytes, at: to)
        else { continue }
        let sent = end - start
        let height = layer.series.sample(at: to)?.height
        let matchesHeight = height != nil && height == after.height
        if let current = best {
          if current.matchesHeight && !matchesHeight { continue }
          if matchesHeight == current.matchesHeight && abs(sent - received) >= abs(current.sent - received) {
            continue
          }
        }
        best = (position, sent, matchesHeight)
      }
      guard let best else { continue }
      let aligned = sender.layers[best.layer].series.distanceToNearestSample(to) <= tolerance
      intervals.append(
        Interval(
          sample: index, start: before.time, end: after.time, sent: best.sent, received: received,
          hasLoss: hasLoss, layer: best.layer, isAligned: aligned))
    }
  }

  /// Bytes received over an interval, with its lost packets added at its mean packet size.
  static func receivedBytes(from before: MediaSample, to after: MediaSample) -> Double {
    let bytes = after.bytes - before.bytes
    let packets = after.packets - before.packets
    let lost = max(after.packetsLost - before.packetsLost, 0)
    return packets > 0 ? bytes + lost * bytes / packets : bytes
  }

  /// The fraction of the intervals whose ends are aligned with sender samples.
  public var alignedFraction: Double {
    intervals.isEmpty ? 0 : Double(intervals.count { $0.isAligned }) / Double(intervals.count)
  }
}
