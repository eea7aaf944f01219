extension MetricDescriptor {
  /// Bitrate with RTP overhead, bps: (Δbytes + ΔheaderBytes) · 8 / Δt.
  ///
  /// Reads `bytesSent` + `headerBytesSent` or `bytesReceived` + `headerBytesReceived`: every
  /// RTP byte, headers and padding included (SRTP, UDP and IP overhead excluded). Vonage's
  /// `totalBitrate`.
  public static let totalBitrate = MetricDescriptor(
    name: "totalBitrate", unit: .bitsPerSecond,
    inputs: ["bytesSent", "headerBytesSent", "bytesReceived", "headerBytesReceived"],
    formula: "(Δbytes + ΔheaderBytes) · 8 / Δt: every RTP byte, headers and padding included",
    scope: .all, merge: .sum, summary: .timeWeighted(fallback: nil), precision: .single,
    isCSVColumn: true
  ) { row, _, _ in
    guard let duration = row.duration, let bytes = row.delta(.bytes),
      let headers = row.delta(.headerBytes)
    else { return nil }
    return Bitrate.total(bytes: bytes, headerBytes: headers, milliseconds: duration)
  }
}
