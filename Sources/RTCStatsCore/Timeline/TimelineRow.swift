/// Everything the engine learned from one report (poll) of one peer connection.
///
/// Rows are keyed by ``sequence``, the engine's count of reports across all peer connections,
/// so the transport and every stream of one poll share it; ``time`` is the poll's time.
public struct TimelineRow: Sendable, Equatable {
  /// The engine's report number (1 for the first report it consumed, of any peer connection).
  public var sequence: Int
  /// The report's time, ms since the epoch: its own `timestamp`, else its newest object's.
  public var time: Double?
  /// The transport at this poll, when the report has a transport or a candidate pair and a time.
  public var transport: TransportRow?
  /// The RTP streams the report holds, in report order.
  public var streams: [StreamRow]
  /// The mean of the round-trip times of the receiver reports first seen at this poll, ms: the
  /// transport's round-trip time when its candidate pair never reports one.
  public var receiverReportRoundTripTime: Double?

  /// Creates a row.
  public init(
    sequence: Int, time: Double?, transport: TransportRow? = nil, streams: [StreamRow] = [],
    receiverReportRoundTripTime: Double? = nil
  ) {
    self.sequence = sequence
    self.time = time
    self.transport = transport
    self.streams = streams
    self.receiverReportRoundTripTime = receiverReportRoundTripTime
  }
}
