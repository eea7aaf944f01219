/// Whether a track carries audio or video (W3C `kind`).
public enum MediaKind: String, Sendable, Hashable, Comparable {
  case audio
  case video

  /// Orders kinds by name: audio before video.
  public static func < (lhs: MediaKind, rhs: MediaKind) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The kind a codec `mimeType` names: `video/VP8` → video; `nil` for anything else.
  public init?(mimeType: String) {
    if mimeType.hasPrefix("video/") {
      self = .video
    } else if mimeType.hasPrefix("audio/") {
      self = .audio
    } else {
      return nil
    }
  }
}

/// Whether this endpoint sends or receives a track.
public enum Direction: String, Sendable, Hashable, Comparable {
  /// Received media: `inbound-rtp`.
  case inbound
  /// Sent media: `outbound-rtp`.
  case outbound

  /// Orders directions by name: inbound before outbound.
  public static func < (lhs: Direction, rhs: Direction) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why the encoder lowered resolution or frame rate (W3C `RTCQualityLimitationReason`).
public enum QualityLimitationReason: String, Sendable, Hashable, CaseIterable {
  case none
  case cpu
  case bandwidth
  case other

  /// ``allCases`` built once (`allCases` builds a new array at each use): a row stores a
  /// reason as its position here.
  static let ordered: [QualityLimitationReason] = allCases
}
