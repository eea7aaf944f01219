/// Every threshold of the call view, in one table: how streams are linked by timing, how
/// clocks are aligned, and when a link counts as degraded and on which segment.
///
/// The defaults were set on the project's real SFU captures (`capture/out/sfu-*`, Janus 1.1.2,
/// Chromium 156) and their P2P captures; README's "Call view" section shows the score
/// distribution of true and false pairs they separate.
public struct CallThresholds: Sendable, Equatable {
  // MARK: Linking

  /// A timing link needs a match score at least this high (score: ``MatchScore/value``).
  public var linkScore = 0.55
  /// What a fingerprint loses when there is no identical-interval share to add (polls not
  /// aligned, too few informative intervals): it then needs `linkScore` + this on its own.
  public var fingerprintOnlyPenalty = 0.25
  /// A candidate this much below ``linkScore`` is still linked when it is the only one and a
  /// companion link supports it (the publisher connection's other track reaches the same
  /// subscriber connection).
  public var companionAllowance = 0.15
  /// Two candidates of one inbound stream whose scores differ by less are a tie, broken only
  /// by a companion link (see ``StreamMatcher``); otherwise the stream stays unlinked.
  public var ambiguityMargin = 0.05
  /// Intervals summed per window of the fingerprint correlation.
  public var fingerprintWindow = 3
  /// The fingerprint needs at least this many window differences.
  public var minimumFingerprintPoints = 6
  /// A sender whose window sums vary by less (standard deviation of their differences over
  /// their mean) has no fingerprint: constant-bitrate audio cannot be linked by timing.
  public var minimumVariation = 0.01
  /// Two intervals' byte counts are identical within this fraction.
  public var identicalTolerance = 0.01
  /// An interval is informative for the identical count when the sender's bytes changed by
  /// more than this fraction from the previous interval.
  public var informativeChange = 0.02
  /// The identical count needs at least this many informative intervals.
  public var minimumInformativeIntervals = 4
  /// Polls of two dumps are aligned when a sample lies within this many ms of the other
  /// dump's (after the offset) ...
  public var pollAlignmentTolerance = 50.0
  /// ...
  ///
  /// for at least this fraction of the receiver's samples.
  public var alignedPollFraction = 0.6
  /// A pair is compared only over at least this many intervals ...
  public var minimumIntervals = 8
  /// ...
  ///
  /// and over at least this fraction of the shorter of the two series.
  public var minimumCoverage = 0.8

  // MARK: Clocks

  /// The largest clock offset searched between two dumps, ms.
  ///
  /// The machines of one call keep
  /// time within seconds of each other (NTP); beyond this, two dumps are taken to be of
  /// different calls — also when their media look alike, as synthetic test media do.
  public var maximumClockOffset = 30_000.0
  /// Step of the coarse offset search, ms (at most a quarter of the polling interval).
  public var coarseOffsetStep = 250.0
  /// Step of the fine offset search around the coarse peak, ms.
  public var fineOffsetStep = 10.0
  /// The coarse search reads at most this many intervals of each receiver (the middle ones).
  public var coarseIntervalLimit = 300
  /// Offsets further apart than this are different peaks of the offset search, ms.
  public var offsetPeakSeparation = 2_000.0
  /// Coarse peaks refined before the best is chosen.
  public var offsetPeaks = 3
  /// An offset found by timing needs this many distinct sent tracks agreeing on it (fewer
  /// when the dumps have fewer sent tracks to link).
  public var offsetSupport = 2
  /// ...
  ///
  /// unless one sent track's match alone scores this much, which takes the identical share
  /// (aligned polls): a fingerprint alone, however high, is not enough for a lone track, since
  /// identical synthetic media (test calls) match across calls.
  public var singleSupportScore = 0.75

  // MARK: Segments

  /// Loss that makes an interval degraded, percent (uplink: receiver report; downlink: the
  /// subscriber's loss beyond the uplink's).
  public var lossPercent = 2.0
  /// The sender's bandwidth estimate collapsed when below this fraction of its median.
  public var bandwidthCollapse = 0.5
  /// A sender without a new receiver report for this long while sending has a broken uplink, ms.
  public var staleReports = 5_000.0
  /// Uplink loss is the ratio of the counters over the range when the reports cover at least
  /// this many packets, else the largest `fractionLost` reported in it.
  public var minimumReportedPackets = 100.0
  /// Received frame rate below this fraction of the sent one is a drop.
  public var frameRateDrop = 0.7
  /// Received bitrate below this fraction of the forwarded layer's sent bitrate is a drop.
  public var bitrateDrop = 0.7
  /// Concealed audio above this share of the samples, percent.
  public var concealmentPercent = 5.0
  /// Receiver reports arrive late: uplink evidence counts this many intervals either side.
  public var uplinkReach = 1
  /// Ranges of one segment separated by at most this many clean intervals are merged.
  public var mergeGap = 1

  /// The defaults.
  public init() {}
}
