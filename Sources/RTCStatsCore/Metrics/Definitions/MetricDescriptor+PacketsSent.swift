extension MetricDescriptor {
  /// RTP packets sent over the call.
  ///
  /// The W3C counter `packetsSent` of the track's outbound RTP streams, the last value of every
  /// segment summed (simulcast layers included); per interval its change (a delta, not a total).
  /// Vonage/OpenTok high-level stats name the same figure `packetsSent`.
  public static let packetsSent = MetricDescriptor.counter(
    "packetsSent", .packets, scope: .outbound,
    formula: "last value (summed over segments); per interval the change", direction: .outbound)
}
