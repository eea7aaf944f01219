extension EvidenceValue {
  /// A figure rounded to `digits` decimals, for evidence that reads well in a message.
  public static func rounded(_ value: Double, _ digits: Int = 1) -> EvidenceValue {
    var scale = 1.0
    for _ in 0..<Swift.max(0, digits) { scale *= 10 }
    return .number((value * scale).rounded() / scale)
  }

  /// A duration in ms as seconds with one decimal.
  public static func seconds(_ milliseconds: Double) -> EvidenceValue { rounded(milliseconds / 1000, 1) }
}

extension Episode {
  /// A finding of `code` over this episode.
  ///
  /// - `isOpen`: Whether the episode is still open (live use): the end is then the episode's
  ///   end so far and the evidence says `open: yes`.
  func finding(
    _ code: DiagnosticCode, severity: Severity? = nil, peerConnection: String?, track: TrackID?,
    evidence: Evidence, threshold: ThresholdEntry, isOpen: Bool = false
  ) -> Diagnostic {
    var evidence = evidence
    evidence.set("seconds", .seconds(duration))
    if isOpen { evidence.set("open", .bool(true)) }
    return Diagnostic(
      code, severity: severity, peerConnection: peerConnection, track: track, start: start, end: end,
      evidence: evidence, threshold: threshold.evidence)
  }
}

/// What a video of the sent media needs for excellent quality, shared by the grade, the
/// bandwidth rule and the encoder-limit rules.
enum BandwidthNeed {
  /// Vonage's excellent rate of every outbound track that sent bytes in `poll`: the capture
  /// source's resolution for video (else the sent one), 30 kbps per audio track.
  ///
  /// 0 when nothing
  /// was sent.
  static func of(_ poll: PollContext) -> Double {
    var need = 0.0
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.direction == .outbound && (track.bytes ?? 0) > 0 else { continue }
      if track.kind == .audio {
        need += VonageBandwidthTable.audioExcellent
      } else if let width = track.sourceWidth ?? track.width, let height = track.sourceHeight ?? track.height
      {
        need += VonageBandwidthTable.excellentVideoBitrate(width: width, height: height)
      }
    }
    return need
  }

  /// The payload bitrate of every outbound track in `poll`, bps.
  static func sent(_ poll: PollContext) -> Double {
    poll.tracks.indices.reduce(0) { sum, index in
      sum + (poll.tracks[index].direction == .outbound ? (poll.tracks[index].bitrate ?? 0) : 0)
    }
  }
}
