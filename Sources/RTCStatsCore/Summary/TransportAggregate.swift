/// What the fold keeps of a peer connection's transport rows.
struct TransportAggregate: Sendable, Equatable {
  var roundTripTime = DistributionBuilder(weighted: false)
  var availableOutgoingBitrate = DistributionBuilder(weighted: false)
  var availableIncomingBitrate = DistributionBuilder(weighted: false)
  /// Receiver-report round-trip times, for a pair that never reports one.
  var receiverReportRoundTripTime = DistributionBuilder(weighted: false)
  var lastPair: CandidatePairInfo?
  var lastPairID: String?
  var pairChanges = 0
  var reportedPairChanges: Double?

  mutating func add(_ row: TimelineRow) {
    receiverReportRoundTripTime.add(row.receiverReportRoundTripTime)
    guard let transport = row.transport else { return }
    if let reported = transport.reportedPairChanges {
      reportedPairChanges = max(reportedPairChanges ?? 0, reported)
    }
    guard let pairID = transport.selectedCandidatePairID else { return }
    if let lastPairID, lastPairID != pairID { pairChanges += 1 }
    lastPairID = pairID
    if let pair = transport.candidatePair { lastPair = pair }
    roundTripTime.add(transport.roundTripTime)
    availableOutgoingBitrate.add(transport.availableOutgoingBitrate)
    availableIncomingBitrate.add(transport.availableIncomingBitrate)
  }

  /// The transport's summary.
  var analysis: TransportAnalysis {
    TransportAnalysis(
      roundTripTime: roundTripTime.distribution ?? receiverReportRoundTripTime.distribution,
      availableOutgoingBitrate: availableOutgoingBitrate.distribution,
      availableIncomingBitrate: availableIncomingBitrate.distribution,
      selectedCandidatePair: lastPair,
      selectedCandidatePairChanges: candidatePairChanges)
  }

  /// The number of times the selected pair changed: the transport's
  /// `selectedCandidatePairChanges` − 1 when reported, else the changes seen.
  var candidatePairChanges: Int? {
    if let reportedPairChanges {
      return Int(roundingTowardZero: reportedPairChanges).map { max($0, 1) - 1 }
    }
    return lastPairID == nil ? nil : pairChanges
  }
}
