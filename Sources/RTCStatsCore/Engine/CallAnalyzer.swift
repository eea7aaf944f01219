/// The metric engine: takes the stats reports of a call and summarises every peer
/// connection, track and layer.
///
/// Use it live from an app by feeding each `getStats()` result as it arrives, or let a
/// parser from `RTCStatsFormats` feed it a dump:
///
///     var analyzer = CallAnalyzer()
///     analyzer.consume(report, peerConnection: "PC_0")   // once per poll
///     let analysis = analyzer.analysis()
///
/// Reports may come in any order across peer connections; within one, each stats object's
/// samples are expected in time order (an older sample is skipped and counted).
public struct CallAnalyzer: StatsReportConsumer, Sendable {
  private var connections: [String: PeerConnectionAccumulator] = [:]
  private var connectionOrder: [String] = []
  private var sequence = 0

  public init() {}

  /// Adds one report of the peer connection `peerConnection`.
  public mutating func consume(_ report: StatsReport, peerConnection: String) {
    if connections[peerConnection] == nil {
      connections[peerConnection] = PeerConnectionAccumulator(id: peerConnection)
      connectionOrder.append(peerConnection)
    }
    sequence += 1
    connections[peerConnection]?.add(report, sequence: sequence)
  }

  /// Samples skipped because they were older than the previous sample of the same object.
  public var skippedSamples: Int {
    connections.values.reduce(0) { sum, connection in
      sum + connection.streams.reduce(0) { $0 + $1.skippedSamples }
    }
  }

  /// Counter resets seen (a stream restarting behind the same stats id).
  public var counterResets: Int {
    connections.values.reduce(0) { sum, connection in
      sum + connection.streams.reduce(0) { $0 + $1.resets }
    }
  }

  /// Summarises everything consumed so far.
  ///
  /// - Complexity: O(*n* log *n*) in the number of intervals.
  public func analysis() -> CallAnalysis {
    CallAnalysis(
      peerConnections: connectionOrder.compactMap { id in
        connections[id].map(Self.summarise)
      })
  }

  private static func summarise(_ connection: PeerConnectionAccumulator) -> PeerConnectionAnalysis {
    let streams = connection.streams
    let samples = connection.transportSamples
    var roundTripTime = Distribution(values: samples.map { $0.roundTripTime ?? .nan })
    if roundTripTime == nil { roundTripTime = Distribution(values: connection.fallbackRoundTripTimes) }
    let transport = TransportAnalysis(
      roundTripTime: roundTripTime,
      availableOutgoingBitrate: Distribution(
        values: samples.map { $0.availableOutgoingBitrate ?? .nan }),
      availableIncomingBitrate: Distribution(
        values: samples.map { $0.availableIncomingBitrate ?? .nan }),
      selectedCandidatePair: connection.selectedPair,
      selectedCandidatePairChanges: connection.candidatePairChanges,
      intervals: samples)
    return PeerConnectionAnalysis(
      id: connection.id, startTime: connection.firstTimestamp, endTime: connection.lastTimestamp,
      reportCount: connection.reportCount, transport: transport,
      tracks: TrackAssembler.tracks(from: streams))
  }
}
