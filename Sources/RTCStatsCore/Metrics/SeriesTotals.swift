/// The counters of a stream, layer or track summed over the call: for each counter field the
/// sum of its increments (the last value of every segment of every stream), and whether every
/// receiver report had the remote counters.
///
/// ``SummaryRule/custom(_:)`` rules read it; the fold builds it as rows arrive.
public struct SeriesTotals: Sendable, Equatable {
  /// The direction of the streams.
  public let direction: Direction
  private var sums: [Double]
  private var seen: UInt64 = 0
  private var missingInReports: UInt64 = 0

  /// Empty totals of streams of `direction`.
  public init(direction: Direction) {
    self.direction = direction
    sums = [Double](repeating: 0, count: Self.counterCount)
  }

  static let counterCount = RowField.allCases.filter(\.isCounter).count

  /// The sum of counter `field`, or `nil` when no row had it.
  public func sum(_ field: RowField) -> Double? {
    guard field.isCounter, seen & Self.bit(field) != 0 else { return nil }
    return sums[field.rawValue]
  }

  /// Whether every receiver report taken had the remote counter `field`.
  public func everyReceiverReportHas(_ field: RowField) -> Bool {
    missingInReports & Self.bit(field) == 0
  }

  /// Adds a row's increments.
  mutating func add(_ row: StreamRow) {
    let counted = row.status.isCounted
    guard counted || row.tookReceiverReport else { return }
    for (field, slot) in RowSchema.counters(row.schema) {
      let isRemote = field.rawValue >= RowField.remotePacketsLost.rawValue
      if isRemote ? !row.tookReceiverReport : !counted { continue }
      let value = row.raw(slot: slot)
      if !value.isNaN {
        sums[field.rawValue] += value
        seen |= Self.bit(field)
      } else if isRemote {
        missingInReports |= Self.bit(field)
      }
    }
  }

  /// Adds another series' totals (a track's are its streams', in stream order).
  mutating func add(_ other: SeriesTotals) {
    for field in RowField.allCases where field.isCounter && other.seen & Self.bit(field) != 0 {
      sums[field.rawValue] += other.sums[field.rawValue]
    }
    seen |= other.seen
    missingInReports |= other.missingInReports
  }

  private static func bit(_ field: RowField) -> UInt64 { 1 << UInt64(field.rawValue) }
}

extension PacketLoss {
  /// A track's loss over the call, 0–100, from its totals (see ``MetricDescriptor/packetLossPercent``).
  @Sendable public static func callPercent(_ totals: SeriesTotals) -> SummaryValue? {
    switch totals.direction {
    case .inbound:
      guard let lost = totals.sum(.packetsLost), let received = totals.sum(.packets) else { return nil }
      return percent(lost: lost, received: received).map(SummaryValue.number)
    case .outbound:
      guard let lost = totals.sum(.remotePacketsLost) else { return nil }
      if let received = totals.sum(.remotePacketsReceived),
        totals.everyReceiverReportHas(.remotePacketsReceived)
      {
        return percent(lost: lost, received: received).map(SummaryValue.number)
      }
      if totals.everyReceiverReportHas(.remoteMediaPacketsSent),
        let sent = totals.sum(.remoteMediaPacketsSent)
      {
        return percent(lost: lost, received: sent - lost).map(SummaryValue.number)
      }
      guard let sent = totals.sum(.packets) else { return nil }
      let retransmitted = totals.sum(.retransmittedPackets) ?? 0
      return percent(lost: lost, received: sent - retransmitted - lost).map(SummaryValue.number)
    }
  }
}
