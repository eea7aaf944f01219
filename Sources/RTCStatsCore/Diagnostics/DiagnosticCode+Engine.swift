extension DiagnosticCode {
  /// Samples older than the previous sample of the same stats object were skipped.
  public static let skippedSamples = DiagnosticCode(
    "skippedSamples",
    template:
      "skipped {count} samples not newer than the previous sample of the same stats object (out-of-order or repeated lines)"
  )

  /// Counters went backwards or SSRCs changed behind one stats id; new segments started.
  public static let counterResets = DiagnosticCode(
    "counterResets",
    template: "{count} counter resets or SSRC changes: those tracks continue in new segments")

  /// More events than the analyzer keeps.
  public static let eventsDropped = DiagnosticCode(
    "eventsDropped", template: "{count} events beyond the first {limit} were not kept", severity: .info)

  /// Counter values no real stream reports (negative, beyond 2⁵³, a jump past 100 Gbit/s) were
  /// dropped.
  public static let impossibleCounterValues = DiagnosticCode(
    "impossibleCounterValues",
    template:
      "dropped {count} impossible counter values (negative, beyond 2^53 or a jump past 100 Gbit/s; first: {member})"
  )

  /// Timestamps are not epoch milliseconds: dates are unknown, durations still right.
  public static let relativeTimestamps = DiagnosticCode(
    "relativeTimestamps",
    template:
      "{peerConnection}: timestamps are not epoch milliseconds (relative performance.now() values?); dates are unknown"
  )

  /// Every report of a connection has the same timestamp: no rate can be computed.
  public static let constantTimestamps = DiagnosticCode(
    "constantTimestamps",
    template:
      "{peerConnection}: all {count} reports have the same timestamp ({time}); rates and durations are unknown"
  )

  /// More RTP streams or referenced objects in one connection than the engine keeps.
  public static let tooManyObjects = DiagnosticCode(
    "tooManyObjects",
    template: "{peerConnection}: more than {limit} {what}; the rest were ignored (not a real call?)",
    severity: .critical)
}
