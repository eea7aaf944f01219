/// Path conditions read from the dumps' timelines: the default ``NetworkConditionSource``.
///
/// - Uplink loss = Δ`remote-inbound-rtp.packetsLost` / Δ(media packets sent when the reports
///   were taken) · 100 over the range, summed over the sender's layers, when the reports cover
///   ``CallThresholds/minimumReportedPackets``; over a shorter range (one poll), the largest
///   `fractionLost` · 100 reported in it. At most 100.
/// - Stale reports: no new receiver report for ``CallThresholds/staleReports`` up to the
///   range's end while the layer kept sending.
/// - Bandwidth collapse: the sender connection's `availableOutgoingBitrate` in the range fell
///   below ``CallThresholds/bandwidthCollapse`` of its median over the call.
/// - Uplink round-trip time: the mean `remote-inbound-rtp.roundTripTime` in the range.
/// - Downlink loss = Δ`packetsLost` / (Δ`packetsReceived` + Δ`packetsLost`) · 100.
public struct TimelineConditions: NetworkConditionSource {
  private var timelines: [EndpointKey: Timeline] = [:]
  private var medians: [EndpointKey: Double] = [:]
  private let thresholds: CallThresholds

  private struct EndpointKey: Hashable {
    var dump: Int
    var peerConnection: String
  }

  /// Conditions of `dumps`.
  public init(dumps: [CallDump], thresholds: CallThresholds = CallThresholds()) {
    self.thresholds = thresholds
    for (index, dump) in dumps.enumerated() {
      for connection in dump.analysis.peerConnections {
        let key = EndpointKey(dump: index, peerConnection: connection.id)
        timelines[key] = connection.timeline
        let estimates = connection.timeline.compactMap { $0.transport?.availableOutgoingBitrate }.sorted()
        if !estimates.isEmpty { medians[key] = estimates[estimates.count / 2] }
      }
    }
  }

  /// The publisher-uplink condition of `sender` between `from` and `to` (seconds on its own clock): remote-inbound loss, RTT and whether the reports went stale.
  public func uplink(of sender: LinkEndpoint, from: Double, to: Double) -> PathCondition {
    var lost = 0.0
    var reported = 0.0
    var fraction: Double?
    var roundTrips: [Double] = []
    var stale = false
    for layer in sender.layers {
      let series = layer.series
      guard let end = series.sample(at: to) else { continue }
      let start = series.sample(at: from) ?? series.samples.first
      lost += end.packetsLost - (start?.packetsLost ?? 0)
      reported += end.reportedPackets - (start?.reportedPackets ?? 0)
      for sample in series.samples where sample.time > from && sample.time <= to {
        if let value = sample.fractionLost { fraction = max(fraction ?? value, value) }
        if let value = sample.roundTripTime { roundTrips.append(value * 1000) }
      }
      if let earlier = series.sample(at: to - thresholds.staleReports), earlier.receiverReports > 0,
        end.receiverReports == earlier.receiverReports, end.bytes > earlier.bytes
      {
        stale = true
      }
    }
    let ratio = reported > 0 ? max(lost, 0) / reported * 100 : nil
    let loss = reported >= thresholds.minimumReportedPackets ? ratio : (fraction.map { $0 * 100 } ?? ratio)
    let key = EndpointKey(dump: sender.reference.dump, peerConnection: sender.reference.peerConnection)
    var lowest: Double?
    if let timeline = timelines[key] {
      for row in timeline {
        guard let time = row.time, time > from, time <= to,
          let value = row.transport?.availableOutgoingBitrate
        else { continue }
        lowest = min(lowest ?? value, value)
      }
    }
    var collapsed = false
    if let lowest, let median = medians[key] { collapsed = lowest < thresholds.bandwidthCollapse * median }
    return PathCondition(
      lossPercent: loss.map { min($0, 100) }, bandwidthCollapsed: collapsed, availableBitrate: lowest,
      roundTripTime: roundTrips.isEmpty ? nil : roundTrips.reduce(0, +) / Double(roundTrips.count),
      reportsStale: stale)
  }

  /// The subscriber-downlink condition of `receiver` between `from` and `to` (seconds on its own clock): interval loss and jitter of its streams.
  public func downlink(of receiver: LinkEndpoint, from: Double, to: Double) -> PathCondition {
    let series = receiver.series
    guard let end = series.sample(at: to) else { return PathCondition() }
    let start = series.sample(at: from) ?? series.samples.first
    let lost = end.packetsLost - (start?.packetsLost ?? 0)
    let received = end.packets - (start?.packets ?? 0)
    let total = received + max(lost, 0)
    return PathCondition(lossPercent: total > 0 ? max(lost, 0) / total * 100 : nil)
  }
}
