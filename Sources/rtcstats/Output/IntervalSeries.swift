import RTCStatsCore

/// One `intervals` array of an analysis document: where it stands, how many rows it has and
/// how a run of them is written.
///
/// Every interval array the JSON encoder writes is made here, so the document
/// (``AnalysisJSONEncoder``) and the plan that writes the arrays ahead of it
/// (``IntervalSeriesAhead``) write the same text.
struct IntervalSeries: Sendable {
  /// Where an array stands in the document, by position (connection, track and layer in the
  /// order written).
  enum Place: Equatable, Sendable {
    /// `peerConnections[connection].transport.intervals`.
    case transport(connection: Int)
    /// `peerConnections[connection].tracks[track].layers[layer].intervals`.
    case layer(connection: Int, track: Int, layer: Int)
    /// `peerConnections[connection].tracks[track].mos.intervals`.
    case mos(connection: Int, track: Int)
    /// `peerConnections[connection].tracks[track].intervals`.
    case track(connection: Int, track: Int)
  }

  /// Where the array stands.
  let place: Place
  /// The number of its sources: timeline positions (each gives at most one element), or MOS
  /// intervals.
  let count: Int
  /// The RTP stream whose rows are the elements, when they are one stream's: two series of the
  /// same stream are the same text.
  let stream: Int?
  /// Writes the elements of the sources at offsets `sources` (of `0..<count`) as elements of
  /// the array open in the writer.
  let write: @Sendable (_ sources: Range<Int>, _ writer: inout JSONWriter) -> Void

  /// Writes every element as elements of the array open in `writer`.
  func writeAll(into writer: inout JSONWriter) {
    write(0..<count, &writer)
  }
}

extension IntervalSeries {
  /// The transport's intervals: `{time, roundTripTime, availableOutgoingBitrate,
  /// availableIncomingBitrate}` for each row with a time and a selected candidate pair.
  static func transport(of timeline: Timeline, place: Place) -> IntervalSeries {
    let start = timeline.startIndex
    return IntervalSeries(place: place, count: timeline.count, stream: nil) { offsets, writer in
      for position in (start + offsets.lowerBound)..<(start + offsets.upperBound) {
        let (time, sample) = timeline.transport(at: position)
        guard let time, let sample, sample.selectedCandidatePairID != nil else { continue }
        writer.beginObject()
        writer.member("time", time)
        if let value = sample.roundTripTime { writer.member("roundTripTime", value) }
        if let value = sample.availableOutgoingBitrate { writer.member("availableOutgoingBitrate", value) }
        if let value = sample.availableIncomingBitrate { writer.member("availableIncomingBitrate", value) }
        writer.endObject()
      }
    }
  }

  /// The intervals of RTP stream `index` (a layer, or a track of one stream).
  static func stream(_ index: Int, of timeline: Timeline, place: Place) -> IntervalSeries {
    let start = timeline.startIndex
    let members = AnalysisJSONEncoder.IntervalMembers.shared
    return IntervalSeries(place: place, count: timeline.count, stream: index) { offsets, writer in
      for position in (start + offsets.lowerBound)..<(start + offsets.upperBound) {
        timeline.forEachInterval(ofStream: index, at: position) { row in
          AnalysisJSONEncoder.encodeInterval(row, members: members, into: &writer)
        }
      }
    }
  }

  /// The intervals of `track`: its one stream's rows, or its streams merged per poll.
  static func track(_ track: TrackAnalysis, of timeline: Timeline, place: Place) -> IntervalSeries {
    if track.streamIndices.count == 1 { return stream(track.streamIndices[0], of: timeline, place: place) }
    let start = timeline.startIndex
    let members = timeline.streamIndices(of: track.id)
    return IntervalSeries(place: place, count: timeline.count, stream: nil) { offsets, writer in
      for position in (start + offsets.lowerBound)..<(start + offsets.upperBound) {
        guard let row = timeline.interval(of: track.id, streams: members, at: position) else { continue }
        AnalysisJSONEncoder.encodeInterval(time: row.time, duration: row.duration, into: &writer) {
          row.value(at: $0)
        }
      }
    }
  }

  /// An audio track's MOS intervals: `{time, mos, roundTripTime, jitter, packetLossPercent}`.
  static func mos(_ intervals: [MOSInterval], place: Place) -> IntervalSeries {
    IntervalSeries(place: place, count: intervals.count, stream: nil) { rows, writer in
      for interval in intervals[rows] {
        writer.beginObject()
        writer.member("time", interval.time)
        writer.member("mos", interval.mos)
        writer.member("roundTripTime", interval.roundTripTime)
        writer.member("jitter", interval.jitter)
        writer.member("packetLossPercent", interval.packetLossPercent)
        writer.endObject()
      }
    }
  }

  /// Every interval array of `analysis`, in the order the document writes them: per peer
  /// connection the transport's, then per track its layers' (outbound video), its MOS's (audio
  /// with a score) and its own.
  static func all(of analysis: CallAnalysis) -> [IntervalSeries] {
    var series: [IntervalSeries] = []
    for (connectionIndex, connection) in analysis.peerConnections.enumerated() {
      let timeline = connection.timeline
      series.append(transport(of: timeline, place: .transport(connection: connectionIndex)))
      for (trackIndex, track) in connection.tracks.enumerated() {
        if track.kind == .video && track.direction == .outbound {
          for (layerIndex, layer) in track.layers.enumerated() {
            let place = Place.layer(connection: connectionIndex, track: trackIndex, layer: layerIndex)
            series.append(stream(layer.streamIndex, of: timeline, place: place))
          }
        }
        if track.kind == .audio, let score = connection.audioMOS(of: track.id) {
          series.append(mos(score.intervals, place: .mos(connection: connectionIndex, track: trackIndex)))
        }
        series.append(
          Self.track(track, of: timeline, place: .track(connection: connectionIndex, track: trackIndex)))
      }
    }
    return series
  }

  /// About how many interval rows `analysis` has (rows of the timelines times their streams,
  /// plus the transport's and a MOS series'), without listing them.
  static func estimatedRows(of analysis: CallAnalysis) -> Int {
    analysis.peerConnections.reduce(0) { total, connection in
      total + connection.timeline.count * (connection.timeline.streams.count + 2)
    }
  }
}
