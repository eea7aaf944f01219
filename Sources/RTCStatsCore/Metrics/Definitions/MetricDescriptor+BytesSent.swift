extension MetricDescriptor {
  /// Bytes sent (payload, without RTP headers and padding) over the call.
  ///
  /// The W3C counter `bytesSent` of the track's outbound RTP streams, the last value of every
  /// segment summed (simulcast layers included); per interval its change (a delta, not a total).
  /// Vonage/OpenTok high-level stats name the same figure `bytesSent`.
  public static let bytesSent = MetricDescriptor.counter(
    "bytesSent", .bytes, scope: .outbound,
    formula: "last value (summed over segments); per interval the change", direction: .outbound)
}
