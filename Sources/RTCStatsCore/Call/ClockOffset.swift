/// The offset between the clocks of two dumps of a call: `offset` = clock of ``to`` − clock
/// of ``from``, ms, so that a time *t* of ``from`` is *t* + `offset` on ``to``.
///
/// Estimated from the media itself (``ClockOffsetEstimator``), the offset also holds the
/// one-way delay of the media path between the two ends: the two cannot be told apart
/// without a shared clock.
public struct ClockOffset: Sendable, Equatable {
  /// How the offset was found.
  public enum Method: String, Sendable, Hashable {
    /// The peer connections of one dump share its clock: offset 0.
    case sameDump = "same-dump"
    /// The alignment of streams linked by SSRC.
    case ssrc
    /// The alignment of candidate streams, for the SFU case (``ClockOffsetEstimator``).
    case timing
  }

  /// Position of the first dump.
  public var from: Int
  /// Position of the second dump.
  public var to: Int
  /// Clock of ``to`` minus clock of ``from``, ms; `nil` when the streams had no fingerprint.
  public var offset: Double?
  /// 0…1: how much the best offset stands out from the next-best one.
  public var confidence: Double
  /// How it was found.
  public var method: Method
  /// Distinct sent tracks whose streams agree on the offset.
  public var support: Int

  /// Creates an offset.
  public init(from: Int, to: Int, offset: Double?, confidence: Double, method: Method, support: Int) {
    self.from = from
    self.to = to
    self.offset = offset
    self.confidence = confidence
    self.method = method
    self.support = support
  }

  /// The offset to apply to a sender's times to read them on the receiver's clock, when the
  /// sender is in dump `sender`; `nil` when the dumps are not this pair or it is unknown.
  public func offset(fromSenderIn sender: Int, toReceiverIn receiver: Int) -> Double? {
    if sender == from && receiver == to { return offset }
    if sender == to && receiver == from { return offset.map { -$0 } }
    return nil
  }
}
