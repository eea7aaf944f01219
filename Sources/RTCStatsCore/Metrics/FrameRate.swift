/// Frame rates.
public enum FrameRate {
  /// Frames per second over one interval: Δframes · 1000 / Δt.
  ///
  /// Inbound video reads `framesDecoded` (the W3C definition of inbound `framesPerSecond`
  /// is decoded frames over the last second); outbound video prefers the encoder's own
  /// `framesPerSecond` and falls back to Δ`framesEncoded` / Δt divided by the number of
  /// spatial layers of `scalabilityMode` (libwebrtc counts one encoded frame per spatial
  /// layer).
  public static func perSecond(frames: Double, milliseconds: Double) -> Double? {
    guard milliseconds > 0, frames >= 0 else { return nil }
    return frames * 1000 / milliseconds
  }

  /// The number of spatial layers a `scalabilityMode` names: `L3T3_KEY` → 3, `S2T1` → 2,
  /// `L1T3` → 1; `nil` for an unknown spelling.
  public static func spatialLayers(scalabilityMode: String) -> Int? {
    let utf8 = Array(scalabilityMode.utf8)
    guard utf8.count >= 2, utf8[0] == UInt8(ascii: "L") || utf8[0] == UInt8(ascii: "S") else {
      return nil
    }
    var count = 0
    var index = 1
    while index < utf8.count, utf8[index] >= UInt8(ascii: "0"), utf8[index] <= UInt8(ascii: "9") {
      guard count < 1_000 else { return nil }  // no encoder has that many layers; avoid overflow
      count = count * 10 + Int(utf8[index] - UInt8(ascii: "0"))
      index += 1
    }
    return count > 0 ? count : nil
  }
}
