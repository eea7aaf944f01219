/// Live high-level stats from raw getStats snapshots: feed each snapshot as it arrives, get
/// back the interval's stats shaped like the Vonage SDKs' (publisher video/audio stats with
/// `videoLayers`, subscriber stats, transport and media-link stats, network condition with
/// reason and degradation source) and the findings that started or ended.
///
///     var live = LiveAnalyzer()
///     let stats = live.add(report, peerConnection: "PC_0")   // once per getStats()
///     for video in stats.subscriberVideo {
///       print(video.bitrate ?? 0, video.freezeCount ?? 0, stats.receive.grade)
///     }
///
/// It runs ``CallAnalyzer`` with a bounded retention: the per-interval figures are the
/// analyze timeline's, and the totals (packets, loss, freezes, pauses) at the end of a call
/// are those of `rtcstats analyze` on the whole log. ``summary()`` gives the whole analysis
/// at any moment. `RTCStatsFormats.LiveSnapshotAnalyzer` takes JSON text or bytes.
///
/// Degradation source per interval: the send direction is `local` when degraded. The receive
/// direction, when degraded, is `local` if this side's uplink is degraded at the same poll,
/// else compared with the other peer connections' last received media: mostly clean →
/// `remote` (the publisher's side), degraded too → `local`, none → `bothOrUnclear` (the
/// call-level ``NetworkCondition`` compares whole runs of every track instead).
///
/// - Complexity: O(*s*) work per snapshot in the streams it holds, O(1) memory per snapshot
///   whatever the call length (the fold's distributions are bounded, the timeline keeps
///   ``LiveOptions/retainedRows`` rows, the diagnosis only its last poll).
public struct LiveAnalyzer: Sendable {
  /// The options.
  public let options: LiveOptions
  private var engine: CallAnalyzer
  private var connections: [String: LiveConnectionState] = [:]

  /// An analyzer with `options`.
  public init(options: LiveOptions = LiveOptions()) {
    self.options = options
    engine = CallAnalyzer(
      retention: .recent(options.retainedRows), eventLimit: options.eventLimit, thresholds: options.thresholds
    )
  }

  /// Analyses one snapshot of `peerConnection` and returns the interval it closes.
  ///
  /// - Complexity: O(*s*) in the streams of the snapshot's peer connection.
  @discardableResult
  public mutating func add(_ report: StatsReport, peerConnection: String = "PC_0") -> LiveStats {
    let row = engine.add(report, peerConnection: peerConnection)
    let streams = engine.timeline(of: peerConnection)?.streams ?? []
    var state = connections.removeValue(forKey: peerConnection) ?? LiveConnectionState()
    state.add(row, streams: streams)
    let tracks = state.figures(of: row, streams: streams)
    let poll = engine.diagnosis.latest(of: peerConnection).flatMap { $0.sequence == row.sequence ? $0 : nil }
    state.lastReceive = poll?.receive.grade ?? .unknown
    connections[peerConnection] = state
    let send = LiveCondition(
      grade: poll?.send.grade ?? .unknown, reason: poll?.send.reason ?? .unknown,
      degradationSource: Self.sendSource(poll?.send.grade ?? .unknown))
    let receiveGrade = poll?.receive.grade ?? .unknown
    let receive = LiveCondition(
      grade: receiveGrade, reason: poll?.receive.reason ?? .unknown,
      degradationSource: receiveSource(receiveGrade, send: send.grade, except: peerConnection))
    return Self.stats(
      row: row, peerConnection: peerConnection, tracks: tracks, streams: streams, send: send,
      receive: receive, poll: poll)
  }

  /// Keeps an event (getUserMedia, ICE and connection state changes) for the diagnosis.
  public mutating func add(event: StatsEvent) { engine.consume(event: event) }

  /// The whole analysis so far: summaries, network conditions, findings (the same as
  /// `rtcstats analyze` on the snapshots fed so far, without the rows beyond the retention).
  public func summary() -> CallAnalysis { engine.analysis() }

  /// The recent rows of `peerConnection` (``LiveOptions/retainedRows`` of them).
  public func timeline(of peerConnection: String) -> Timeline? { engine.timeline(of: peerConnection) }

  /// The peer connections seen, in order of their first snapshot.
  public var peerConnections: [String] { engine.peerConnections }

  private static func sendSource(_ grade: NetworkGrade) -> DegradationSource {
    grade == .unknown ? .unknown : (grade.isDegraded ? .local : .none)
  }

  private func receiveSource(_ grade: NetworkGrade, send: NetworkGrade, except id: String)
    -> DegradationSource
  {
    if grade == .unknown { return .unknown }
    guard grade.isDegraded else { return .none }
    if send.isDegraded { return .local }
    let others = connections.filter { $0.key != id && $0.value.lastReceive != .unknown }.map(
      \.value.lastReceive)
    guard !others.isEmpty else { return .bothOrUnclear }
    let degraded = others.count(where: \.isDegraded)
    return degraded * 2 > others.count ? .local : .remote
  }

  private static func stats(
    row: TimelineRow, peerConnection: String, tracks: [(LiveTrackFigures, [VideoLayerStats])],
    streams: [StreamInfo], send: LiveCondition, receive: LiveCondition, poll: PollDiagnosis?
  ) -> LiveStats {
    let estimate = row.transport?.availableOutgoingBitrate
    let uplink = TransportStats(
      connectionEstimatedBandwidth: estimate, networkCondition: send.grade,
      networkConditionReason: send.reason)
    let downlink = TransportStats(
      connectionEstimatedBandwidth: estimate, networkCondition: receive.grade,
      networkConditionReason: receive.reason)
    var stats = LiveStats(
      peerConnection: peerConnection, sequence: row.sequence, timestamp: row.time, tracks: tracks.map(\.0),
      publisherVideo: [], publisherAudio: [], subscriberVideo: [], subscriberAudio: [],
      publisherTransport: uplink,
      subscriberMediaLink: SubscriberMediaLinkStats(
        transport: downlink, networkDegradationSource: receive.degradationSource),
      send: send, receive: receive, roundTripTime: row.transport?.roundTripTime,
      availableOutgoingBitrate: estimate, availableIncomingBitrate: row.transport?.availableIncomingBitrate,
      findingsStarted: poll?.started ?? [], findingsEnded: poll?.ended ?? [])
    for (figures, layers) in tracks {
      switch (figures.direction, figures.kind) {
      case (.outbound, .video):
        stats.publisherVideo.append(
          PublisherVideoStats(figures: figures, videoLayers: layers, transport: uplink))
      case (.outbound, _):
        stats.publisherAudio.append(PublisherAudioStats(figures: figures, transport: uplink))
      case (.inbound, .video): stats.subscriberVideo.append(SubscriberVideoStats(figures: figures))
      case (.inbound, _): stats.subscriberAudio.append(SubscriberAudioStats(figures: figures))
      }
    }
    return stats
  }
}

/// What the live analyzer keeps per peer connection: each track's counters summed so far and
/// its first sample's time (O(tracks) memory).
struct LiveConnectionState: Sendable {
  var totals: [TrackID: SeriesTotals] = [:]
  var startTimes: [TrackID: Double] = [:]
  var lastReceive: NetworkGrade = .unknown

  /// Adds the increments of every stream of `row` to its track's totals.
  mutating func add(_ row: TimelineRow, streams: [StreamInfo]) {
    for streamRow in row.streams {
      let info = streams[streamRow.stream]
      let track = info.trackID
      totals[track, default: SeriesTotals(direction: info.direction)].add(streamRow)
      if startTimes[track] == nil, let time = streamRow.time ?? row.time { startTimes[track] = time }
    }
  }

  /// Each track of `row` with its figures, and its layers (outbound video).
  func figures(of row: TimelineRow, streams: [StreamInfo]) -> [(LiveTrackFigures, [VideoLayerStats])] {
    var order: [TrackID] = []
    var byTrack: [TrackID: [StreamRow]] = [:]
    for streamRow in row.streams.sorted(by: { $0.stream < $1.stream }) {
      let track = streams[streamRow.stream].trackID
      if byTrack[track] == nil { order.append(track) }
      byTrack[track, default: []].append(streamRow)
    }
    return order.map { track in
      let merged = TrackRow(track: track, sequence: row.sequence, streamRows: byTrack[track] ?? [])
      let first = streams[merged.streamRows.first?.stream ?? 0]
      let figures = LiveTrackFigures(
        row: merged, stream: first, startTime: startTimes[track],
        totals: totals[track] ?? SeriesTotals(direction: track.direction))
      guard track.direction == .outbound, track.kind == .video else { return (figures, []) }
      let layers = merged.streamRows.map { VideoLayerStats(row: $0, info: streams[$0.stream]) }
      return (figures, layers)
    }
  }
}
