extension MetricDescriptor {
  /// Frames received (inbound video, W3C `framesReceived`: complete frames before decoding).
  public static let framesReceived = MetricDescriptor.counter(
    "framesReceived", .framesTransferred, scope: .inboundVideo,
    formula: "last value; per interval the change", direction: .inbound)

  /// Frames dropped before decoding (inbound video, W3C `framesDropped`).
  public static let framesDropped = MetricDescriptor.counter(
    "framesDropped", .framesDropped, scope: .inboundVideo,
    formula: "last value; per interval the change", direction: .inbound)

  /// Frames sent (outbound video, W3C `framesSent`).
  public static let framesSent = MetricDescriptor.counter(
    "framesSent", .framesTransferred, scope: .outboundVideo,
    formula: "last value; per interval the change", direction: .outbound)

  /// Key frames decoded (inbound video).
  public static let keyFramesDecoded = MetricDescriptor.counter(
    "keyFramesDecoded", .keyFrames, scope: .inboundVideo,
    formula: "last value; per interval the change", direction: .inbound)

  /// Key frames encoded (outbound video); a high rate follows PLI/FIR requests or loss.
  public static let keyFramesEncoded = MetricDescriptor.counter(
    "keyFramesEncoded", .keyFrames, scope: .outboundVideo,
    formula: "last value; per interval the change", direction: .outbound)
}
