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

  /// The W3C spelling, e.g. `"inbound-rtp"`.
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

  /// Looks up a W3C type name; unknown names give `nil`.
  ///
  /// Accepts the pre-standard spellings Chrome and Firefox used before 2018
  /// (`inboundrtp`, `outboundrtp`, `candidatepair`, `localcandidate`, `remotecandidate`)
  /// and Chrome's obsolete `csrc`-less aliases.
  public init?(name: String) {
    switch name {
    case "inbound-rtp", "inboundrtp": self = .inboundRTP
    case "outbound-rtp", "outboundrtp": self = .outboundRTP
    case "remote-inbound-rtp": self = .remoteInboundRTP
    case "remote-outbound-rtp": self = .remoteOutboundRTP
    case "media-source": self = .mediaSource
    case "media-playout": self = .mediaPlayout
    case "codec": self = .codec
    case "transport": self = .transport
    case "candidate-pair", "candidatepair": self = .candidatePair
    case "local-candidate", "localcandidate": self = .localCandidate
    case "remote-candidate", "remotecandidate": self = .remoteCandidate
    case "peer-connection": self = .peerConnection
    case "data-channel", "datachannel": self = .dataChannel
    case "certificate": self = .certificate
    case "track": self = .track
    case "stream": self = .stream
    case "sender": self = .sender
    case "receiver": self = .receiver
    case "transceiver": self = .transceiver
    default: return nil
    }
  }

  public static func < (lhs: StatsType, rhs: StatsType) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Whether objects of this type describe one RTP stream (an SSRC).
  public var isRTPStream: Bool {
    switch self {
    case .inboundRTP, .outboundRTP, .remoteInboundRTP, .remoteOutboundRTP: true
    default: false
    }
  }
}
