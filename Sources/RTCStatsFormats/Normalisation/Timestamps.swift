/// Timestamp units of the dialects: every parser hands Core milliseconds since the epoch.
enum Timestamps {
  /// Values above this are microseconds since the epoch (libwebrtc native `ToJson()`, the
  /// Vonage/OpenTok `jsonArrayOfReports`, Sora): 10¹⁴ µs is 1973, 10¹⁴ ms is year 5138.
  static let microsecondThreshold = 1e14

  /// A W3C timestamp in ms since the epoch, converting microseconds when the value is
  /// beyond ``microsecondThreshold``.
  @inline(__always)
  static func milliseconds(_ value: Double) -> Double {
    value > microsecondThreshold ? value / 1000 : value
  }
}
