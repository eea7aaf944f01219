extension MetricDescriptor {
  /// Packets sent (outbound) or received (inbound) over the call: the last value of every
  /// segment, summed.
  public static let packets = MetricDescriptor(
    name: "packets", unit: .count, inputs: ["packetsSent", "packetsReceived"],
    formula: "last value (summed over segments)", scope: .all, merge: .sum,
    summary: .total(.packets, scale: 1, integer: true), isCSVColumn: true)
}
