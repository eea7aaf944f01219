/// A value a ``StreamRow`` holds: what one RTP stream reported at one poll.
///
/// Three kinds, told apart by ``isCounter`` and the `remote` prefix:
/// - **counters** (W3C cumulative members) are stored as the *increment* since the stream's
///   previous counted sample — or the whole value at the start of a segment (the stream counted
///   from 0) — so that summing a counter over every row of a stream gives the sum of the last
///   value of each segment, the figure a total needs;
/// - **gauges** are stored as read at this poll (`jitter`, `frameWidth`, …);
/// - **remote** values come from the stream's latest RTCP receiver report
///   (`remote-inbound-rtp`); the `remotePackets…` ones are counters whose increment is set on
///   the rows that took a new report.
///
/// Direction decides which W3C member feeds a field: ``bytes`` is `bytesSent` for
/// `outbound-rtp` and `bytesReceived` for `inbound-rtp`, ``frames`` is `framesEncoded` or
/// `framesDecoded`, and so on (see ``source(for:)``). Units are W3C's (seconds for durations).
public enum RowField: Int, Sendable, CaseIterable, Hashable {
  // MARK: Counters
  /// `bytesSent` / `bytesReceived` (RTP payload).
  case bytes
  /// `headerBytesSent` / `headerBytesReceived`.
  case headerBytes
  /// `packetsSent` / `packetsReceived`.
  case packets
  /// `packetsLost` (inbound).
  case packetsLost
  /// `retransmittedPacketsSent` / `retransmittedPacketsReceived`.
  case retransmittedPackets
  /// `retransmittedBytesSent` / `retransmittedBytesReceived`.
  case retransmittedBytes
  /// `framesEncoded` / `framesDecoded`.
  case frames
  /// `framesSent` / `framesReceived`.
  case framesTransferred
  /// `framesDropped` (inbound).
  case framesDropped
  /// `keyFramesEncoded` / `keyFramesDecoded`.
  case keyFrames
  /// `freezeCount` (inbound video).
  case freezeCount
  /// `totalFreezesDuration`, s.
  case totalFreezesDuration
  /// `pauseCount` (inbound video).
  case pauseCount
  /// `totalPausesDuration`, s.
  case totalPausesDuration
  /// `concealedSamples` (inbound audio).
  case concealedSamples
  /// `totalSamplesReceived` (inbound audio).
  case totalSamplesReceived
  /// `concealmentEvents` (inbound audio).
  case concealmentEvents
  /// `insertedSamplesForDeceleration` (inbound audio).
  case insertedSamplesForDeceleration
  /// `removedSamplesForAcceleration` (inbound audio).
  case removedSamplesForAcceleration
  /// `totalSamplesDuration`, s (inbound audio).
  case totalSamplesDuration
  /// `jitterBufferDelay`, s (inbound).
  case jitterBufferDelay
  /// `jitterBufferTargetDelay`, s (inbound).
  case jitterBufferTargetDelay
  /// `jitterBufferEmittedCount` (inbound).
  case jitterBufferEmittedCount
  /// `totalEncodeTime` / `totalDecodeTime`, s.
  case totalCodecTime
  /// `nackCount`: NACKs sent (inbound) or received (outbound).
  case nackCount
  /// `pliCount`: PLIs sent (inbound) or received (outbound).
  case pliCount
  /// `firCount`: FIRs sent (inbound) or received (outbound).
  case firCount
  /// `fecPacketsReceived` (inbound).
  case fecPacketsReceived
  /// `remote-inbound-rtp.packetsLost` (outbound).
  case remotePacketsLost
  /// `remote-inbound-rtp.packetsReceived` (outbound; Firefox reports it).
  case remotePacketsReceived
  /// Media packets the sender had sent (`packetsSent` − `retransmittedPacketsSent`) at the poll
  /// that first showed a receiver report: the loss ratio's denominator when the report has no
  /// `packetsReceived`.
  case remoteMediaPacketsSent

  // MARK: Gauges
  /// `ssrc`.
  case ssrc
  /// `jitter`, s (inbound).
  case jitter
  /// `audioLevel`, 0–1 (inbound; outbound from the sender's `media-source`).
  case audioLevel
  /// `framesPerSecond`.
  case framesPerSecond
  /// `frameWidth`, px, when both dimensions are positive.
  case frameWidth
  /// `frameHeight`, px, when both dimensions are positive.
  case frameHeight
  /// The latest `qualityLimitationReason` seen, as the index of a ``QualityLimitationReason``.
  case qualityLimitationReason
  /// `qualityLimitationDurations.none`, s (cumulative, as read).
  case qualityLimitationDurationNone
  /// `qualityLimitationDurations.cpu`, s.
  case qualityLimitationDurationCPU
  /// `qualityLimitationDurations.bandwidth`, s.
  case qualityLimitationDurationBandwidth
  /// `qualityLimitationDurations.other`, s.
  case qualityLimitationDurationOther
  /// `qualityLimitationResolutionChanges` (cumulative, as read).
  case qualityLimitationResolutionChanges
  /// Spatial layers of the current `scalabilityMode` (`L3T3_KEY` → 3), 1 when unknown.
  case spatialLayers
  /// `targetBitrate`, bps (outbound).
  case targetBitrate
  /// `active`, 0 or 1 (outbound).
  case active

  // MARK: Remote
  /// `remote-inbound-rtp.roundTripTime` of the latest receiver report, s.
  case remoteRoundTripTime
  /// `remote-inbound-rtp.jitter` of the latest receiver report, s.
  case remoteJitter
  /// `remote-inbound-rtp.fractionLost` of the latest receiver report, 0–1.
  case remoteFractionLost

  /// Whether the field holds increments of a W3C counter rather than a value as read.
  public var isCounter: Bool { rawValue <= RowField.remoteMediaPacketsSent.rawValue }

  /// The W3C member that feeds this field for a stream of `direction`, or `nil` when the
  /// engine derives it (remote values, spatial layers, a reason index) or the direction has none.
  public func source(for direction: Direction) -> NumericField? {
    direction == .inbound ? Self.inboundSources[rawValue] : Self.outboundSources[rawValue]
  }

  private static let inboundSources = allCases.map { $0.lookUpSource(for: .inbound) }
  private static let outboundSources = allCases.map { $0.lookUpSource(for: .outbound) }

  private func lookUpSource(for direction: Direction) -> NumericField? {
    let inbound = direction == .inbound
    switch self {
    case .bytes: return inbound ? .bytesReceived : .bytesSent
    case .headerBytes: return inbound ? .headerBytesReceived : .headerBytesSent
    case .packets: return inbound ? .packetsReceived : .packetsSent
    case .packetsLost: return inbound ? .packetsLost : nil
    case .retransmittedPackets: return inbound ? .retransmittedPacketsReceived : .retransmittedPacketsSent
    case .retransmittedBytes: return inbound ? .retransmittedBytesReceived : .retransmittedBytesSent
    case .frames: return inbound ? .framesDecoded : .framesEncoded
    case .framesTransferred: return inbound ? .framesReceived : .framesSent
    case .framesDropped: return inbound ? .framesDropped : nil
    case .keyFrames: return inbound ? .keyFramesDecoded : .keyFramesEncoded
    case .totalCodecTime: return inbound ? .totalDecodeTime : .totalEncodeTime
    case .targetBitrate, .active: return inbound ? nil : Self.commonSources[self]
    default: return Self.commonSources[self]
    }
  }

  private static let commonSources: [RowField: NumericField] = [
    .freezeCount: .freezeCount, .totalFreezesDuration: .totalFreezesDuration,
    .pauseCount: .pauseCount, .totalPausesDuration: .totalPausesDuration,
    .concealedSamples: .concealedSamples, .totalSamplesReceived: .totalSamplesReceived,
    .concealmentEvents: .concealmentEvents,
    .insertedSamplesForDeceleration: .insertedSamplesForDeceleration,
    .removedSamplesForAcceleration: .removedSamplesForAcceleration,
    .totalSamplesDuration: .totalSamplesDuration, .jitterBufferDelay: .jitterBufferDelay,
    .jitterBufferTargetDelay: .jitterBufferTargetDelay,
    .jitterBufferEmittedCount: .jitterBufferEmittedCount, .nackCount: .nackCount,
    .pliCount: .pliCount, .firCount: .firCount, .fecPacketsReceived: .fecPacketsReceived,
    .ssrc: .ssrc, .jitter: .jitter, .audioLevel: .audioLevel, .framesPerSecond: .framesPerSecond,
    .frameWidth: .frameWidth, .frameHeight: .frameHeight,
    .qualityLimitationDurationNone: .qualityLimitationDurationsNone,
    .qualityLimitationDurationCPU: .qualityLimitationDurationsCpu,
    .qualityLimitationDurationBandwidth: .qualityLimitationDurationsBandwidth,
    .qualityLimitationDurationOther: .qualityLimitationDurationsOther,
    .qualityLimitationResolutionChanges: .qualityLimitationResolutionChanges,
    .targetBitrate: .targetBitrate, .active: .active,
  ]
}
