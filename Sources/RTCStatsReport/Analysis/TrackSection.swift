import RTCStatsCore

/// The section of one track: on the shared time axis its bitrate (and with headers), its
/// layers' bitrate and resolution, frame rate, resolution steps, loss, jitter, RTT and, for
/// received audio, MOS; freezes and pauses shaded, its findings marked.
struct TrackSection {
  /// Keeps the anchors of several dumps on one page apart.
  let scope: String
  /// The dump's findings, for the markers.
  let findings: FindingMapping
  /// The connection's drawn series.
  let series: ConnectionSeries
  /// The connection, for its timeline's streams and MOS.
  let connection: PeerConnectionAnalysis

  /// The section of `track`.
  func section(_ track: TrackAnalysis) -> ReportSection {
    let id = AnchorID(track: track.id, scope: scope)
    let drawn = series.tracks[track.id] ?? TrackSeries()
    let markers = findings.markers(track: track.id)
    let isVideo = track.kind == .video
    func chart(
      _ name: String, _ title: String, _ unit: ValueUnit, _ lines: [SeriesModel], shaded: Bool = false,
      range: ClosedRange<Double>? = nil
    ) -> ChartModel {
      ChartModel(
        id: AnchorID(chart: name, in: id), title: title, unit: unit, series: lines,
        intervals: shaded ? drawn.intervals : [], markers: markers, valueRange: range)
    }
    var charts = [
      chart(
        "bitrate", "Bitrate", .bitsPerSecond,
        [
          SeriesModel(label: "bitrate", points: drawn.series("bitrate")),
          SeriesModel(label: "with headers", isDashed: true, points: drawn.series("totalBitrate")),
        ], shaded: true)
    ]
    let layers = shownLayers(track)
    if !layers.isEmpty {
      charts.append(
        chart(
          "layer-bitrate", "Layer bitrate", .bitsPerSecond,
          layers.map {
            SeriesModel(label: $0.name, points: series.layers[$0.layer.streamIndex]?.bitrate ?? [])
          }))
    }
    if isVideo {
      charts.append(
        chart(
          "fps", "Frame rate", .framesPerSecond,
          [SeriesModel(label: "frames per second", points: drawn.series("frameRate"))], shaded: true))
      var heights = [SeriesModel(label: "height", shape: .step, points: drawn.series("height"))]
      heights += layers.map {
        SeriesModel(
          label: $0.name, shape: .step, isDashed: true,
          points: series.layers[$0.layer.streamIndex]?.height ?? [])
      }
      charts.append(chart("resolution", "Resolution (frame height)", .pixels, heights))
    }
    charts.append(
      chart(
        "loss", "Packet loss", .percent, [SeriesModel(label: "lost", points: drawn.series("lossPercent"))]))
    charts.append(
      chart("jitter", "Jitter", .milliseconds, [SeriesModel(label: "jitter", points: drawn.series("jitter"))])
    )
    charts.append(
      chart(
        "rtt", "Round-trip time (receiver reports)", .milliseconds,
        [SeriesModel(label: "roundTripTime", points: drawn.series("roundTripTime"))]))
    if let mos = connection.audioMOS(of: track.id), !mos.intervals.isEmpty {
      let points = mos.intervals.map { SeriesPoint(time: $0.time, value: $0.mos) }
      charts.append(
        chart("mos", "MOS (estimated)", .count, [SeriesModel(label: "MOS", points: points)], range: 1...5))
    }
    return ReportSection(
      id: id, kind: .track, title: title(track), subtitle: track.trackIdentifier ?? track.id.group.key,
      facts: facts(track), charts: charts.filter(\.hasData))
  }

  /// `outbound video · VP8`.
  private func title(_ track: TrackAnalysis) -> String {
    var title = track.direction.rawValue + " " + track.kind.rawValue
    if let codec = track.codec { title += " · " + codec }
    return title
  }

  private func facts(_ track: TrackAnalysis) -> [ReportFact] {
    var facts: [ReportFact] = []
    if !track.ssrcs.isEmpty {
      facts.append(ReportFact("SSRC", track.ssrcs.map { String($0) }.joined(separator: ", ")))
    }
    if let mid = track.mid { facts.append(ReportFact("mid", mid)) }
    if let encoder = track.encoderImplementation { facts.append(ReportFact("encoder", encoder)) }
    if let decoder = track.decoderImplementation { facts.append(ReportFact("decoder", decoder)) }
    if let mos = connection.audioMOS(of: track.id)?.mos {
      facts.append(ReportFact("MOS", DecimalFormat.fixed(mos.mean, decimals: 2) + " mean"))
    }
    if track.layers.count > 1 { facts.append(ReportFact("layers", String(track.layers.count))) }
    return facts
  }

  /// The layers drawn as their own series: those the table lists under the track.
  private func shownLayers(_ track: TrackAnalysis) -> [(name: String, layer: LayerAnalysis)] {
    let shown = track.layers.filter { _ in
      track.layers.count > 1 || (track.layers.first?.scalabilityMode ?? "L1T1") != "L1T1"
    }
    guard shown.count > 1 else { return [] }
    return shown.map { layer in
      let name = layer.rid.map { "layer " + $0 } ?? layer.encodingIndex.map { "layer #\($0)" } ?? "layer"
      return (name, layer)
    }
  }
}
