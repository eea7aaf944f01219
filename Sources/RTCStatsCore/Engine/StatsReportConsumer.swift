/// Something that takes what a parser reads from a dump: stats reports, events, and the end.
///
/// Parsers call ``consume(_:peerConnection:)`` once per poll and peer connection, in the order
/// of the dump, and reuse the report's storage afterwards: a consumer copies what it keeps.
/// Events (``consume(event:)``) arrive interleaved with the reports in dump order. A reader
/// calls ``finish()`` once, after the last report or event.
public protocol StatsReportConsumer {
  /// Takes one report of the peer connection named `peerConnection`.
  mutating func consume(_ report: StatsReport, peerConnection: String)
  /// Takes one event; the default ignores it.
  mutating func consume(event: StatsEvent)
  /// Called once when the input ends; the default does nothing.
  mutating func finish()
}

extension StatsReportConsumer {
  /// Ignores the event.
  public mutating func consume(event: StatsEvent) {}
  /// Does nothing.
  public mutating func finish() {}
}
