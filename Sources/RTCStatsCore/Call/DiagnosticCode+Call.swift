extension DiagnosticCode {
  /// A link lost quality on its publisher's uplink.
  public static let callPublisherUplink = DiagnosticCode(
    "callPublisherUplink",
    template:
      "{kind} of {publisher}: loss on the publisher's uplink (up to {uplinkLossPercent}%) reached {subscriber} for {seconds} s ({freezes} freezes, {receivedLossPercent}% lost, {concealmentPercent}% concealed)"
  )

  /// A link lost quality while its publisher's uplink failed without loss: its bandwidth
  /// estimate collapsed or its receiver reports stopped.
  public static let callPublisherUplinkOutage = DiagnosticCode(
    "callPublisherUplinkOutage",
    template:
      "{kind} of {publisher}: the publisher's uplink failed (bandwidth estimate collapsed or receiver reports stopped) and {subscriber} lost quality for {seconds} s"
  )

  /// A link lost quality on its subscriber's downlink.
  public static let callSubscriberDownlink = DiagnosticCode(
    "callSubscriberDownlink",
    template:
      "{kind} of {publisher}: {subscriber} lost up to {downlinkLossPercent}% on its downlink for {seconds} s while the publisher's uplink was clean; {otherStreamsLosing} of its {otherStreams} other streams lost packets at the same time"
  )

  /// An SFU forwarded a lower simulcast layer than was sent.
  public static let callForwardedLayer = DiagnosticCode(
    "callForwardedLayer",
    template:
      "{kind} of {publisher}: the SFU forwarded layer {forwardedLayer} to {subscriber} for {seconds} s while {largestLayer} was sent",
    severity: .info)

  /// An SFU delivered less than was sent with both ends' paths clean.
  public static let callSFUShortfall = DiagnosticCode(
    "callSFUShortfall",
    template:
      "{kind} of {publisher}: {subscriber} received less than was sent for {seconds} s with clean uplink and downlink ({receivedBitrate} of {sentBitrate} bps)"
  )

  /// A link lost quality that no segment explains.
  public static let callUnclearDegradation = DiagnosticCode(
    "callUnclearDegradation",
    template: "{kind} of {publisher}: {subscriber} lost quality for {seconds} s that no segment explains",
    severity: .info)

  /// Streams that no stream of another dump is linked with.
  public static let callUnlinkedStreams = DiagnosticCode(
    "callUnlinkedStreams",
    template: "{count} streams are linked to no stream of the other dumps ({ambiguous} of them ambiguous)",
    severity: .info)
}
