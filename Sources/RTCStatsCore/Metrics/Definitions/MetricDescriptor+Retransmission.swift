extension MetricDescriptor {
  /// Retransmitted payload bitrate, bps: ΔretransmittedBytes · 8 / Δt (RTX or in-band).
  public static let retransmittedBitrate = MetricDescriptor(
    name: "retransmittedBitrate", unit: .bitsPerSecond,
    inputs: ["retransmittedBytesSent", "retransmittedBytesReceived"],
    formula: "ΔretransmittedBytes · 8 / Δt", scope: .all, merge: .sum,
    summary: .timeWeighted(fallback: nil)
  ) { row, _, _ in
    guard let duration = row.duration, let bytes = row.delta(.retransmittedBytes) else { return nil }
    return Bitrate.payload(bytes: bytes, milliseconds: duration)
  }

  /// Packets retransmitted by this sender (outbound).
  public static let retransmittedPacketsSent = MetricDescriptor.counter(
    "retransmittedPacketsSent", .retransmittedPackets, scope: .outbound,
    formula: "last value; per interval the change", direction: .outbound)

  /// Retransmitted packets received (inbound).
  public static let retransmittedPacketsReceived = MetricDescriptor.counter(
    "retransmittedPacketsReceived", .retransmittedPackets, scope: .inbound,
    formula: "last value; per interval the change", direction: .inbound)

  /// Forward error correction packets received (inbound).
  public static let fecPacketsReceived = MetricDescriptor.counter(
    "fecPacketsReceived", .fecPacketsReceived, scope: .inbound,
    formula: "last value; per interval the change", direction: .inbound)
}
