/// Bitrates from cumulative byte counters.
public enum Bitrate {
  /// Payload bitrate in bps over one interval: Δbytes · 8 / Δt.
  ///
  /// Reads `bytesSent` (outbound-rtp) or `bytesReceived` (inbound-rtp): RTP payload bytes,
  /// without headers and padding, including retransmissions.
  ///
  /// - Parameters:
  ///   - bytes: Δ`bytesSent` or Δ`bytesReceived` over the interval.
  ///   - milliseconds: Δ`timestamp` of the same object, ms.
  /// - Returns: bps, or `nil` when the interval is empty or the counter went backwards.
  public static func payload(bytes: Double, milliseconds: Double) -> Double? {
    guard milliseconds > 0, bytes >= 0 else { return nil }
    return bytes * 8 * 1000 / milliseconds
  }

  /// Bitrate with RTP overhead in bps: (Δbytes + ΔheaderBytes) · 8 / Δt.
  ///
  /// Reads `bytesSent` + `headerBytesSent` (outbound-rtp) or `bytesReceived` +
  /// `headerBytesReceived` (inbound-rtp). W3C: header bytes include RTP headers and padding,
  /// so the sum is every RTP byte on the wire (SRTP, UDP and IP overhead excluded).
  public static func total(bytes: Double, headerBytes: Double, milliseconds: Double) -> Double? {
    guard headerBytes >= 0 else { return nil }
    return payload(bytes: bytes + headerBytes, milliseconds: milliseconds)
  }
}
