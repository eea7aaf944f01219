/// The evidence of one degraded range: the subscriber's symptoms over it and what was found
/// on the segment it is placed on.
///
/// Names are lowerCamelCase; figures in %, fps, bps, counts.
enum RangeEvidence {
  /// The evidence of `states` (one range, placed on `segment`).
  static func evidence(of states: [IntervalState], segment: NetworkSegment, sender: LinkEndpoint) -> Evidence
  {
    var evidence = Evidence()
    evidence.set("intervals", .integer(states.count))
    let freezes = states.reduce(0) { $0 + $1.freezes }
    if freezes > 0 { evidence.set("freezes", .integer(Int(freezes))) }
    add("receivedLossPercent", states.compactMap(\.receivedLossPercent).max(), to: &evidence)
    add("concealmentPercent", states.compactMap(\.concealmentPercent).max(), to: &evidence)
    let seconds = states.reduce(0) { $0 + ($1.end - $1.start) } / 1000
    if seconds > 0 {
      let sent = states.reduce(0) { $0 + $1.sentBytes }
      let received = states.reduce(0) { $0 + $1.receivedBytes }
      if sent > 0 {
        evidence.set("sentBitrate", .integer(Int((sent * 8 / seconds).rounded())))
        evidence.set("receivedBitrate", .integer(Int((received * 8 / seconds).rounded())))
      }
    }
    add("sentFrameRate", mean(states.compactMap(\.sentFrameRate)), to: &evidence)
    add("receivedFrameRate", mean(states.compactMap(\.receivedFrameRate)), to: &evidence)
    switch segment {
    case .publisherUplink:
      add("uplinkLossPercent", states.compactMap(\.uplinkLossPercent).max(), to: &evidence)
      if states.contains(where: \.bandwidthCollapsed) { evidence.set("bandwidthCollapsed", .bool(true)) }
      if states.contains(where: \.reportsStale) { evidence.set("receiverReportsStopped", .bool(true)) }
    case .subscriberDownlink:
      add("downlinkLossPercent", states.compactMap(\.excessLossPercent).max(), to: &evidence)
      evidence.set("otherStreamsLosing", .integer(states.map(\.otherStreamsLosing).max() ?? 0))
      evidence.set("otherStreams", .integer(states.map(\.otherStreams).max() ?? 0))
    case .sfu, .unclear:
      add("uplinkLossPercent", states.compactMap(\.uplinkLossPercent).max(), to: &evidence)
      add("downlinkLossPercent", states.compactMap(\.excessLossPercent).max(), to: &evidence)
    }
    if sender.layers.count > 1 {
      let forwarded = mostCommon(states.map(\.layer))
      let top = mostCommon(states.map(\.topLayer))
      evidence.set("forwardedLayer", .text(layerName(sender, forwarded)))
      evidence.set("largestLayer", .text(layerName(sender, top)))
    }
    return evidence
  }

  /// Adds a figure rounded to one decimal (percent, fps) — bitrates are whole bps.
  private static func add(_ name: String, _ value: Double?, to evidence: inout Evidence) {
    if let value { evidence.set(name, .number((value * 10).rounded() / 10)) }
  }

  private static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }

  private static func mostCommon(_ values: [Int]) -> Int {
    var counts: [Int: Int] = [:]
    for value in values { counts[value, default: 0] += 1 }
    return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? 0
  }

  /// A layer's `rid`, else `layer N`.
  static func layerName(_ sender: LinkEndpoint, _ index: Int) -> String {
    guard sender.layers.indices.contains(index) else { return "layer \(index)" }
    return sender.layers[index].rid ?? "layer \(index)"
  }
}
