/// What one receiver interval of a link showed: the subscriber's symptoms and the causes
/// found on each segment.
///
/// ``SegmentAttributor`` builds one per aligned interval.
struct IntervalState: Sendable, Equatable {
  /// Start and end, ms, subscriber's clock.
  var start: Double
  var end: Double

  // MARK: Symptoms at the subscriber
  /// `freezeCount` increase.
  var freezes = 0.0
  /// Concealed samples, percent of the samples received.
  var concealmentPercent: Double?
  /// The receiver's own loss, percent.
  var receivedLossPercent: Double?
  /// Frames decoded per second, and what the forwarded layer encoded.
  var receivedFrameRate: Double?
  var sentFrameRate: Double?
  /// Media bytes received and sent on the forwarded layer.
  var receivedBytes = 0.0
  var sentBytes = 0.0
  /// The forwarded layer and the largest layer sending at the time (indices in the sender's layers).
  var layer = 0
  var topLayer = 0

  // MARK: Causes
  /// The publisher's uplink in this interval (before widening by the reach).
  var uplinkLossPercent: Double?
  var bandwidthCollapsed = false
  var uplinkVerdict: Bool?
  /// Whether the publisher got no receiver report for a while although it was sending.
  var reportsStale = false
  /// Whether the uplink is degraded here or within the reach.
  var uplinkDegraded = false
  /// The subscriber's loss beyond the uplink's, percent.
  var excessLossPercent: Double?
  var downlinkVerdict: Bool?
  /// The subscriber's other received streams that lost packets beyond their uplinks' at the same time.
  var otherStreamsLosing = 0
  /// The subscriber's other received streams examined.
  var otherStreams = 0
}
