extension MetricDescriptor {
  /// Packet loss, 0–100: lost / (received + lost) · 100.
  ///
  /// Over the call, inbound: `packetsLost` / (`packetsReceived` + `packetsLost`). Outbound, from
  /// the receiver's reports: `remote-inbound-rtp.packetsReceived` as received when every report
  /// has it (Firefox), else the media packets sent (`packetsSent` − `retransmittedPacketsSent`)
  /// at the poll that first showed each report, minus the lost ones (a report counts losses up
  /// to its arrival), else the last `packetsSent` − `retransmittedPacketsSent` − lost.
  /// Per interval: ΔpacketsLost / (ΔpacketsReceived + ΔpacketsLost) inbound, `fractionLost` · 100
  /// outbound. A track's interval loss is its worst layer's.
  public static let packetLossPercent = MetricDescriptor(
    name: "packetLossPercent", unit: .percent,
    inputs: [
      "packetsLost", "packetsReceived", "remote-inbound-rtp.packetsReceived",
      "remote-inbound-rtp.fractionLost", "packetsSent", "retransmittedPacketsSent",
    ],
    formula:
      "lost / (received + lost) · 100 over the call; inbound received = `packetsReceived`; outbound received = `remote-inbound-rtp.packetsReceived` when reported, else `packetsSent` − `retransmittedPacketsSent` − lost. Per interval: Δlost/(Δreceived+Δlost) inbound, `fractionLost`·100 outbound",
    scope: .all, merge: .maximum, summary: .custom(PacketLoss.callPercent), precision: .single,
    isCSVColumn: true
  ) { row, direction, _ in
    switch direction {
    case .inbound:
      guard let lost = row.delta(.packetsLost), let received = row.delta(.packets) else { return nil }
      return PacketLoss.percent(lost: lost, received: received)
    case .outbound:
      return row[.remoteFractionLost].map { $0 * 100 }
    }
  }
}
