import RTCStatsCore

extension AnalysisJSONEncoder {
  /// A track: identity, then the registry's entries in order, the layers and the intervals.
  func encode(
    _ track: TrackAnalysis, timeline: Timeline, mos: MOSSummary? = nil, place: (connection: Int, track: Int),
    into writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.member("direction", track.direction.rawValue)
    writer.member("kind", track.kind.rawValue)
    writer.member("trackIdentifier", track.trackIdentifier)
    writer.member("mid", track.mid)
    writer.member("codec", track.codec)
    writer.member("ssrc", track.ssrc.map { Int($0) })
    writer.key("ssrcs")
    writer.beginArray()
    for ssrc in track.ssrcs { writer.integer(Int(ssrc)) }
    writer.endArray()
    let isOutboundVideo = track.kind == .video && track.direction == .outbound
    let keys = Self.metricKeys
    var position = 0  // of the metric in ``MetricRegistry/metrics``, the order of `entries`
    for entry in MetricRegistry.entries {
      switch entry {
      case .metric(let metric):
        defer { position += 1 }
        guard metric.hasSummary, metric.scope.contains(direction: track.direction, kind: track.kind) else {
          continue
        }
        writer.key(keys[position])
        Self.encode(track[metric], into: &writer)
      case .qualityLimitation:
        if isOutboundVideo { Self.encode(track.qualityLimitation, into: &writer) }
      case .implementation:
        if track.direction == .outbound {
          writer.member("encoderImplementation", track.encoderImplementation)
        } else {
          writer.member("decoderImplementation", track.decoderImplementation)
        }
      }
    }
    if isOutboundVideo {
      writer.key("layers")
      writer.beginArray()
      for (layerIndex, layer) in track.layers.enumerated() {
        let layerPlace = IntervalSeries.Place.layer(
          connection: place.connection, track: place.track, layer: layerIndex)
        encode(layer, timeline: timeline, place: layerPlace, into: &writer)
      }
      writer.endArray()
    }
    if track.kind == .audio {
      encode(mos: mos, place: .mos(connection: place.connection, track: place.track), into: &writer)
    }
    if includeIntervals {
      let trackPlace = IntervalSeries.Place.track(connection: place.connection, track: place.track)
      encodeIntervals(trackPlace, into: &writer) { .track(track, of: timeline, place: trackPlace) }
    }
    writer.endObject()
  }

  /// Each metric's name as JSON text (`"bitrate":`), by position in ``MetricRegistry/metrics``.
  static let metricKeys = MetricRegistry.metrics.map { JSONWriter.Key($0.name) }

  private func encode(
    _ layer: LayerAnalysis, timeline: Timeline, place: IntervalSeries.Place, into writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.member("rid", layer.rid)
    writer.member("encodingIndex", layer.encodingIndex)
    writer.member("ssrc", layer.ssrc.map { Int($0) })
    writer.member("width", layer.width)
    writer.member("height", layer.height)
    Self.member("encodedFrameRate", layer.encodedFrameRate, into: &writer)
    Self.member("bitrate", layer.bitrate, into: &writer)
    Self.member("totalBitrate", layer.totalBitrate, into: &writer)
    writer.member("scalabilityMode", layer.scalabilityMode)
    writer.member("qualityLimitationReason", layer.qualityLimitationReason?.rawValue)
    writer.member("codec", layer.codec)
    writer.member("active", layer.active)
    if includeIntervals {
      encodeIntervals(place, into: &writer) { .stream(layer.streamIndex, of: timeline, place: place) }
    }
    writer.endObject()
  }

  /// `{time, duration, …every interval metric known…}`.
  static func encodeInterval(
    time: Double?, duration: Double?, into writer: inout JSONWriter, value: (Int) -> Double?
  ) {
    let members = IntervalMembers.shared
    members.begin(time: time, duration: duration, into: &writer)
    for index in 0..<members.metricCount {
      guard let figure = value(index) else { continue }
      members.write(figure, at: index, into: &writer)
    }
    writer.endObject()
  }

  /// ``encodeInterval(time:duration:into:value:)`` for the row of a single stream: only the
  /// figures its layout stores are visited, read straight from the row's storage.
  static func encodeInterval(_ row: StreamRow, members: IntervalMembers, into writer: inout JSONWriter) {
    members.begin(time: row.time, duration: row.duration, into: &writer)
    let layout = members.layout(row.figureLayout)
    row.withStoredValues { stored in
      precondition(stored.count >= layout.firstSlot + layout.positions.count, "a row shorter than its layout")
      guard let figures = stored.baseAddress.map({ $0 + layout.firstSlot }) else { return }
      for offset in layout.positions.indices where !figures[offset].isNaN {
        members.write(figures[offset], at: layout.positions[offset], into: &writer)
      }
    }
    writer.endObject()
  }

  /// A call-level figure: a distribution object, a count, a number, or `null`.
  static func encode(_ value: SummaryValue?, into writer: inout JSONWriter) {
    switch value {
    case .distribution(let distribution): encode(distribution, into: &writer)
    case .integer(let count): writer.integer(count)
    case .number(let number): writer.number(number)
    case nil: writer.null()
    }
  }

  static func encode(_ limitation: QualityLimitation?, into writer: inout JSONWriter) {
    writer.key("qualityLimitation")
    guard let limitation else { return writer.null() }
    writer.beginObject()
    writer.member("reason", limitation.reason.rawValue)
    writer.key("percentages")
    writer.beginObject()
    for reason in QualityLimitationReason.allCases {
      writer.key(reason.rawValue)
      writer.number(limitation.percentages[reason])
    }
    writer.endObject()
    writer.key("durations")
    writer.beginObject()
    for reason in QualityLimitationReason.allCases {
      writer.key(reason.rawValue)
      writer.number(limitation.durations[reason].map(Durations.milliseconds(fromSeconds:)))
    }
    writer.endObject()
    writer.member("resolutionChanges", limitation.resolutionChanges)
    writer.endObject()
  }
}
