extension TimelineFold {
  /// The peer connection's summary: transport, tracks (outbound before inbound, audio before
  /// video, then in order of appearance) and their layers.
  ///
  /// - `timeline`: The timeline the rows came from (its stream identities, and what it kept).
  /// - `events`: The connection's events.
  public func analysis(of timeline: Timeline, events: [StatsEvent] = []) -> PeerConnectionAnalysis {
    let infos = timeline.streams
    var order: [TrackID] = []
    var members: [TrackID: [Int]] = [:]
    for index in infos.indices where index < streams.count {
      let track = infos[index].trackID
      if members[track] == nil { order.append(track) }
      members[track, default: []].append(index)
    }
    let tracks = order.compactMap { track in
      members[track].map { assemble(track, members: $0, infos: infos) }
    }
    let sorted = tracks.enumerated().sorted { lhs, rhs in
      let (l, r) = (lhs.element, rhs.element)
      if l.direction != r.direction { return l.direction == .outbound }
      if l.kind != r.kind { return l.kind < r.kind }
      return lhs.offset < rhs.offset
    }.map(\.element)
    return PeerConnectionAnalysis(
      id: peerConnection, startTime: firstTime, endTime: lastTime, reportCount: reportCount,
      transport: transport.analysis, tracks: sorted, timeline: timeline, events: events)
  }

  private func assemble(_ track: TrackID, members: [Int], infos: [StreamInfo]) -> TrackAnalysis {
    let kind =
      track.kind
      ?? (members.contains { streams[$0].lastResolution != nil || streams[$0].sawFramesPerSecond }
        ? .video : .audio)
    var result = TrackAnalysis(id: track, direction: track.direction, kind: kind)
    let own = members.map { infos[$0] }
    result.streamIndices = members
    result.trackIdentifier = own.lazy.compactMap(\.trackIdentifier).first
    result.mid = own.lazy.compactMap(\.mid).first
    result.codec = own.reversed().lazy.compactMap(\.codec).first
    result.encoderImplementation = own.reversed().lazy.compactMap(\.encoderImplementation).first
    result.decoderImplementation = own.reversed().lazy.compactMap(\.decoderImplementation).first
    for ssrc in own.flatMap(\.ssrcs) where !result.ssrcs.contains(ssrc) { result.ssrcs.append(ssrc) }
    if track.direction == .inbound || members.count == 1 { result.ssrc = result.ssrcs.first }
    var totals = SeriesTotals(direction: track.direction)
    for member in members { totals.add(streams[member].totals) }
    let figures = FigureSource(
      aggregates: members.map { streams[$0] }, totals: totals,
      rates: members.first.flatMap { trackRates(anchor: $0) }
    )
    for (position, metric) in MetricRegistry.metrics.enumerated()
    where metric.scope.contains(direction: track.direction, kind: kind) {
      result.figures[position] = figures.value(position: position, metric: metric, direction: track.direction)
    }
    if track.direction == .outbound && kind == .video {
      result.qualityLimitation = Self.qualityLimitation(members.map { streams[$0] })
      result.layers = layers(members, infos: infos)
    }
    return result
  }

  private func layers(_ members: [Int], infos: [StreamInfo]) -> [LayerAnalysis] {
    let ordered = members.enumerated().sorted { lhs, rhs in
      let (l, r) = (infos[lhs.element], infos[rhs.element])
      if let a = l.encodingIndex, let b = r.encodingIndex, a != b { return a < b }
      let heights = [lhs.element, rhs.element].map {
        FigureSource.longestHeld([streams[$0]])?.height ?? 0
      }
      if heights[0] != heights[1] { return heights[0] < heights[1] }
      return lhs.offset < rhs.offset
    }.map(\.element)
    return ordered.map { index in
      let info = infos[index]
      let aggregate = streams[index]
      var layer = LayerAnalysis(id: info.id, streamIndex: index)
      layer.rid = info.rid
      layer.encodingIndex = info.encodingIndex
      layer.ssrc = info.ssrcs.last
      layer.scalabilityMode = info.scalabilityMode
      layer.codec = info.codec
      layer.qualityLimitationReason = Self.qualityLimitation([aggregate])?.reason ?? aggregate.lastReason
      layer.active = info.reportedActive ?? (aggregate.intervalCount == 0 ? nil : aggregate.sawMediaFlow)
      let figures = FigureSource(aggregates: [aggregate], totals: aggregate.totals, rates: aggregate.rates)
      for (position, metric) in MetricRegistry.metrics.enumerated()
      where metric.scope.contains(direction: .outbound, kind: .video) {
        layer.figures[position] = figures.value(position: position, metric: metric, direction: .outbound)
      }
      return layer
    }
  }

  /// The quality limitation record of the stream with the longest one (Chrome copies the
  /// encoder's limitation onto every layer).
  static func qualityLimitation(_ aggregates: [StreamAggregate]) -> QualityLimitation? {
    func total(_ durations: [QualityLimitationReason: Double]?) -> Double {
      durations.map { $0.values.reduce(0, +) } ?? -1
    }
    let best = aggregates.max { total($0.qualityDurations) < total($1.qualityDurations) }
    guard let best, let durations = best.qualityDurations else { return nil }
    let totalTime = durations.values.reduce(0, +)
    var percentages: [QualityLimitationReason: Double] = [:]
    for reason in QualityLimitationReason.allCases {
      percentages[reason] = totalTime > 0 ? (durations[reason] ?? 0) / totalTime * 100 : 0
    }
    let reason =
      totalTime > 0
      ? QualityLimitationReason.allCases.max { (durations[$0] ?? 0) < (durations[$1] ?? 0) } ?? .none
      : best.lastReason ?? .none
    return QualityLimitation(
      reason: reason, percentages: percentages, durations: durations,
      resolutionChanges: best.qualityResolutionChanges.flatMap { Int(roundingTowardZero: $0) })
  }
}
