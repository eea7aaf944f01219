extension MetricDescriptor {
  /// Payload bitrate, bps: Δbytes · 8 / Δt over each interval.
  ///
  /// Reads `bytesSent` (outbound-rtp) or `bytesReceived` (inbound-rtp): RTP payload bytes,
  /// without headers and padding, including retransmissions. A track's bitrate at one poll is
  /// the sum over its layers; the call's mean is time-weighted, i.e. total bits over total time.
  public static let bitrate = MetricDescriptor(
    name: "bitrate", unit: .bitsPerSecond, inputs: ["bytesSent", "bytesReceived"],
    formula: "Δbytes · 8 / Δt (payload)", scope: .all, merge: .sum,
    summary: .timeWeighted(fallback: nil), precision: .single, isCSVColumn: true
  ) { row, _, _ in
    guard let duration = row.duration, let bytes = row.delta(.bytes) else { return nil }
    return Bitrate.payload(bytes: bytes, milliseconds: duration)
  }
}
