import RTCStatsCore

/// The stats type of an object in an old webrtc-internals dump, which names the type only
/// through the id (no `statsType`): Chrome's ids before M110 spelled the W3C type out,
/// for example `RTCInboundRTPVideoStream_2927209963` or `RTCMediaStreamTrack_receiver_17`.
enum WebRTCInternalsIDType {
  private static let names: [(String, StatsType)] = [
    ("RTCInboundRTP", .inboundRTP),
    ("RTCOutboundRTP", .outboundRTP),
    ("RTCRemoteInboundRTP", .remoteInboundRTP),
    ("RTCRemoteOutboundRTP", .remoteOutboundRTP),
    ("RTCIceCandidatePair_", .candidatePair),
    ("RTCIceCandidate_", .localCandidate),
    ("RTCTransport_", .transport),
    ("RTCCodec_", .codec),
    ("RTCMediaStreamTrack_", .track),
    ("RTCMediaStream_", .stream),
    ("RTCMediaSource_", .mediaSource),
    ("RTCAudioSource_", .mediaSource),
    ("RTCVideoSource_", .mediaSource),
    ("RTCAudioPlayout_", .mediaPlayout),
    ("RTCPeerConnection", .peerConnection),
    ("RTCCertificate_", .certificate),
    ("RTCDataChannel_", .dataChannel),
    ("RTCRtpSender_", .sender),
    ("RTCRtpReceiver_", .receiver),
    ("RTCRtpTransceiver_", .transceiver),
  ]

  private static let prefixes: [(prefix: [UInt8], type: StatsType)] = names.map {
    (Array($0.0.utf8), $0.1)
  }

  /// The type an id prefix names (ASCII case ignored), or `nil` for modern short ids.
  ///
  /// - `isRemoteCandidate`: The candidate's `isRemote` member, which decides
  ///   between `local-candidate` and `remote-candidate` for `RTCIceCandidate_…`.
  static func type(ofID id: String, isRemoteCandidate: Bool) -> StatsType? {
    let bytes = Array(id.utf8)
    for (prefix, type) in prefixes where hasPrefix(bytes, prefix) {
      if type == .localCandidate && isRemoteCandidate { return .remoteCandidate }
      return type
    }
    return nil
  }

  private static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
    guard bytes.count >= prefix.count else { return false }
    for index in prefix.indices where bytes[index] | 0x20 != prefix[index] | 0x20 {
      return false
    }
    return true
  }
}
