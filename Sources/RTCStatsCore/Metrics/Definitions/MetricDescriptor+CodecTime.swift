extension MetricDescriptor {
  /// Average decode time per frame, ms: ΔtotalDecodeTime / ΔframesDecoded · 1000 (inbound video).
  public static let decodeTime = codecTime(
    "decodeTime", direction: .inbound, inputs: ["totalDecodeTime", "framesDecoded"],
    formula: "ΔtotalDecodeTime / ΔframesDecoded · 1000")

  /// Average encode time per frame, ms: ΔtotalEncodeTime / ΔframesEncoded · 1000 (outbound
  /// video; with SVC one frame per spatial layer).
  ///
  /// A track's figure is its slowest layer's.
  public static let encodeTime = codecTime(
    "encodeTime", direction: .outbound, inputs: ["totalEncodeTime", "framesEncoded"],
    formula: "ΔtotalEncodeTime / ΔframesEncoded · 1000")

  private static func codecTime(
    _ name: String, direction: Direction, inputs: [String], formula: String
  ) -> MetricDescriptor {
    MetricDescriptor(
      name: name, unit: .milliseconds, inputs: inputs, formula: formula,
      scope: direction == .inbound ? .inboundVideo : .outboundVideo, merge: .maximum,
      summary: .ratio(.totalCodecTime, .frames, scale: 1000)
    ) { row, rowDirection, _ in
      guard rowDirection == direction, let time = row.delta(.totalCodecTime),
        let frames = row.delta(.frames), frames > 0, time >= 0
      else { return nil }
      return time / frames * 1000
    }
  }
}
