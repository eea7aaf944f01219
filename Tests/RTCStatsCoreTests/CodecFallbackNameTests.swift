import Testing

@testable import RTCStatsCore

/// ``CodecFallbackRule/mentions(_:_:)`` searches ASCII names byte by byte; it must answer as
/// `name.lowercased().contains(word)` (the Unicode-aware search it replaces), for ASCII and
/// other names alike.
@Suite struct CodecFallbackNameTests {
  private static let names = [
    "libvpx", "ExternalEncoder", "SimulcastEncoderAdapter (libvpx, libvpx, libvpx)",
    "MediaCodec fallback to libvpx", "VideoToolbox", "FFmpeg", "OpenH264", "", "f", "FALLBACK",
    "EncoderSimulcastProxy: FallBack", "fallbac", "xfallbackx", "D3D11VA", "v4L2", "libvpx\r\nfallback",
    // Not ASCII: Unicode lowercasing, the Kelvin sign is a `k`.
    "FALLBAC\u{212A}", "décodeur libvpx", "ЛИБВПХ", "nvenc ✓",
  ]
  private static let words = [
    "fallback", "mediacodec", "videotoolbox", "d3d11", "vaapi", "v4l2", "nvenc", "nvdec", "external",
    "mediafoundation", "qcom", "exynos", "libvpx", "libaom", "dav1d", "openh264", "ffmpeg", "libyuv",
    "software",
  ]

  @Test func answersAsTheLowercasedSearch() {
    for name in Self.names {
      for word in Self.words {
        #expect(CodecFallbackRule.mentions(name, word) == name.lowercased().contains(word), "\(name) \(word)")
      }
    }
  }

  @Test func namedCases() {
    #expect(CodecFallbackRule.mentions("EncoderSimulcastProxy: FallBack", "fallback"))
    #expect(CodecFallbackRule.mentions("FALLBAC\u{212A}", "fallback"))  // as `lowercased()` says
    #expect(!CodecFallbackRule.mentions("fallbac", "fallback"))
    #expect(CodecFallbackRule.isHardware("MediaCodec") && !CodecFallbackRule.isHardware("libvpx"))
    #expect(CodecFallbackRule.isSoftware("libvpx") && !CodecFallbackRule.isSoftware("MediaCodec"))
  }
}
