import RTCStatsCore

/// The consumer ``DumpReader`` puts between a dialect parser and the caller's consumer:
/// it makes every report modern W3C before Core sees it, counts the events, and forwards
/// everything in order.
///
/// Today's step is ``LegacyTrackMerge`` (Chrome ≤ M100 `track` objects); the other
/// normalisations (µs → ms, pre-standard type names, inferred types) happen while decoding.
struct NormalisingConsumer<Base: StatsReportConsumer>: StatsReportConsumer {
  /// The caller's consumer.
  var base: Base
  /// Events forwarded.
  private(set) var eventCount = 0
  private var tracks = LegacyTrackMerge()

  init(_ base: Base) {
    self.base = base
  }

  mutating func consume(_ report: StatsReport, peerConnection: String) {
    if let merged = tracks.merged(report, peerConnection: peerConnection) {
      base.consume(merged, peerConnection: peerConnection)
    } else {
      base.consume(report, peerConnection: peerConnection)
    }
  }

  mutating func consume(event: StatsEvent) {
    eventCount += 1
    base.consume(event: event)
  }

  mutating func finish() {
    base.finish()
  }

  mutating func spareReport() -> StatsReport? {
    base.spareReport()
  }
}
