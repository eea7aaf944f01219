/// The audio MOS of one track over the call (``AudioMOS``), with its inputs echoed.
public struct MOSSummary: Sendable, Equatable {
  /// The audio track scored.
  public var track: TrackID
  /// The score per scored interval.
  public var mos: Distribution?
  /// The round-trip times used, ms.
  public var roundTripTime: Distribution?
  /// The jitter used, ms.
  public var jitter: Distribution?
  /// The loss used, 0–100.
  public var packetLossPercent: Distribution?
  /// Intervals with every input known.
  public var scoredIntervals: Int
  /// Intervals left unscored because an input (usually RTT) was unknown.
  public var unknownIntervals: Int
  /// Per interval (when the analysis keeps every row): time, score and inputs.
  public var intervals: [MOSInterval]

  /// Creates a summary.
  public init(
    track: TrackID, mos: Distribution?, roundTripTime: Distribution?, jitter: Distribution?,
    packetLossPercent: Distribution?,
    scoredIntervals: Int, unknownIntervals: Int, intervals: [MOSInterval] = []
  ) {
    self.track = track
    self.mos = mos
    self.roundTripTime = roundTripTime
    self.jitter = jitter
    self.packetLossPercent = packetLossPercent
    self.scoredIntervals = scoredIntervals
    self.unknownIntervals = unknownIntervals
    self.intervals = intervals
  }

  /// The model's name as JSON writes it.
  public static let model = "e-model (ITU-T G.107, Twilio's form)"
}

/// One interval's MOS and inputs.
public struct MOSInterval: Sendable, Equatable {
  /// End of the interval, ms since the epoch.
  public var time: Double
  /// The score, `nil` when an input was unknown.
  public var mos: Double?
  /// RTT used, ms.
  public var roundTripTime: Double?
  /// Jitter used, ms.
  public var jitter: Double?
  /// Loss used, 0–100.
  public var packetLossPercent: Double?

  /// Creates an interval.
  public init(time: Double, mos: Double?, roundTripTime: Double?, jitter: Double?, packetLossPercent: Double?)
  {
    self.time = time
    self.mos = mos
    self.roundTripTime = roundTripTime
    self.jitter = jitter
    self.packetLossPercent = packetLossPercent
  }
}

/// Collects one audio track's MOS intervals.
struct MOSAccumulator: Sendable, Equatable {
  let track: TrackID
  let keepsIntervals: Bool
  private var mos = DistributionBuilder(weighted: false)
  private var rtt = DistributionBuilder(weighted: false)
  private var jitter = DistributionBuilder(weighted: false)
  private var loss = DistributionBuilder(weighted: false)
  private var scored = 0
  private var unknown = 0
  private var intervals: [MOSInterval] = []

  init(track: TrackID, keepsIntervals: Bool) {
    self.track = track
    self.keepsIntervals = keepsIntervals
  }

  /// The inputs of `poll` for an audio track: inbound RTT from the transport, outbound RTT,
  /// jitter and loss from the latest receiver report (held between reports: each is the
  /// receiver's current estimate).
  @inline(__always)
  static func inputs(_ poll: TrackPoll, transport: TransportPoll?) -> (
    rtt: Double?, jitter: Double?, loss: Double?
  ) {
    guard poll.direction == .outbound else {
      return (transport?.roundTripTime, poll.jitter, poll.lossPercent)
    }
    return (poll.roundTripTime ?? transport?.roundTripTime, poll.reportedJitter, poll.reportedLossPercent)
  }

  @inline(__always)
  mutating func add(_ poll: TrackPoll, transport: TransportPoll?) {
    guard poll.duration != nil, let time = poll.end else { return }
    let (roundTrip, jitterValue, lossValue) = Self.inputs(poll, transport: transport)
    let score = AudioMOS.score(roundTripTime: roundTrip, jitter: jitterValue, lossPercent: lossValue)
    if let score {
      scored += 1
      mos.add(score)
      rtt.add(roundTrip)
      jitter.add(jitterValue)
      loss.add(lossValue)
    } else {
      unknown += 1
    }
    if keepsIntervals {
      intervals.append(
        MOSInterval(
          time: time, mos: score, roundTripTime: roundTrip, jitter: jitterValue, packetLossPercent: lossValue)
      )
    }
  }

  var summary: MOSSummary {
    MOSSummary(
      track: track, mos: mos.distribution, roundTripTime: rtt.distribution, jitter: jitter.distribution,
      packetLossPercent: loss.distribution, scoredIntervals: scored, unknownIntervals: unknown,
      intervals: intervals)
  }
}
