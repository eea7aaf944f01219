extension DiagnosticCode {
  /// Samples older than the previous sample of the same stats object were skipped.
  public static let skippedSamples = DiagnosticCode(
    "skippedSamples",
    template:
      "skipped {count} samples not newer than the previous sample of the same stats object (out-of-order or repeated lines)",
    severity: .info)

  /// Counters went backwards or SSRCs changed behind one stats id; new segments started.
  public static let counterResets = DiagnosticCode(
    "counterResets",
    template: "{count} counter resets or SSRC changes: those tracks continue in new segments",
    severity: .info)

  /// More events than the analyzer keeps.
  public static let eventsDropped = DiagnosticCode(
    "eventsDropped", template: "{count} events beyond the first {limit} were not kept", severity: .info)
}
