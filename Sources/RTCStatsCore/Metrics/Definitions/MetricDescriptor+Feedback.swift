extension MetricDescriptor {
  /// Negative acknowledgements: sent by this receiver (inbound) or received from the remote
  /// receiver (outbound).
  ///
  /// Many NACKs mean loss repaired by retransmission.
  public static let nackCount = MetricDescriptor.counter(
    "nackCount", .nackCount, scope: .all,
    formula: "last value; per interval the change (inbound: NACKs sent, outbound: received)")

  /// Picture loss indications: key frame requests sent (inbound) or received (outbound).
  public static let pliCount = MetricDescriptor.counter(
    "pliCount", .pliCount, scope: .video,
    formula: "last value; per interval the change (inbound: PLIs sent, outbound: received)")

  /// Full intra requests sent (inbound) or received (outbound).
  public static let firCount = MetricDescriptor.counter(
    "firCount", .firCount, scope: .video,
    formula: "last value; per interval the change (inbound: FIRs sent, outbound: received)")
}
