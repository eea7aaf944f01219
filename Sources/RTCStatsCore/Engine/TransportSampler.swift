/// Finds the selected candidate pair of a report and describes the transport at that poll.
struct TransportSampler {
  /// The pair described last, and its id.
  private var described: CandidatePairInfo?
  private var describedPairID: String?
  /// The slot of the selected pair last time: a hint for ``IDTable``.
  private var pairHint = -1

  /// The transport row of `report`, taken at `time`; `nil` when the report has neither a
  /// transport nor an identifiable candidate pair.
  mutating func row(report: StatsReport, time: Double, references: inout ReferencedObjects) -> TransportRow? {
    // The first transport gives the states; the first that names a pair gives the pair.
    var hasTransport = false
    var states: TransportState?
    var named: String?
    for index in 0..<report.count where report.type(at: index) == .transport {
      let slot = references.transports.slot(of: report.id(at: index), hint: references.objectHints[index])
      let state = slot.map { references.transports[slot: $0] }
      if !hasTransport { states = state }
      hasTransport = true
      named = state?.selectedCandidatePairId
      if named != nil { break }
    }
    var row = TransportRow(iceState: states?.iceState, dtlsState: states?.dtlsState)
    row.reportedPairChanges = references.reportedPairChanges
    guard let (pairID, pair) = selectedPair(in: report, named: named, references: references) else {
      return hasTransport ? row : nil
    }
    // Describe the pair again only when it or a candidate changed.
    if pairID != describedPairID || references.candidatesChanged || described == nil {
      references.candidatesChanged = false
      describedPairID = pairID
      let local = pair.localCandidateId.flatMap { references.candidates[$0] }
      let remote = pair.remoteCandidateId.flatMap { references.candidates[$0] }
      described = CandidatePairInfo(
        localCandidateType: local?.candidateType, remoteCandidateType: remote?.candidateType,
        protocol: local?.protocol ?? remote?.protocol, relayProtocol: local?.relayProtocol,
        networkType: local?.networkType)
    }
    row.roundTripTime = pair.currentRoundTripTime.flatMap { $0 > 0 ? $0 * 1000 : nil }
    row.availableOutgoingBitrate = pair.availableOutgoingBitrate
    row.availableIncomingBitrate = pair.availableIncomingBitrate
    row.selectedCandidatePairID = pairID
    row.candidatePairState = pair.state
    row.candidatePair = described
    row.connectivityChecks = pair.checks
    return row
  }

  /// The selected candidate pair, with its state (looked up once).
  ///
  /// `named` (the pair the report's transports name: their `selectedCandidatePairId`, Chrome,
  /// Safari, Firefox ≥ 12x), else the one any transport named, else the pair flagged `selected`
  /// (old Firefox), else the nominated, succeeded pair that moved the most bytes.
  private mutating func selectedPair(
    in report: StatsReport, named: String?, references: ReferencedObjects
  ) -> (id: String, pair: CandidatePairState)? {
    let named = named ?? references.transports.values.lazy.compactMap(\.selectedCandidatePairId).min()
    if let named, let slot = references.candidatePairs.slot(of: named, hint: pairHint) {
      pairHint = slot
      return (named, references.candidatePairs[slot: slot])
    }
    var best: (id: String, pair: CandidatePairState)?
    for index in 0..<report.count where report.type(at: index) == .candidatePair {
      let id = report.id(at: index)
      guard let pair = references.candidatePairs[id] else { continue }
      if pair.selected == true { return (id, pair) }
      guard pair.nominated == true, pair.state == "succeeded" || pair.state == nil else { continue }
      if let current = best, current.pair.bytes >= pair.bytes { continue }
      best = (id, pair)
    }
    return best
  }
}
