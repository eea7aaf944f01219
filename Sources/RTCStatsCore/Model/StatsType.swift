/// The `type` of a stats object, as named by the W3C webrtc-stats `RTCStatsType` enum.
///
/// Obsolete types that real dumps still carry (`track`, `stream`) are kept so that old
/// Chrome and Safari freeze counters can be read. Anything else is ``other``.
public enum StatsType: UInt8, Sendable, CaseIterable, Hashable, Comparable {
  case inboundRTP
  case outboundRTP
  case remoteInboundRTP
  case remoteOutboundRTP
  case mediaSource
  case mediaPlayout
  case codec
  case transport
  case candidatePair
  case localCandidate
  case remoteCandidate
  case peerConnection
  case dataChannel
  case certificate
  case track
  case stream
  case sender
  case receiver
  case transceiver
  case other

  /// The W3C spelling, for example `"inbound-rtp"`.
  public var name: String {
    switch self {
    case .inboundRTP: "inbound-rtp"
    case .outboundRTP: "outbound-rtp"
    case .remoteInboundRTP: "remote-inbound-rtp"
    case .remoteOutboundRTP: "remote-outbound-rtp"
    case .mediaSource: "media-source"
    case .mediaPlayout: "media-playout"
    case .codec: "codec"
    case .transport: "transport"
    case .candidatePair: "candidate-pair"
    case .localCandidate: "local-candidate"
    case .remoteCandidate: "remote-candidate"
    case .peerConnection: "peer-connection"
    case .dataChannel: "data-channel"
    case .certificate: "certificate"
    case .track: "track"
    case .stream: "stream"
    case .sender: "sender"
    case .receiver: "receiver"
    case .transceiver: "transceiver"
    case .other: "other"
    }
  }

  /// Looks up a W3C type name (``name``); any other spelling gives `nil`.
  ///
  /// Only the names of the W3C `RTCStatsType` enum, the obsolete ones included, are known
  /// here. The pre-standard spellings old dumps carry (`inboundrtp`, `candidatepair`, …)
  /// are the dialect parsers' business: `RTCStatsFormats` maps them before a report reaches
  /// Core.
  public init?(name: String) {
    switch name {
    case "inbound-rtp": self = .inboundRTP
    case "outbound-rtp": self = .outboundRTP
    case "remote-inbound-rtp": self = .remoteInboundRTP
    case "remote-outbound-rtp": self = .remoteOutboundRTP
    case "media-source": self = .mediaSource
    case "media-playout": self = .mediaPlayout
    case "codec": self = .codec
    case "transport": self = .transport
    case "candidate-pair": self = .candidatePair
    case "local-candidate": self = .localCandidate
    case "remote-candidate": self = .remoteCandidate
    case "peer-connection": self = .peerConnection
    case "data-channel": self = .dataChannel
    case "certificate": self = .certificate
    case "track": self = .track
    case "stream": self = .stream
    case "sender": self = .sender
    case "receiver": self = .receiver
    case "transceiver": self = .transceiver
    default: return nil
    }
  }

  /// Orders types by their W3C name.
  public static func < (lhs: StatsType, rhs: StatsType) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Whether objects of this type describe one RTP stream (an SSRC).
  public var isRTPStream: Bool {
    switch self {
    case .inboundRTP, .outboundRTP, .remoteInboundRTP, .remoteOutboundRTP: true
    default: false
    }
  }
}
