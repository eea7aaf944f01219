/// Something that takes stats reports as a parser produces them: the metric engine
/// (``CallAnalyzer``), or a tool that only counts what a dump holds.
///
/// Parsers call ``consume(_:peerConnection:)`` once per poll and peer connection, in the
/// order of the dump, and reuse the report's storage afterwards: a consumer copies what it
/// keeps.
public protocol StatsReportConsumer {
  /// Takes one report of the peer connection named `peerConnection`.
  mutating func consume(_ report: StatsReport, peerConnection: String)
}
