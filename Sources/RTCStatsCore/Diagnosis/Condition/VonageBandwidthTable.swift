/// The bitrate a video resolution needs, from Vonage's published bandwidth requirements.
///
/// Source: Vonage API Support, "What is the minimum bandwidth requirement to use the Vonage
/// Video API?" (api.support.vonage.com/hc/en-us/articles/6646237236636): video at 30 fps is
/// *excellent* above 3500 kbps at 1920x1080, 1000 kbps at 1280x720, 600 kbps at 640x480 and
/// 300 kbps at 352x288 and 320x240, with loss below 0.5 %; *acceptable* above 350, 250 and
/// 150 kbps (720p, 480p, 288p/240p) with loss below 3 %. Audio is excellent above 30 kbps with
/// loss below 0.5 % and acceptable above 25 kbps with loss below 5 %.
///
/// Between two rows the need is interpolated linearly in pixels; below 320x240 and above
/// 1920x1080 the nearest row applies. The rows are for 30 fps and are not scaled for lower
/// frame rates.
public enum VonageBandwidthTable {
  /// (pixels, excellent kbps, acceptable kbps) in ascending pixels.
  static let rows: [(pixels: Double, excellent: Double, acceptable: Double)] = [
    (320 * 240, 300, 150), (352 * 288, 300, 150), (640 * 480, 600, 250), (1280 * 720, 1000, 350),
    (1920 * 1080, 3500, 1000),
  ]

  /// Audio excellent above this, bps.
  public static let audioExcellent = 30_000.0
  /// Audio acceptable above this, bps.
  public static let audioAcceptable = 25_000.0

  /// The bitrate above which video of `width`×`height` is excellent, bps.
  public static func excellentVideoBitrate(width: Double, height: Double) -> Double {
    interpolate(width * height) { $0.excellent } * 1000
  }

  /// The bitrate above which video of `width`×`height` is acceptable, bps.
  public static func acceptableVideoBitrate(width: Double, height: Double) -> Double {
    interpolate(width * height) { $0.acceptable } * 1000
  }

  private static func interpolate(
    _ pixels: Double, _ value: ((pixels: Double, excellent: Double, acceptable: Double)) -> Double
  ) -> Double {
    guard pixels.isFinite, let first = rows.first, let last = rows.last else { return 0 }
    if pixels <= first.pixels { return value(first) }
    if pixels >= last.pixels { return value(last) }
    for (lower, upper) in zip(rows, rows.dropFirst()) where pixels <= upper.pixels {
      let fraction = (pixels - lower.pixels) / (upper.pixels - lower.pixels)
      return value(lower) + (value(upper) - value(lower)) * fraction
    }
    return value(last)
  }
}
