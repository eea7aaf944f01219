import RTCStatsCore
import RTCStatsReport

extension DemoCall {
  // MARK: - Outbound video with simulcast layers

  func outboundVideoSection(findings: [FindingItem]) -> ReportSection {
    let shares = [0.07, 0.23, 0.70]
    let heights = [180.0, 360, 720]
    // The top layer stops while the network is congested: a gap in its series, not a zero.
    func layerActive(_ layer: Int, _ index: Int) -> Bool {
      layer < 2 || !timeline.congestion.contains(index)
    }
    func layerBitrate(_ layer: Int, _ index: Int) -> Double? {
      guard layerActive(layer, index) else { return nil }
      let wave = 1 + 0.06 * Double((index * (layer + 3)) % 9 - 4) / 4
      return 2_200_000 * shares[layer] * capacity(index) * wave * (layer < 2 ? 2.2 : 1)
    }
    let total = timeline.series { index in (0..<3).compactMap { layerBitrate($0, index) }.reduce(0, +) }
    let withHeaders = timeline.series { index in
      (0..<3).compactMap { layerBitrate($0, index) }.reduce(0, +) * 1.035 + 14_000
    }
    let resolution = timeline.series { index in
      self.timeline.congestion.contains(index) ? 360 : index < 8 ? 360 : 720
    }
    let fps = timeline.series { index in
      self.timeline.congestion.contains(index) ? 22 : 29.5 + Double(index % 3) * 0.2
    }
    let layers = names.layers.indices.map { layer in
      layerSection(layer, bitrate: timeline.series { layerBitrate(layer, $0) }, height: heights[layer])
    }
    return ReportSection(
      id: AnchorID("track", names.peerConnection, names.outboundVideo), kind: .track,
      title: "outbound video · " + names.videoCodec, subtitle: names.outboundVideo,
      facts: [ReportFact("layers", "3 (simulcast)"), ReportFact("encoder", "libvpx")],
      charts: [
        ChartModel(
          id: chartID("out-video", "bitrate"), title: "Bitrate", unit: .bitsPerSecond,
          series: [
            SeriesModel(label: "bitrate", points: total),
            SeriesModel(label: "totalBitrate", isDashed: true, points: withHeaders),
          ], markers: markers(findings, "limited")),
        ChartModel(
          id: chartID("out-video", "resolution"), title: "Resolution (height)", unit: .pixels,
          series: [SeriesModel(label: "frameHeight", shape: .step, points: resolution)],
          markers: markers(findings, "limited")),
        ChartModel(
          id: chartID("out-video", "fps"), title: "Frame rate", unit: .framesPerSecond,
          series: [SeriesModel(label: "framesPerSecond", points: fps)]),
      ],
      children: layers)
  }

  private func layerSection(_ layer: Int, bitrate: [SeriesPoint], height: Double) -> ReportSection {
    let name = names.layers[layer]
    let resolution = timeline.series { index in
      layer == 2 && self.timeline.congestion.contains(index) ? nil : height
    }
    return ReportSection(
      id: AnchorID("layer", names.peerConnection, name), kind: .layer, title: "layer " + name,
      subtitle: "rid " + name + ", L1T3",
      charts: [
        ChartModel(
          id: chartID("layer-" + name, "bitrate"), title: "Layer " + name + " bitrate", unit: .bitsPerSecond,
          series: [SeriesModel(label: "bitrate", points: bitrate)]),
        ChartModel(
          id: chartID("layer-" + name, "height"), title: "Layer " + name + " resolution", unit: .pixels,
          series: [SeriesModel(label: "frameHeight", shape: .step, points: resolution)]),
      ])
  }

  // MARK: - Inbound video with a freeze and a pause

  func inboundVideoSection(findings: [FindingItem]) -> ReportSection {
    var random = SplitMix64(state: 7)
    let stalled = { (index: Int) in
      self.timeline.freeze.contains(index) || self.timeline.pause.contains(index)
    }
    let bitrate = timeline.series { index in
      stalled(index) ? 18_000 : 1_450_000 * self.capacity(index) * (1 + 0.08 * Double(index % 5 - 2) / 2)
    }
    let fps = timeline.series { index in stalled(index) ? 0 : 29 + Double(index % 4) * 0.3 }
    let loss = (0..<timeline.seconds).map { index in
      SeriesPoint(
        time: timeline.time(index),
        value: timeline.pollingGap.contains(index)
          ? nil : timeline.congestion.contains(index) ? 6 + random.jitter(4) : max(0, random.jitter(0.4)))
    }
    let jitter = timeline.series { index in
      (self.timeline.congestion.contains(index) ? 34 : 9) + Double((index * 7) % 5)
    }
    let intervals = [
      timeline.interval(timeline.freeze, kind: .freeze, label: "freeze 2.0 s"),
      timeline.interval(timeline.pause, kind: .pause, label: "pause (sender muted)"),
    ]
    let lossMarkers = markers(findings, "loss")
    return ReportSection(
      id: AnchorID("track", names.peerConnection, names.inboundVideo), kind: .track,
      title: "inbound video · " + names.videoCodec, subtitle: names.inboundVideo,
      facts: [ReportFact("freezes", "1 (2.0 s)"), ReportFact("pauses", "1")],
      charts: [
        ChartModel(
          id: chartID("in-video", "bitrate"), title: "Bitrate", unit: .bitsPerSecond,
          series: [SeriesModel(label: "bitrate", points: bitrate)], intervals: intervals, markers: lossMarkers
        ),
        ChartModel(
          id: chartID("in-video", "fps"), title: "Frame rate", unit: .framesPerSecond,
          series: [SeriesModel(label: "framesDecoded/s", points: fps)], intervals: intervals,
          markers: markers(findings, "freeze")),
        ChartModel(
          id: chartID("in-video", "loss"), title: "Packet loss", unit: .percent,
          series: [SeriesModel(label: "packetLossPercent", points: loss)], markers: lossMarkers),
        ChartModel(
          id: chartID("in-video", "jitter"), title: "Jitter", unit: .milliseconds,
          series: [SeriesModel(label: "jitter", points: jitter)]),
      ])
  }

  // MARK: - Audio

  func audioSection(outbound: Bool) -> ReportSection {
    let identifier = outbound ? names.outboundAudio : names.inboundAudio
    let scope = outbound ? "out-audio" : "in-audio"
    let bitrate = timeline.series { index in 32_000 + Double((index * 13) % 7) * 900 }
    let level = timeline.series { index in 0.05 + 0.2 * Double((index * 31) % 17) / 17 }
    var charts = [
      ChartModel(
        id: chartID(scope, "bitrate"), title: "Bitrate", unit: .bitsPerSecond,
        series: [SeriesModel(label: "bitrate", points: bitrate)]),
      ChartModel(
        id: chartID(scope, "level"), title: "Audio level", unit: .ratio,
        series: [SeriesModel(label: "audioLevel", points: level)], valueRange: 0...1),
    ]
    if !outbound {
      let concealment = timeline.series { index in self.timeline.congestion.contains(index) ? 7.5 : 0.2 }
      charts.append(
        ChartModel(
          id: chartID(scope, "concealment"), title: "Concealment", unit: .percent,
          series: [SeriesModel(label: "concealedSamples", points: concealment)]))
    }
    return ReportSection(
      id: AnchorID("track", names.peerConnection, identifier), kind: .track,
      title: (outbound ? "outbound" : "inbound") + " audio · " + names.audioCodec, subtitle: identifier,
      charts: charts)
  }

  // MARK: - Table

  func tracksTable() -> TableModel {
    let columns = [
      TableColumn("track"), TableColumn("codec"), TableColumn("bitrate", alignment: .trailing),
      TableColumn("+headers", alignment: .trailing), TableColumn("lost", alignment: .trailing),
      TableColumn("jitter", alignment: .trailing), TableColumn("fps", alignment: .trailing),
      TableColumn("resolution", alignment: .trailing), TableColumn("freezes", alignment: .trailing),
      TableColumn("worst"),
    ]
    let pc = names.peerConnection
    func link(_ title: String, _ identifier: String) -> TableCell {
      .link(title, AnchorID("track", pc, identifier))
    }
    var rows = [
      TableRow([
        link("out video", names.outboundVideo), .text(names.videoCodec), .value(1_912_345, .bitsPerSecond),
        .value(1_990_102, .bitsPerSecond), .text("0 (0.00%)"), .value(8.7, .milliseconds),
        .value(27.4, .framesPerSecond), .text("1280x720"), .empty, .severity(.warning),
      ])
    ]
    for (index, layer) in names.layers.enumerated() {
      rows.append(
        TableRow(
          [
            .link("layer " + layer, AnchorID("layer", pc, layer)), .text(names.videoCodec),
            .value([152_000, 505_000, 1_255_345][index], .bitsPerSecond), .empty, .empty, .empty,
            .value([15, 22.9, 26.7][index], .framesPerSecond),
            .text(["320x180", "640x360", "1280x720"][index]),
          ], isNested: true))
    }
    rows += [
      TableRow([
        link("in video", names.inboundVideo), .text(names.videoCodec), .value(1_301_000, .bitsPerSecond),
        .value(1_350_000, .bitsPerSecond), .text("812 (1.71%)"), .value(11.2, .milliseconds),
        .value(26.1, .framesPerSecond), .text("1280x720"), .value(1, .count), .severity(.critical),
      ]),
      TableRow([
        link("in audio", names.inboundAudio), .text(names.audioCodec), .value(34_100, .bitsPerSecond),
        .value(48_000, .bitsPerSecond), .text("31 (0.35%)"), .value(4.1, .milliseconds), .empty, .empty,
        .empty, .severity(.info),
      ]),
      TableRow([
        link("out audio", names.outboundAudio), .text(names.audioCodec), .value(33_900, .bitsPerSecond),
        .value(nil, .bitsPerSecond),
      ]),
    ]
    return TableModel(caption: "Tracks (means over the call)", columns: columns, rows: rows)
  }
}
