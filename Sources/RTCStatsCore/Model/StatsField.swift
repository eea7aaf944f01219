/// A numeric member of a stats object the engine reads, named as in W3C webrtc-stats.
///
/// Booleans (`active`, `nominated`, `selected`, `remoteSource`, `ended`, `powerEfficient*`) are
/// stored as 0 or 1.
/// The four `qualityLimitationDurations` entries are flattened into their own fields.
public enum NumericField: Int, Sendable, CaseIterable {
  case ssrc
  case packetsReceived
  case packetsLost
  case packetsSent
  case packetsDiscarded
  case bytesReceived
  case bytesSent
  case headerBytesReceived
  case headerBytesSent
  case retransmittedPacketsSent
  case retransmittedBytesSent
  case retransmittedPacketsReceived
  case retransmittedBytesReceived
  case fecPacketsReceived
  case jitter
  case roundTripTime
  case totalRoundTripTime
  case roundTripTimeMeasurements
  case fractionLost
  case currentRoundTripTime
  case availableOutgoingBitrate
  case availableIncomingBitrate
  case responsesReceived
  case framesReceived
  case framesDecoded
  case framesDropped
  case keyFramesDecoded
  case framesEncoded
  case framesSent
  case keyFramesEncoded
  case frameWidth
  case frameHeight
  case framesPerSecond
  case freezeCount
  case totalFreezesDuration
  case pauseCount
  case totalPausesDuration
  case totalDecodeTime
  case totalEncodeTime
  case totalInterFrameDelay
  case qpSum
  case hugeFramesSent
  case jitterBufferDelay
  case jitterBufferTargetDelay
  case jitterBufferEmittedCount
  case qualityLimitationDurationsNone
  case qualityLimitationDurationsCpu
  case qualityLimitationDurationsBandwidth
  case qualityLimitationDurationsOther
  case qualityLimitationResolutionChanges
  case targetBitrate
  case encodingIndex
  case active
  case nackCount
  case pliCount
  case firCount
  case audioLevel
  case totalAudioEnergy
  case totalSamplesDuration
  case totalSamplesReceived
  case concealedSamples
  case silentConcealedSamples
  case concealmentEvents
  case insertedSamplesForDeceleration
  case removedSamplesForAcceleration
  case nominated
  case selected
  case remoteSource
  case ended
  case width
  case height
  case frames
  case payloadType
  case clockRate
  case channels
  case remoteTimestamp
  case reportsSent
  case port
  case selectedCandidatePairChanges
  case dataChannelsOpened
  case dataChannelsClosed
  case messagesSent
  case messagesReceived
  case totalProcessingDelay
  case totalPacketSendDelay
  case jitterBufferMinimumDelay
  case totalSquaredInterFrameDelay
  case totalAssemblyTime
  case framesAssembledFromMultiplePackets
  case powerEfficientEncoder
  case powerEfficientDecoder
  case requestsSent
  case requestsReceived
  case responsesSent
  case consentRequestsSent
  case packetsDiscardedOnSend
  case lastPacketReceivedTimestamp
  case lastPacketSentTimestamp

  /// The W3C member name; nested members are written `parent.child`.
  public var name: String { Self.names[rawValue] }

  static let names: [String] = [
    "ssrc",
    "packetsReceived",
    "packetsLost",
    "packetsSent",
    "packetsDiscarded",
    "bytesReceived",
    "bytesSent",
    "headerBytesReceived",
    "headerBytesSent",
    "retransmittedPacketsSent",
    "retransmittedBytesSent",
    "retransmittedPacketsReceived",
    "retransmittedBytesReceived",
    "fecPacketsReceived",
    "jitter",
    "roundTripTime",
    "totalRoundTripTime",
    "roundTripTimeMeasurements",
    "fractionLost",
    "currentRoundTripTime",
    "availableOutgoingBitrate",
    "availableIncomingBitrate",
    "responsesReceived",
    "framesReceived",
    "framesDecoded",
    "framesDropped",
    "keyFramesDecoded",
    "framesEncoded",
    "framesSent",
    "keyFramesEncoded",
    "frameWidth",
    "frameHeight",
    "framesPerSecond",
    "freezeCount",
    "totalFreezesDuration",
    "pauseCount",
    "totalPausesDuration",
    "totalDecodeTime",
    "totalEncodeTime",
    "totalInterFrameDelay",
    "qpSum",
    "hugeFramesSent",
    "jitterBufferDelay",
    "jitterBufferTargetDelay",
    "jitterBufferEmittedCount",
    "qualityLimitationDurations.none",
    "qualityLimitationDurations.cpu",
    "qualityLimitationDurations.bandwidth",
    "qualityLimitationDurations.other",
    "qualityLimitationResolutionChanges",
    "targetBitrate",
    "encodingIndex",
    "active",
    "nackCount",
    "pliCount",
    "firCount",
    "audioLevel",
    "totalAudioEnergy",
    "totalSamplesDuration",
    "totalSamplesReceived",
    "concealedSamples",
    "silentConcealedSamples",
    "concealmentEvents",
    "insertedSamplesForDeceleration",
    "removedSamplesForAcceleration",
    "nominated",
    "selected",
    "remoteSource",
    "ended",
    "width",
    "height",
    "frames",
    "payloadType",
    "clockRate",
    "channels",
    "remoteTimestamp",
    "reportsSent",
    "port",
    "selectedCandidatePairChanges",
    "dataChannelsOpened",
    "dataChannelsClosed",
    "messagesSent",
    "messagesReceived",
    "totalProcessingDelay",
    "totalPacketSendDelay",
    "jitterBufferMinimumDelay",
    "totalSquaredInterFrameDelay",
    "totalAssemblyTime",
    "framesAssembledFromMultiplePackets",
    "powerEfficientEncoder",
    "powerEfficientDecoder",
    "requestsSent",
    "requestsReceived",
    "responsesSent",
    "consentRequestsSent",
    "packetsDiscardedOnSend",
    "lastPacketReceivedTimestamp",
    "lastPacketSentTimestamp",
  ]
}

/// A text member of a stats object the engine reads, named as in W3C webrtc-stats.
public enum TextField: Int, Sendable, CaseIterable {
  case kind
  case trackIdentifier
  case mid
  case rid
  case codecId
  case transportId
  case mediaSourceId
  case remoteId
  case localId
  case trackId
  case playoutId
  case mimeType
  case sdpFmtpLine
  case qualityLimitationReason
  case encoderImplementation
  case decoderImplementation
  case scalabilityMode
  case selectedCandidatePairId
  case localCandidateId
  case remoteCandidateId
  case state
  case candidateType
  case `protocol`
  case relayProtocol
  case address
  case networkType
  case iceState
  case dtlsState
  case iceRole
  case url
  case label
  case iceLocalUsernameFragment

  /// The W3C member name.
  public var name: String { Self.names[rawValue] }

  static let names: [String] = [
    "kind",
    "trackIdentifier",
    "mid",
    "rid",
    "codecId",
    "transportId",
    "mediaSourceId",
    "remoteId",
    "localId",
    "trackId",
    "playoutId",
    "mimeType",
    "sdpFmtpLine",
    "qualityLimitationReason",
    "encoderImplementation",
    "decoderImplementation",
    "scalabilityMode",
    "selectedCandidatePairId",
    "localCandidateId",
    "remoteCandidateId",
    "state",
    "candidateType",
    "protocol",
    "relayProtocol",
    "address",
    "networkType",
    "iceState",
    "dtlsState",
    "iceRole",
    "url",
    "label",
    "iceLocalUsernameFragment",
  ]
}
