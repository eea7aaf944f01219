/// A video track's resolution changed and held: encoder adaptation, a simulcast or SVC layer
/// switch by the SFU, or the sender's own choice.
///
/// Per interval the track's frame size (the largest layer's, for sent simulcast). A new size
/// that holds for 2 intervals is one finding at the first interval that had it; a drop to at
/// most half the pixels is a warning, any other change info.
struct ResolutionChangeRule: DiagnosisRule {
  static let descriptor = RuleDescriptor(
    code: DiagnosticCode(
      "resolutionChange",
      template: "resolution changed from {fromResolution} to {toResolution} ({pixelsPercent}% of the pixels)",
      severity: .info),
    summary: "video resolution changed (encoder adaptation, simulcast/SVC layer switch)",
    formula:
      "frameWidth×frameHeight per interval; a new size held minIntervals intervals; drop when pixels ≤ dropRatio·before",
    inputs: [
      "inbound-rtp.frameWidth", "inbound-rtp.frameHeight", "outbound-rtp.frameWidth",
      "outbound-rtp.frameHeight",
    ],
    source: "W3C webrtc-stats frameWidth/frameHeight; client-monitor-js VideoResolutionChangeDetector",
    guards: [
      "a size seen for one interval only (a keyframe at another layer, a flap) is not a change",
      "the first size of a track is not a change; intervals without bytes are skipped",
    ],
    thresholds: [
      ThresholdValue("minIntervals", 2, "intervals a new size must hold"),
      ThresholdValue("dropRatio", 0.5, "a change to at most this share of the pixels is a drop (warning)"),
    ])

  private struct State: Sendable {
    var current: (Double, Double)?
    var candidate: (size: (Double, Double), count: Int, start: Double, end: Double)?
  }

  private let minIntervals: Int
  private let dropRatio: Double
  private let entry: ThresholdEntry
  private var states: [State] = []

  init(thresholds: ThresholdEntry) {
    entry = thresholds
    minIntervals = Swift.max(1, Int(thresholds.number("minIntervals", or: 2)))
    dropRatio = thresholds.number("dropRatio", or: 0.5)
  }

  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.kind == .video && track.duration != nil else { continue }
      guard let width = track.width, let height = track.height, (track.bytes ?? 0) > 0,
        let start = track.start, let end = track.end
      else { continue }
      while states.count <= track.slot { states.append(State()) }
      var state = states[track.slot]
      defer { states[track.slot] = state }
      if let current = state.current, current == (width, height) {
        state.candidate = nil
        continue
      }
      if var candidate = state.candidate, candidate.size == (width, height) {
        candidate.count += 1
        state.candidate = candidate
      } else {
        state.candidate = ((width, height), 1, start, end)
      }
      guard let candidate = state.candidate, candidate.count >= minIntervals else { continue }
      if let current = state.current {
        sink.report(
          change(
            from: current, to: candidate.size, start: candidate.start, end: candidate.end,
            track: poll.id(of: track)))
      }
      state.current = candidate.size
      state.candidate = nil
    }
  }

  private func change(
    from: (Double, Double), to: (Double, Double), start: Double, end: Double, track: TrackID
  )
    -> Diagnostic
  {
    let ratio = from.0 * from.1 > 0 ? (to.0 * to.1) / (from.0 * from.1) : 1
    return Diagnostic(
      Self.code, severity: ratio <= dropRatio ? .warning : .info, track: track, start: start, end: end,
      evidence: [
        "fromResolution": .text(EncoderContext.size(from.0, from.1)),
        "toResolution": .text(EncoderContext.size(to.0, to.1)), "pixelsPercent": .rounded(ratio * 100, 0),
        "direction": .text(ratio < 1 ? "down" : "up"),
      ], threshold: entry.evidence)
  }
}
