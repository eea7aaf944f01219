/// The names a demo report shows: ordinary ones, or hostile ones that try to break out of
/// the markup, so the same report doubles as the escaping test.
struct DemoNaming {
  var title: String
  var userAgent: String
  var peerConnection: String
  var outboundVideo: String
  var inboundVideo: String
  var inboundAudio: String
  var outboundAudio: String
  var videoCodec: String
  var audioCodec: String
  var layers: [String]
  var reason: String

  /// Ordinary names, as a Chrome dump has them.
  static let ordinary = DemoNaming(
    title: "webrtc_internals_dump.txt", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0",
    peerConnection: "PC_0", outboundVideo: "mediaSource:SV1",
    inboundVideo: "trackIdentifier:{6a2e51e0-2c53-4f1b-9b39-3b58b6f0c3a1}",
    inboundAudio: "trackIdentifier:{0f9d6c11-7a3e-4d6b-8f2c-1e7b9c4d2a55}", outboundAudio: "mediaSource:SA2",
    videoCodec: "VP8", audioCodec: "opus", layers: ["q", "h", "f"], reason: "bandwidth")

  /// Strings from a hostile dump: markup, attribute break-outs, raw-text terminators,
  /// CDATA ends, NUL and other control characters, script URLs.
  static let hostileStrings: [String] = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "</style><b style=\"color:red\">styled</b>",
    "]]><svg onload=alert(1)>",
    "nul\u{0}byte",
    "'><a href=javascript:alert(1)>x</a>",
    "</title></script></textarea><!--",
    "esc\u{1B}[31mred\u{7F}c1\u{85}\u{9B}end",
    "&amp;&lt;&#x3C;script&#x3E;",
  ]

  /// Hostile names in every place a dump can put a string.
  static var hostile: DemoNaming {
    let strings = hostileStrings
    func name(_ index: Int) -> String { strings[index % strings.count] + " #" + String(index) }
    return DemoNaming(
      title: name(0), userAgent: name(1), peerConnection: name(2), outboundVideo: name(3),
      inboundVideo: name(4), inboundAudio: name(5), outboundAudio: name(6), videoCodec: name(7),
      audioCodec: name(8), layers: [name(9), name(10), name(11)], reason: name(12))
  }
}
