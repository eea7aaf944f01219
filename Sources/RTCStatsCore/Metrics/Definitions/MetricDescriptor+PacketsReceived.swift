extension MetricDescriptor {
  /// RTP packets received over the call.
  ///
  /// The W3C counter `packetsReceived` of the track's inbound RTP streams, the last value of every
  /// segment summed (simulcast layers included); per interval its change (a delta, not a total).
  /// Vonage/OpenTok high-level stats name the same figure `packetsReceived`.
  public static let packetsReceived = MetricDescriptor.counter(
    "packetsReceived", .packets, scope: .inbound,
    formula: "last value (summed over segments); per interval the change", direction: .inbound)
}
