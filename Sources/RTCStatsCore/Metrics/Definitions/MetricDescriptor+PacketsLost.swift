extension MetricDescriptor {
  /// Packets lost: inbound `packetsLost`; outbound the receiver's `remote-inbound-rtp.packetsLost`.
  ///
  /// Per interval (inbound): ΔpacketsLost, which may be negative when duplicates arrive.
  public static let packetsLost = MetricDescriptor(
    name: "packetsLost", unit: .count,
    inputs: ["inbound-rtp.packetsLost", "remote-inbound-rtp.packetsLost"],
    formula: "last value; outbound from the receiver's RTCP report", scope: .all, merge: .sum,
    summary: .perDirection(
      inbound: .total(.packetsLost, scale: 1, integer: true),
      outbound: .total(.remotePacketsLost, scale: 1, integer: true)),
    precision: .single, isCSVColumn: true
  ) { row, direction, _ in
    direction == .inbound ? row.delta(.packetsLost) : nil
  }
}
