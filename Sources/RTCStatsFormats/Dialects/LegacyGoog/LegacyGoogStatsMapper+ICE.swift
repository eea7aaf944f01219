import RTCStatsCore

extension LegacyGoogStatsMapper {
  // MARK: - ICE

  func mapPair(
    _ legacy: LegacyGoogStatsReport, row: Int, timestamp: Double, sendBandwidth: Double?,
    receiveBandwidth: Double?, into report: inout StatsReport
  ) {
    let target = report.append(
      id: legacy.id(at: row), type: .candidatePair, typeName: "candidate-pair", timestamp: timestamp
    )
    for (from, to) in [
      (LegacyGoogStatsTextField.localCandidateId, TextField.localCandidateId),
      (.remoteCandidateId, .remoteCandidateId), (.googChannelId, .transportId),
    ] {
      if let value = legacy.text(from, at: row) { report.setText(value, to, at: target) }
    }
    copy(
      legacy, row,
      [
        (.bytesSent, .bytesSent), (.bytesReceived, .bytesReceived), (.packetsSent, .packetsSent),
        (.responsesReceived, .responsesReceived),
      ], to: &report, target)
    let isActive = legacy.number(.googActiveConnection, at: row) == 1
    report.setNumber(isActive ? 1 : 0, .selected, at: target)
    report.setNumber(isActive ? 1 : 0, .nominated, at: target)
    guard isActive else { return }
    report.setText("succeeded", .state, at: target)
    if let rtt = legacy.number(.googRtt, at: row), rtt > 0 {
      report.setNumber(rtt / 1000, .currentRoundTripTime, at: target)
    }
    if let sendBandwidth, sendBandwidth > 0 {
      report.setNumber(sendBandwidth, .availableOutgoingBitrate, at: target)
    }
    if let receiveBandwidth, receiveBandwidth > 0 {
      report.setNumber(receiveBandwidth, .availableIncomingBitrate, at: target)
    }
  }

  func mapCandidate(
    _ legacy: LegacyGoogStatsReport, row: Int, isLocal: Bool, timestamp: Double,
    into report: inout StatsReport
  ) {
    let target = report.append(
      id: legacy.id(at: row), type: isLocal ? .localCandidate : .remoteCandidate,
      typeName: isLocal ? "local-candidate" : "remote-candidate", timestamp: timestamp)
    if let type = legacy.text(.candidateType, at: row) {
      report.setText(Self.candidateType(type), .candidateType, at: target)
    }
    if let value = legacy.text(.transport, at: row) { report.setText(value, .protocol, at: target) }
    if let value = legacy.text(.ipAddress, at: row) { report.setText(value, .address, at: target) }
    if let value = legacy.text(.networkType, at: row) {
      report.setText(value, .networkType, at: target)
    }
    report.setNumber(legacy.number(.portNumber, at: row), .port, at: target)
  }

  /// Legacy candidate types (libwebrtc `IceCandidateTypeToStatsType`) → W3C.
  static func candidateType(_ legacy: String) -> String {
    switch legacy {
    case "serverreflexive", "stun": "srflx"
    case "peerreflexive": "prflx"
    case "relayed": "relay"
    case "local": "host"
    default: legacy
    }
  }
}
