/// The members of a `candidate-pair` object the engine reads.
struct CandidatePairState {
  var localCandidateId: String?
  var remoteCandidateId: String?
  var state: String?
  var nominated: Bool?
  var selected: Bool?
  var bytes: Double
  /// Seconds.
  var currentRoundTripTime: Double?
  var availableOutgoingBitrate: Double?
  var availableIncomingBitrate: Double?
  var checks: ConnectivityChecks

  init(report: StatsReport, index: Int) {
    localCandidateId = report.text(.localCandidateId, at: index)
    remoteCandidateId = report.text(.remoteCandidateId, at: index)
    state = report.text(.state, at: index)
    nominated = report.number(.nominated, at: index).map { $0 != 0 }
    selected = report.number(.selected, at: index).map { $0 != 0 }
    bytes =
      (report.number(.bytesSent, at: index) ?? 0) + (report.number(.bytesReceived, at: index) ?? 0)
    currentRoundTripTime = report.number(.currentRoundTripTime, at: index)
    availableOutgoingBitrate = report.number(.availableOutgoingBitrate, at: index)
    availableIncomingBitrate = report.number(.availableIncomingBitrate, at: index)
    checks = ConnectivityChecks(
      requestsSent: report.number(.requestsSent, at: index),
      responsesReceived: report.number(.responsesReceived, at: index),
      requestsReceived: report.number(.requestsReceived, at: index),
      responsesSent: report.number(.responsesSent, at: index),
      consentRequestsSent: report.number(.consentRequestsSent, at: index),
      bytesSent: report.number(.bytesSent, at: index),
      bytesReceived: report.number(.bytesReceived, at: index))
  }
}
