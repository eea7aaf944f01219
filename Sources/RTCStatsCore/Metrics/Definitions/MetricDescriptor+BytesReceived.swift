extension MetricDescriptor {
  /// Bytes received (payload, without RTP headers and padding) over the call.
  ///
  /// The W3C counter `bytesReceived` of the track's inbound RTP streams, the last value of every
  /// segment summed (simulcast layers included); per interval its change (a delta, not a total).
  /// Vonage/OpenTok high-level stats name the same figure `bytesReceived`.
  public static let bytesReceived = MetricDescriptor.counter(
    "bytesReceived", .bytes, scope: .inbound,
    formula: "last value (summed over segments); per interval the change", direction: .inbound)
}
