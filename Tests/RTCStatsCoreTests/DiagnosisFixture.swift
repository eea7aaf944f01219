import RTCStatsCore

/// A synthetic call for diagnosis tests: one poll per second of one peer connection, each
/// stream's counters advanced by rates the test chooses, so that every figure a rule sees is
/// known in advance.
struct DiagnosisFixture {
  /// A stream's rates per second and gauges.
  struct Stream {
    var id: String
    var type: StatsType
    var kind: String
    var bytesPerSecond = 100_000.0
    var packetsPerSecond = 100.0
    var lostPerSecond = 0.0
    var framesPerSecond = 30.0
    var width = 640.0
    var height = 480.0
    var jitter = 0.002
    var extraNumbers: [NumericField: Double] = [:]
    var extraTexts: [TextField: String] = [:]
    /// Per second increments of counters other than bytes, packets, lost and frames.
    var counters: [NumericField: Double] = [:]
  }

  /// The transport at each poll.
  struct Transport {
    var iceState = "connected"
    var dtlsState = "connected"
    var pairID = "CP1"
    var rtt = 0.02
    var availableOutgoingBitrate: Double? = 5_000_000
    var localType = "host"
    var remoteType = "host"
    var relayProtocol: String?
    var candidateProtocol = "udp"
    var requestsPerSecond = 1.0
    var responsesPerSecond = 1.0
    var bytesReceivedPerSecond = 10_000.0
  }

  var peerConnection = "pc"
  var analyzer = CallAnalyzer()
  var time = 1_700_000_000_000.0
  private var totals: [String: [NumericField: Double]] = [:]
  private var pairTotals: [NumericField: Double] = [:]

  init(thresholds: ThresholdTable = .defaults, retention: TimelineRetention = .all) {
    analyzer = CallAnalyzer(retention: retention, thresholds: thresholds)
  }

  /// Adds one poll one second after the previous one and returns its live diagnosis.
  @discardableResult
  mutating func poll(_ streams: [Stream], transport: Transport? = Transport(), seconds: Double = 1)
    -> PollDiagnosis?
  {
    time += seconds * 1000
    var builder = ReportBuilder()
    for stream in streams {
      var numbers = advance(stream, seconds: seconds)
      numbers[.ssrc] = Double(abs(stream.id.hashValue % 100_000))
      for (field, value) in stream.extraNumbers { numbers[field] = value }
      if stream.type == .inboundRTP { numbers[.jitter] = stream.jitter }
      if stream.kind == "video" {
        numbers[.frameWidth] = stream.width
        numbers[.frameHeight] = stream.height
        if stream.type == .outboundRTP { numbers[.framesPerSecond] = stream.framesPerSecond }
      }
      var texts = stream.extraTexts
      texts[.kind] = stream.kind
      if stream.type == .inboundRTP, texts[.trackIdentifier] == nil {
        texts[.trackIdentifier] = "track-" + stream.id
      }
      if stream.type == .outboundRTP, texts[.mediaSourceId] == nil {
        texts[.mediaSourceId] = "source-" + stream.id
      }
      builder.add(stream.type, id: stream.id, at: time, numbers: numbers, texts: texts)
    }
    if let transport { addTransport(transport, seconds: seconds, to: &builder) }
    analyzer.consume(builder.report, peerConnection: peerConnection)
    return analyzer.diagnosis.latest(of: peerConnection)
  }

  /// `count` polls of the same streams.
  mutating func polls(_ count: Int, _ streams: [Stream], transport: Transport? = Transport()) {
    for _ in 0..<count { poll(streams, transport: transport) }
  }

  private mutating func advance(_ stream: Stream, seconds: Double) -> [NumericField: Double] {
    var current = totals[stream.id] ?? [:]
    let inbound = stream.type == .inboundRTP
    var rates: [NumericField: Double] = stream.counters
    rates[inbound ? .bytesReceived : .bytesSent] = stream.bytesPerSecond
    rates[inbound ? .packetsReceived : .packetsSent] = stream.packetsPerSecond
    if inbound { rates[.packetsLost] = stream.lostPerSecond }
    if stream.kind == "video" { rates[inbound ? .framesDecoded : .framesEncoded] = stream.framesPerSecond }
    for (field, rate) in rates { current[field, default: 0] += rate * seconds }
    totals[stream.id] = current
    return current
  }

  private mutating func addTransport(_ transport: Transport, seconds: Double, to builder: inout ReportBuilder)
  {
    pairTotals[.requestsSent, default: 0] += transport.requestsPerSecond * seconds
    pairTotals[.responsesReceived, default: 0] += transport.responsesPerSecond * seconds
    pairTotals[.bytesReceived, default: 0] += transport.bytesReceivedPerSecond * seconds
    builder.add(
      .transport, id: "T1", at: time, numbers: [:],
      texts: [
        .selectedCandidatePairId: transport.pairID, .iceState: transport.iceState,
        .dtlsState: transport.dtlsState,
      ])
    var pair = pairTotals
    pair[.currentRoundTripTime] = transport.rtt
    if let bitrate = transport.availableOutgoingBitrate { pair[.availableOutgoingBitrate] = bitrate }
    builder.add(
      .candidatePair, id: transport.pairID, at: time, numbers: pair,
      texts: [
        .state: "succeeded", .localCandidateId: "L-" + transport.pairID,
        .remoteCandidateId: "R-" + transport.pairID,
      ])
    var local: [TextField: String] = [
      .candidateType: transport.localType, .protocol: transport.candidateProtocol,
    ]
    if let relay = transport.relayProtocol { local[.relayProtocol] = relay }
    builder.add(.localCandidate, id: "L-" + transport.pairID, at: time, texts: local)
    builder.add(
      .remoteCandidate, id: "R-" + transport.pairID, at: time, texts: [.candidateType: transport.remoteType])
  }

  /// Everything diagnosed so far.
  var analysis: CallAnalysis { analyzer.analysis() }

  /// The findings of `code`.
  func findings(_ code: String) -> [Diagnostic] {
    analysis.findings.filter { $0.code.rawValue == code }
  }

  /// Seconds since the fixture's first poll (t = 0 is one second before it).
  func seconds(_ time: Double?) -> Double? {
    time.map { ($0 - 1_700_000_000_000) / 1000 }
  }

  static func inboundAudio(_ id: String = "IA") -> Stream {
    Stream(id: id, type: .inboundRTP, kind: "audio", bytesPerSecond: 4000, packetsPerSecond: 50)
  }

  static func inboundVideo(_ id: String = "IV") -> Stream {
    Stream(id: id, type: .inboundRTP, kind: "video", bytesPerSecond: 200_000, packetsPerSecond: 200)
  }

  static func outboundVideo(_ id: String = "OV") -> Stream {
    Stream(id: id, type: .outboundRTP, kind: "video", bytesPerSecond: 200_000, packetsPerSecond: 200)
  }

  static func outboundAudio(_ id: String = "OA") -> Stream {
    Stream(id: id, type: .outboundRTP, kind: "audio", bytesPerSecond: 4000, packetsPerSecond: 50)
  }
}
