// The three lookup tables of the rtcstats file format 3 compression, copied from
// rtcstats/rtcstats `packages/rtcstats-shared/compression.js` (commit 528dbf9, MIT License,
// Copyright (c) the rtcstats authors). The upstream file says "Numbers must not be
// reassigned", so a dump written by any rtcstats-js version decodes with these tables.
// Numbers the upstream table has commented out (13 `mediaType`, 146 `isRemote`, 147 `ip`,
// 162 `writable`) are not listed: the compressor drops those members.

/// The static tables rtcstats-js uses to shorten method names, stats types and stats member
/// names in a file format 3 dump.
enum RTCStatsCompressionTables {
  /// Compressed method ids → method names (`compression.js` `methodTable`).
  ///
  /// `getStats` is the string `"g"`, every other method a number. Unknown ids and names pass
  /// through unchanged.
  static let methods: [Int: String] = [
    2: "createOffer", 3: "createOfferOnSuccess", 12: "createOfferOnFailure",
    4: "createAnswer", 5: "createAnswerOnSuccess", 13: "createAnswerOnFailure",
    6: "setLocalDescription", 7: "setLocalDescriptionOnSuccess",
    14: "setLocalDescriptionOnFailure",
    8: "setRemoteDescription", 9: "setRemoteDescriptionOnSuccess",
    15: "setRemoteDescriptionOnFailure",
    10: "addIceCandidate", 11: "addIceCandidateOnSuccess", 16: "addIceCandidateOnFailure",
    20: "onicecandidate", 21: "onicecandidateerror", 22: "ontrack",
    23: "onsignalingstatechange", 24: "oniceconnectionstatechange",
    25: "onconnectionstatechange", 26: "onicegatheringstatechange",
    27: "onnegotiationneeded", 28: "ondatachannel",
    30: "addTrack", 31: "addTrackOnSuccess", 32: "addTransceiver",
    33: "addTransceiverOnSuccess", 34: "removeTrack",
    35: "createDataChannel", 36: "close", 37: "restartIce", 38: "setConfiguration",
    39: "create", 40: "constraints",
    41: "setCodecPreferences", 42: "setHeaderExtensionsToNegotiate",
    50: "setParameters", 51: "replaceTrack",
    60: "navigator.mediaDevices.getUserMedia",
    61: "navigator.mediaDevices.getUserMediaOnSuccess",
    62: "navigator.mediaDevices.getUserMediaOnFailure",
    63: "navigator.mediaDevices.getDisplayMedia",
    64: "navigator.mediaDevices.getDisplayMediaOnSuccess",
    // Upstream maps the name getUserMediaOnFailure to both 62 and 65 (the later key wins
    // when compressing); 65 is what current dumps contain.
    65: "navigator.mediaDevices.getUserMediaOnFailure",
    66: "navigator.mediaDevices.enumerateDevices",
    67: "navigator.mediaDevices.ondevicechange",
    70: "MediaStreamTrack.stop", 71: "MediaStreamTrack.applyConstraints",
    72: "MediaStreamTrack.onended", 73: "MediaStreamTrack.onmute",
    74: "MediaStreamTrack.onunmute",
  ]

  /// The compressed name of `getStats` (the only method compressed to a string).
  static let getStatsMethod = "g"

  /// Compressed `type` values → W3C stats types (`compression.js` `statsTypeTable`).
  static let types: [Int: String] = [
    1: "inbound-rtp", 2: "outbound-rtp", 3: "remote-inbound-rtp", 4: "remote-outbound-rtp",
    5: "transport", 6: "candidate-pair", 7: "local-candidate", 8: "remote-candidate",
    9: "data-channel", 10: "peer-connection", 11: "certificate", 12: "media-source",
    13: "media-playout", 14: "codec",
  ]

  /// The compressed name of `timestamp`, also the key of the common report time.
  static let timestampProperty = "t"

  /// Compressed member names → W3C member names (`compression.js` `statsPropertyTable`).
  static let properties: [Int: String] = [
    // RTCCodecStats
    4: "payloadType", 5: "transportId", 6: "mimeType", 7: "clockRate", 8: "channels",
    9: "sdpFmtpLine",
    // RTCRtpStreamStats
    10: "ssrc", 11: "kind", 12: "codecId",
    // RTCReceivedRtpStreamStats
    14: "packetsReceived", 15: "packetsLost", 16: "jitter",
    // RTCInboundRtpStreamStats
    17: "trackIdentifier", 18: "mid", 19: "remoteId", 20: "framesDecoded",
    21: "keyFramesDecoded", 22: "framesDropped", 23: "frameWidth", 24: "frameHeight",
    25: "framesPerSecond", 26: "qpSum", 27: "totalDecodeTime", 28: "totalInterFrameDelay",
    29: "totalSquaredInterFrameDelay", 30: "pauseCount", 31: "totalPausesDuration",
    32: "freezeCount", 33: "totalFreezesDuration", 34: "lastPacketReceivedTimestamp",
    35: "headerBytesReceived", 36: "packetsDiscarded", 37: "fecPacketsReceived",
    38: "fecPacketsDiscarded", 39: "fecBytesReceived", 40: "fecSsrc", 41: "bytesReceived",
    42: "nackCount", 43: "firCount", 44: "pliCount", 45: "totalProcessingDelay",
    46: "estimatedPlayoutTimestamp", 47: "jitterBufferDelay", 48: "jitterBufferTargetDelay",
    49: "jitterBufferEmittedCount", 50: "jitterBufferMinimumDelay", 51: "totalSamplesReceived",
    52: "concealedSamples", 53: "silentConcealedSamples", 54: "concealmentEvents",
    55: "insertedSamplesForDeceleration", 56: "removedSamplesForAcceleration",
    57: "audioLevel", 58: "totalAudioEnergy", 59: "totalSamplesDuration",
    60: "framesReceived", 61: "decoderImplementation", 62: "playoutId",
    63: "powerEfficientDecoder", 64: "framesAssembledFromMultiplePackets",
    65: "totalAssemblyTime", 66: "contentType", 67: "googTimingFrameInfo",
    68: "retransmittedPacketsReceived", 69: "retransmittedBytesReceived", 70: "rtxSsrc",
    71: "totalCorruptionProbability", 72: "totalSquaredCorruptionProbability",
    73: "corruptionMeasurements",
    // RTCRemoteInboundRtpStreamStats
    74: "localId", 75: "roundTripTime", 76: "totalRoundTripTime", 77: "fractionLost",
    78: "roundTripTimeMeasurements",
    // RTCSentRtpStreamStats, RTCOutboundRtpStreamStats
    79: "packetsSent", 80: "bytesSent", 81: "mediaSourceId", 82: "rid", 83: "encodingIndex",
    84: "headerBytesSent", 85: "retransmittedPacketsSent", 86: "retransmittedBytesSent",
    87: "targetBitrate", 88: "totalEncodedBytesTarget", 89: "framesSent",
    90: "hugeFramesSent", 91: "framesEncoded", 92: "keyFramesEncoded", 93: "totalEncodeTime",
    94: "totalPacketSendDelay", 95: "qualityLimitationReason",
    96: "qualityLimitationDurations", 97: "qualityLimitationResolutionChanges",
    98: "encoderImplementation", 99: "powerEfficientEncoder", 100: "active",
    101: "scalabilityMode",
    // RTCRemoteOutboundRtpStreamStats
    102: "remoteTimestamp", 103: "reportsSent",
    // RTCAudioSourceStats, RTCVideoSourceStats
    104: "echoReturnLoss", 105: "echoReturnLossEnhancement", 106: "width", 107: "height",
    108: "frames",
    // RTCAudioPlayoutStats
    109: "synthesizedSamplesDuration", 110: "synthesizedSamplesEvents",
    111: "totalPlayoutDelay", 112: "totalSamplesCount",
    // RTCPeerConnectionStats, RTCDataChannelStats
    113: "dataChannelsOpened", 114: "dataChannelsClosed", 115: "label", 116: "protocol",
    117: "dataChannelIdentifier", 118: "state", 119: "messagesSent", 120: "messagesReceived",
    // RTCTransportStats
    121: "iceRole", 122: "iceLocalUsernameFragment", 123: "dtlsState", 124: "iceState",
    125: "selectedCandidatePairId", 126: "localCertificateId", 127: "remoteCertificateId",
    128: "tlsVersion", 129: "dtlsCipher", 130: "dtlsRole", 131: "srtpCipher",
    132: "selectedCandidatePairChanges", 133: "rtcpTransportStatsId",
    // RTCIceCandidateStats
    134: "address", 135: "port", 136: "candidateType", 137: "priority", 138: "url",
    139: "relayProtocol", 140: "foundation", 141: "relatedAddress", 142: "relatedPort",
    143: "usernameFragment", 144: "tcpType", 145: "networkType",
    // RTCIceCandidatePairStats
    148: "localCandidateId", 149: "remoteCandidateId", 150: "nominated",
    151: "lastPacketSentTimestamp", 152: "currentRoundTripTime",
    153: "availableOutgoingBitrate", 154: "availableIncomingBitrate",
    155: "requestsReceived", 156: "requestsSent", 157: "responsesReceived",
    158: "responsesSent", 159: "consentRequestsSent", 160: "packetsDiscardedOnSend",
    161: "bytesDiscardedOnSend",
    // RTCCertificateStats
    163: "fingerprint", 164: "fingerprintAlgorithm", 165: "base64Certificate",
    166: "issuerCertificateId",
  ]
}
