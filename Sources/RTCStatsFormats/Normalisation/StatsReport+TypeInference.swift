import RTCStatsCore

extension StatsReport {
  /// Guesses the type of object `index` from its members, for dumps whose objects lack
  /// `type` (hand-rolled native serialisers, trimmed logs).
  ///
  /// Rules, first match wins: an `ssrc` with received counters is `inbound-rtp` (or
  /// `remote-outbound-rtp` with `remoteTimestamp`), with sent counters `outbound-rtp`, with
  /// only `roundTripTime`/`fractionLost`/`packetsLost` `remote-inbound-rtp`; local and remote
  /// candidate ids make a `candidate-pair`; `candidateType` a `local-candidate`;
  /// `selectedCandidatePairId` or `dtlsState` a `transport`; `mimeType` with `payloadType`
  /// a `codec`; a `trackIdentifier` without `ssrc` a `media-source`.
  func inferredType(at index: Int) -> StatsType {
    func has(_ field: NumericField) -> Bool { number(field, at: index) != nil }
    func has(_ field: TextField) -> Bool { text(field, at: index) != nil }
    if has(.ssrc) {
      if has(.remoteTimestamp) { return .remoteOutboundRTP }
      if has(.bytesReceived) || has(.packetsReceived) && !has(.roundTripTime) { return .inboundRTP }
      if has(.bytesSent) || has(.packetsSent) { return .outboundRTP }
      if has(.roundTripTime) || has(.fractionLost) || has(.packetsLost) { return .remoteInboundRTP }
      return .other
    }
    if has(.localCandidateId) && has(.remoteCandidateId) { return .candidatePair }
    if has(.candidateType) { return .localCandidate }
    if has(.selectedCandidatePairId) || has(.dtlsState) { return .transport }
    if has(.mimeType) && has(.payloadType) { return .codec }
    if has(.trackIdentifier) { return .mediaSource }
    return .other
  }
}

extension StatsReport {
  /// Gives every object from `start` on that is still without type (after a delta merge)
  /// the type its members suggest (``inferredType(at:)``).
  mutating func inferMissingTypes(from start: Int = 0) {
    guard start < count else { return }
    for row in start..<count where !hasType(at: row) {
      setType(inferredType(at: row), name: "", at: row)
    }
  }
}
