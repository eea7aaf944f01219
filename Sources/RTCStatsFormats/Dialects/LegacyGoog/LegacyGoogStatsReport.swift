import RTCStatsCore

/// A numeric member of a legacy (callback `getStats`, Chrome < M117) stats object that
/// ``LegacyGoogStatsMapper`` reads.
///
/// Legacy values are strings (`"45"`, `"true"`); they are
/// stored as numbers, booleans as 0 or 1. Units are the legacy ones (ms, 0–32767 levels);
/// the mapper converts.
enum LegacyGoogStatsField: Int, CaseIterable, StatsColumn {
  case ssrc
  case bytesSent
  case bytesReceived
  case packetsSent
  case packetsReceived
  case packetsLost
  case googRtt
  case googJitterReceived
  case googFrameRateSent
  case googFrameRateInput
  case googFrameWidthSent
  case googFrameHeightSent
  case googFrameWidthInput
  case googFrameHeightInput
  case framesEncoded
  case qpSum
  case hugeFramesSent
  case googNacksReceived
  case googPlisReceived
  case googFirsReceived
  case googCpuLimitedResolution
  case googBandwidthLimitedResolution
  case googAdaptationChanges
  case googFrameRateReceived
  case googFrameRateDecoded
  case googFrameRateOutput
  case googFrameWidthReceived
  case googFrameHeightReceived
  case framesDecoded
  case googNacksSent
  case googPlisSent
  case googFirsSent
  case audioInputLevel
  case audioOutputLevel
  case totalAudioEnergy
  case totalSamplesDuration
  case googDecodingCTN
  case googDecodingPLC
  case googDecodingPLCCNG
  case googActiveConnection
  case googAvailableSendBandwidth
  case googAvailableReceiveBandwidth
  case responsesReceived
  case portNumber

  /// The member name in the dump.
  var name: String { String(describing: self) }
  /// The number of fields.
  @usableFromInline static let columnCount = allCases.count
}

/// A text member of a legacy stats object that ``LegacyGoogStatsMapper`` reads.
enum LegacyGoogStatsTextField: Int, CaseIterable, StatsColumn {
  case mediaType
  case googCodecName
  case codecImplementationName
  case googTrackId
  case transportId
  case localCandidateId
  case remoteCandidateId
  case googChannelId
  case selectedCandidatePairId
  case candidateType
  case transport
  case ipAddress
  case networkType

  /// The member name in the dump.
  var name: String { String(describing: self) }
  /// The number of fields.
  @usableFromInline static let columnCount = allCases.count
}

/// The legacy stats objects of one poll, column-wise like `StatsReport` (the same
/// ``StatsColumns`` store): one row per object (`ssrc_123_send`, `Conn-audio-1-0`,
/// `bweforvideo`, …) with its `type` as written (`ssrc`, `googCandidatePair`, `VideoBwe`, …)
/// and the members of ``LegacyGoogStatsField``/``LegacyGoogStatsTextField``.
///
/// Legacy reports are merged (delta compression) in this form and only then turned into W3C
/// rows, because the mapping of one object depends on members the delta leaves out (an
/// `ssrc` object is outbound because it has `bytesSent`).
struct LegacyGoogStatsReport: RTCStatsRows {
  private var columns = StatsColumns<LegacyGoogStatsField, LegacyGoogStatsTextField>()
  private var typeNames: [String] = []

  init() {}

  var count: Int { columns.count }

  mutating func removeAll() {
    columns.removeAll()
    typeNames.removeAll(keepingCapacity: true)
  }

  /// Appends an object with no members and returns its index.
  @discardableResult
  mutating func append(id: String) -> Int {
    typeNames.append("")
    return columns.append(id: id, timestamp: .nan)
  }

  func id(at index: Int) -> String { columns.id(at: index) }
  /// The `type` as written, empty when absent.
  func typeName(at index: Int) -> String { typeNames[index] }
  func timestamp(at index: Int) -> Double? { columns.timestamp(at: index) }
  func hasType(at index: Int) -> Bool { !typeNames[index].isEmpty }

  /// The value of a numeric member, `nil` when absent.
  func number(_ field: LegacyGoogStatsField, at index: Int) -> Double? {
    columns.number(field, at: index)
  }

  /// The value of a text member, `nil` when absent.
  func text(_ field: LegacyGoogStatsTextField, at index: Int) -> String? {
    columns.text(field, at: index)
  }

  mutating func setTypeName(_ name: String, at index: Int) { typeNames[index] = name }
  mutating func setObjectID(_ id: String, at index: Int) { columns.setID(id, at: index) }
  mutating func setTimestamp(_ timestamp: Double, at index: Int) {
    columns.setTimestamp(timestamp, at: index)
  }
  mutating func setNumber(_ value: Double, _ field: LegacyGoogStatsField, at index: Int) {
    columns.setNumber(value, field, at: index)
  }
  mutating func setText(_ value: String, _ field: LegacyGoogStatsTextField, at index: Int) {
    columns.setText(value, field, at: index)
  }

  mutating func fillMissing(at index: Int, from base: LegacyGoogStatsReport, at baseIndex: Int) {
    columns.fillMissing(at: index, from: base.columns, at: baseIndex)
    if typeNames[index].isEmpty { typeNames[index] = base.typeNames[baseIndex] }
  }

  @discardableResult
  mutating func appendCopy(of index: Int, from other: LegacyGoogStatsReport) -> Int {
    typeNames.append(other.typeNames[index])
    return columns.appendCopy(of: index, from: other.columns)
  }

  mutating func replace(
    at index: Int, withCopyOf otherIndex: Int, from other: LegacyGoogStatsReport
  ) {
    typeNames[index] = other.typeNames[otherIndex]
    columns.replace(at: index, withCopyOf: otherIndex, from: other.columns)
  }
}
