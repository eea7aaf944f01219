/// A numeric member of a legacy (callback `getStats`, Chrome < M117) stats object that
/// ``LegacyGoogStatsMapper`` reads. Legacy values are strings (`"45"`, `"true"`); they are
/// stored as numbers, booleans as 0 or 1. Units are the legacy ones (ms, 0–32767 levels);
/// the mapper converts.
enum LegacyGoogStatsField: Int, CaseIterable {
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
}

/// A text member of a legacy stats object that ``LegacyGoogStatsMapper`` reads.
enum LegacyGoogStatsTextField: Int, CaseIterable {
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
}

/// The legacy stats objects of one poll, column-wise like `StatsReport`: one row per object
/// (`ssrc_123_send`, `Conn-audio-1-0`, `bweforvideo`, …) with its `type` as written
/// (`ssrc`, `googCandidatePair`, `VideoBwe`, …) and the members of
/// ``LegacyGoogStatsField``/``LegacyGoogStatsTextField``.
///
/// Legacy reports are merged (delta compression) in this form and only then turned into W3C
/// rows, because the mapping of one object depends on members the delta leaves out (an
/// `ssrc` object is outbound because it has `bytesSent`).
struct LegacyGoogStatsReport: RTCStatsRows {
  private(set) var count = 0
  private var ids: [String] = []
  private var typeNames: [String] = []
  private var timestamps: [Double] = []
  private var numbers: [Double] = []
  private var texts: [String?] = []

  private static let numericCount = LegacyGoogStatsField.allCases.count
  private static let textCount = LegacyGoogStatsTextField.allCases.count

  init() {}

  mutating func removeAll() {
    count = 0
    ids.removeAll(keepingCapacity: true)
    typeNames.removeAll(keepingCapacity: true)
    timestamps.removeAll(keepingCapacity: true)
    numbers.removeAll(keepingCapacity: true)
    texts.removeAll(keepingCapacity: true)
  }

  /// Appends an object with no members and returns its index.
  @discardableResult
  mutating func append(id: String) -> Int {
    ids.append(id)
    typeNames.append("")
    timestamps.append(.nan)
    numbers.append(contentsOf: repeatElement(.nan, count: Self.numericCount))
    texts.append(contentsOf: repeatElement(nil, count: Self.textCount))
    count += 1
    return count - 1
  }

  func id(at index: Int) -> String { ids[index] }
  /// The `type` as written, empty when absent.
  func typeName(at index: Int) -> String { typeNames[index] }
  func timestamp(at index: Int) -> Double? {
    let value = timestamps[index]
    return value.isNaN ? nil : value
  }
  func hasType(at index: Int) -> Bool { !typeNames[index].isEmpty }

  /// The value of a numeric member, `nil` when absent.
  func number(_ field: LegacyGoogStatsField, at index: Int) -> Double? {
    let value = numbers[index &* Self.numericCount &+ field.rawValue]
    return value.isNaN ? nil : value
  }

  /// The value of a text member, `nil` when absent.
  func text(_ field: LegacyGoogStatsTextField, at index: Int) -> String? {
    texts[index &* Self.textCount &+ field.rawValue]
  }

  mutating func setTypeName(_ name: String, at index: Int) { typeNames[index] = name }
  mutating func setTimestamp(_ timestamp: Double, at index: Int) { timestamps[index] = timestamp }
  mutating func setNumber(_ value: Double, _ field: LegacyGoogStatsField, at index: Int) {
    numbers[index &* Self.numericCount &+ field.rawValue] = value.isFinite ? value : .nan
  }
  mutating func setText(_ value: String, _ field: LegacyGoogStatsTextField, at index: Int) {
    texts[index &* Self.textCount &+ field.rawValue] = value
  }

  mutating func fillMissing(at index: Int, from base: LegacyGoogStatsReport, at baseIndex: Int) {
    if timestamps[index].isNaN { timestamps[index] = base.timestamps[baseIndex] }
    if typeNames[index].isEmpty { typeNames[index] = base.typeNames[baseIndex] }
    let n = Self.numericCount
    for offset in 0..<n where numbers[index &* n &+ offset].isNaN {
      numbers[index &* n &+ offset] = base.numbers[baseIndex &* n &+ offset]
    }
    let t = Self.textCount
    for offset in 0..<t where texts[index &* t &+ offset] == nil {
      texts[index &* t &+ offset] = base.texts[baseIndex &* t &+ offset]
    }
  }

  @discardableResult
  mutating func appendCopy(of index: Int, from other: LegacyGoogStatsReport) -> Int {
    ids.append(other.ids[index])
    typeNames.append(other.typeNames[index])
    timestamps.append(other.timestamps[index])
    let n = Self.numericCount
    numbers.append(contentsOf: other.numbers[(index &* n)..<(index &* n &+ n)])
    let t = Self.textCount
    texts.append(contentsOf: other.texts[(index &* t)..<(index &* t &+ t)])
    count += 1
    return count - 1
  }

  mutating func replace(
    at index: Int, withCopyOf otherIndex: Int, from other: LegacyGoogStatsReport
  ) {
    ids[index] = other.ids[otherIndex]
    typeNames[index] = other.typeNames[otherIndex]
    timestamps[index] = other.timestamps[otherIndex]
    let n = Self.numericCount
    for offset in 0..<n {
      numbers[index &* n &+ offset] = other.numbers[otherIndex &* n &+ offset]
    }
    let t = Self.textCount
    for offset in 0..<t { texts[index &* t &+ offset] = other.texts[otherIndex &* t &+ offset] }
  }
}
