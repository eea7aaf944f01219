/// A video encoder or decoder fell back to software: libwebrtc names the implementation
/// `… (fallback from: …)`, or it changed from a hardware one (MediaCodec, VideoToolbox,
/// D3D11, VA-API, V4L2, NVENC, "External…") to a software one (libvpx, libaom, dav1d,
/// OpenH264, FFmpeg).
///
/// Software coding costs CPU and often brings a CPU limitation after it.
struct CodecFallbackRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "codecFallback", template: "the {role} fell back to software: {from} → {to}", severity: .warning),
    summary: "encoder or decoder fell back to software",
    formula:
      "encoderImplementation/decoderImplementation contains \"fallback\", or changes from a hardware to a software implementation",
    inputs: ["outbound-rtp.encoderImplementation", "inbound-rtp.decoderImplementation"],
    source:
      "libwebrtc VideoEncoderSoftwareFallbackWrapper naming; webrtc-issue-detector VideoDecoderIssueDetector",
    guards: [
      "a call that starts in software (no hardware codec) is not a fallback",
      "a change between two software implementations (simulcast adapter) is not a fallback",
    ],
    thresholds: [])

  private let entry: ThresholdEntry
  private var last: [String?] = []

  init(thresholds: ThresholdEntry) { entry = thresholds }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.kind != .audio else { continue }
      guard track.slot < poll.implementations.count, let now = poll.implementations[track.slot] else {
        continue
      }
      while last.count <= track.slot { last.append(nil) }
      let before = last[track.slot]
      guard before != now else { continue }
      last[track.slot] = now
      let fellBack =
        (Self.mentions(now, "fallback") && !(before.map { Self.mentions($0, "fallback") } ?? false))
        || (before.map(Self.isHardware) ?? false && Self.isSoftware(now) && !Self.isHardware(now))
      guard fellBack, let time = track.end ?? poll.time else { continue }
      sink.report(
        Diagnostic(
          Self.code, peerConnection: poll.peerConnection, track: poll.id(of: track),
          start: track.start ?? time,
          end: time,
          evidence: [
            "role": .text(track.direction == .outbound ? "encoder" : "decoder"), "from": .text(before ?? "?"),
            "to": .text(now),
          ], threshold: entry.evidence))
    }
  }

  static func isHardware(_ name: String) -> Bool {
    [
      "mediacodec", "videotoolbox", "d3d11", "vaapi", "v4l2", "nvenc", "nvdec", "external", "mediafoundation",
      "qcom", "exynos",
    ]
    .contains { mentions(name, $0) }
  }

  static func isSoftware(_ name: String) -> Bool {
    ["libvpx", "libaom", "dav1d", "openh264", "ffmpeg", "libyuv", "software"].contains { mentions(name, $0) }
  }

  /// Whether `name`, lowercased, contains `word` (lowercase ASCII letters and digits).
  ///
  /// An ASCII name (every implementation name seen) is searched byte by byte, its `A`–`Z`
  /// folded; any other takes `lowercased().contains`, whose Unicode case mapping can turn
  /// a non-ASCII character into an ASCII letter.
  static func mentions(_ name: String, _ word: String) -> Bool {
    let text = name.utf8
    guard text.allSatisfy({ $0 < 0x80 }) else { return name.lowercased().contains(word) }
    let needle = Array(word.utf8)
    guard let first = needle.first else { return true }
    let haystack = text.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == first {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
