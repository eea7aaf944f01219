/// Which ``RowField``s a row of a stream of one direction and kind stores.
///
/// Rows are stored sparsely: an inbound audio row has no frame counters, an inbound row no
/// receiver-report values. A stream whose kind is not known yet uses the full schema of its
/// direction. The schemas are built once; a row names its schema by ``ID``.
struct RowSchema: Sendable {
  /// One of the six schemas: direction × (audio, video, unknown).
  struct ID: Hashable, Sendable {
    var rawValue: UInt8

    init(direction: Direction, kind: MediaKind?) {
      let kindIndex: UInt8 =
        switch kind {
        case .audio: 0
        case .video: 1
        case nil: 2
        }
      rawValue = (direction == .inbound ? 0 : 3) + kindIndex
    }
  }

  /// The fields stored, in slot order.
  let fields: [RowField]
  /// Per ``RowField/rawValue``: the slot, or −1 when the schema does not store the field.
  let slots: [Int8]

  /// The schema with the given id.
  static func schema(_ id: ID) -> RowSchema { all[Int(id.rawValue)] }

  private static let all: [RowSchema] = [
    RowSchema(direction: .inbound, kind: .audio), RowSchema(direction: .inbound, kind: .video),
    RowSchema(direction: .inbound, kind: nil), RowSchema(direction: .outbound, kind: .audio),
    RowSchema(direction: .outbound, kind: .video), RowSchema(direction: .outbound, kind: nil),
  ]

  private init(direction: Direction, kind: MediaKind?) {
    let fields = RowField.allCases.filter { Self.stores($0, direction: direction, kind: kind) }
    var slots = [Int8](repeating: -1, count: RowField.allCases.count)
    for (slot, field) in fields.enumerated() { slots[field.rawValue] = Int8(slot) }
    self.fields = fields
    self.slots = slots
  }

  /// Whether a stream of `direction` and `kind` (`nil`: not known yet) has `field`.
  static func stores(_ field: RowField, direction: Direction, kind: MediaKind?) -> Bool {
    let audio = kind != .video
    let video = kind != .audio
    let inbound = direction == .inbound
    switch field {
    case .bytes, .headerBytes, .packets, .retransmittedPackets, .retransmittedBytes, .nackCount, .ssrc:
      return true
    case .packetsLost, .jitter, .jitterBufferDelay, .jitterBufferTargetDelay, .jitterBufferEmittedCount,
      .fecPacketsReceived:
      return inbound
    case .concealedSamples, .totalSamplesReceived, .concealmentEvents, .insertedSamplesForDeceleration,
      .removedSamplesForAcceleration, .totalSamplesDuration:
      return inbound && audio
    case .audioLevel:
      return audio
    case .framesDropped, .freezeCount, .totalFreezesDuration, .pauseCount, .totalPausesDuration:
      return inbound && video
    case .frames, .framesTransferred, .keyFrames, .totalCodecTime, .pliCount, .firCount,
      .framesPerSecond, .frameWidth, .frameHeight:
      return video
    case .remotePacketsLost, .remotePacketsReceived, .remoteMediaPacketsSent, .remoteRoundTripTime,
      .remoteJitter, .remoteFractionLost, .targetBitrate, .active:
      return !inbound
    case .qualityLimitationReason, .qualityLimitationDurationNone, .qualityLimitationDurationCPU,
      .qualityLimitationDurationBandwidth, .qualityLimitationDurationOther,
      .qualityLimitationResolutionChanges, .spatialLayers:
      return !inbound && video
    }
  }
}
