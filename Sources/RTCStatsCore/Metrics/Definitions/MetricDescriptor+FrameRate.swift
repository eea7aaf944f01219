extension MetricDescriptor {
  /// Frames per second: decoded (inbound, Vonage's `decodedFrameRate`) or encoded (outbound
  /// layers, `encodedFrameRate`).
  ///
  /// Inbound: ΔframesDecoded / Δt, else `framesPerSecond`. Outbound: the encoder's
  /// `framesPerSecond`, else ΔframesEncoded / Δt ÷ the spatial layers of `scalabilityMode`
  /// (libwebrtc counts one encoded frame per spatial layer). A track's frame rate is its largest
  /// layer's; when no interval has one, the `framesPerSecond` samples are summarised.
  public static let frameRate = MetricDescriptor(
    name: "frameRate", layerName: "encodedFrameRate", unit: .framesPerSecond,
    inputs: ["framesDecoded", "framesPerSecond", "framesEncoded", "scalabilityMode"],
    formula:
      "inbound: ΔframesDecoded/Δt; outbound: the encoder's `framesPerSecond`, else ΔframesEncoded/Δt ÷ spatial layers of `scalabilityMode`",
    scope: .video, merge: .largestLayer,
    summary: .timeWeighted(fallback: SampledSource(.framesPerSecond)), precision: .single,
    isCSVColumn: true
  ) { row, direction, kind in
    guard kind == .video, let duration = row.duration else { return nil }
    let counted = row.delta(.frames).flatMap { FrameRate.perSecond(frames: $0, milliseconds: duration) }
    switch direction {
    case .inbound:
      return counted ?? row[.framesPerSecond]
    case .outbound:
      return row[.framesPerSecond] ?? counted.map { $0 / (row[.spatialLayers] ?? 1) }
    }
  }
}
