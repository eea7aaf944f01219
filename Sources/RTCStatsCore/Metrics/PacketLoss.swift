/// Packet loss from cumulative RTP counters.
public enum PacketLoss {
  /// Loss in percent, 0–100: lost / (received + lost) · 100.
  ///
  /// Inbound: `packetsLost` and `packetsReceived` of inbound-rtp. Outbound: `packetsLost` of
  /// the remote-inbound-rtp (the receiver's RTCP report), and as received its
  /// `packetsReceived` when reported (Firefox) or else outbound-rtp `packetsSent` −
  /// `retransmittedPacketsSent` − `packetsLost`, the media packets the receiver expected,
  /// with the sent counters of the poll that first showed the receiver report (a report
  /// counts losses up to its arrival, often seconds before the last poll).
  /// `packetsLost` may go negative (duplicates); the result is clamped to 0–100.
  ///
  /// - Returns: `nil` when nothing was expected (received + lost ≤ 0).
  public static func percent(lost: Double, received: Double) -> Double? {
    let expected = received + lost
    guard expected > 0 else { return nil }
    return Swift.min(Swift.max(lost / expected * 100, 0), 100)
  }
}
