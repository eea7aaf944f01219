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
  /// A report the consumer is done with, for the parser to fill again instead of a fresh
  /// one; `nil` (the default) when it has none.
  ///
  /// A consumer that hands reports to another thread (``consume(_:peerConnection:)`` keeps
  /// them in a batch) gives their storage back this way: the parser's next report is then
  /// written into memory that is mapped and warm, not into fresh allocations that the
  /// other thread reads from main memory. The report may hold anything; parsers empty it.
  mutating func spareReport() -> StatsReport?
}

extension StatsReportConsumer {
  /// Ignores the event.
  public mutating func consume(event: StatsEvent) {}
  /// Does nothing.
  public mutating func finish() {}
  /// Has none.
  public mutating func spareReport() -> StatsReport? { nil }
}
