/// One getStats snapshot of a peer connection, as fed to a ``LiveStatsSequence``.
public struct LiveSnapshot: Sendable {
  /// The stats objects.
  public var report: StatsReport
  /// The peer connection.
  public var peerConnection: String

  /// A snapshot of `peerConnection`.
  public init(report: StatsReport, peerConnection: String = "PC_0") {
    self.report = report
    self.peerConnection = peerConnection
  }
}

/// An `AsyncSequence` of ``LiveStats`` over an `AsyncSequence` of snapshots: each snapshot
/// the base yields is analysed by one ``LiveAnalyzer`` and becomes one element.
///
///     let (stats, input) = LiveStatsSequence.makeStream(bufferingNewest: 16)
///     Task { for await snapshot in mySnapshots { input.yield(snapshot) }; input.finish() }
///     for try await interval in stats { show(interval.subscriberVideo) }
///
/// Buffer policy: the sequence itself buffers nothing. A snapshot is pulled from the base and
/// analysed only when the consumer asks for the next element, so a slow consumer slows the
/// analysis and what happens to snapshots produced meanwhile is the base's policy. With
/// ``makeStream(options:bufferingNewest:)`` the newest `limit` snapshots wait and older ones
/// are dropped. Dropping a snapshot never falsifies the figures: counters are cumulative in
/// getStats, so the next snapshot's interval spans the gap (one longer interval) and the
/// totals stay exact; only the resolution in time is lost.
public struct LiveStatsSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == LiveSnapshot {
  /// The elements: one interval's stats per snapshot.
  public typealias Element = LiveStats

  private let base: Base
  private let options: LiveOptions

  /// The stats of the snapshots `base` yields, analysed with `options`.
  public init(_ base: Base, options: LiveOptions = LiveOptions()) {
    self.base = base
    self.options = options
  }

  /// An iterator with its own analyzer.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), analyzer: LiveAnalyzer(options: options))
  }

  /// Pulls a snapshot, analyses it, returns its stats.
  public struct Iterator: AsyncIteratorProtocol {
    private var base: Base.AsyncIterator
    /// The analyzer, with everything fed so far (``LiveAnalyzer/summary()`` at any time).
    public private(set) var analyzer: LiveAnalyzer

    init(base: Base.AsyncIterator, analyzer: LiveAnalyzer) {
      self.base = base
      self.analyzer = analyzer
    }

    /// The next snapshot's stats, or `nil` when the base ends.
    ///
    /// - Throws: What the base throws.
    public mutating func next() async throws -> LiveStats? {
      guard let snapshot = try await base.next() else { return nil }
      return analyzer.add(snapshot.report, peerConnection: snapshot.peerConnection)
    }
  }
}

extension LiveStatsSequence: Sendable where Base: Sendable {}

extension LiveStatsSequence where Base == AsyncStream<LiveSnapshot> {
  /// A sequence fed through a continuation: `input.yield(snapshot)` from any task or callback
  /// (never blocks), `input.finish()` at the end of the call.
  ///
  /// - Parameters:
  ///   - options: The analyzer's options.
  ///   - limit: Snapshots kept while the consumer is busy; when more arrive the oldest
  ///     waiting ones are dropped (see the buffer policy above: intervals merge, totals stay
  ///     exact).
  /// - Returns: The sequence of stats, and the continuation that feeds it snapshots.
  public static func makeStream(options: LiveOptions = LiveOptions(), bufferingNewest limit: Int = 16) -> (
    stats: LiveStatsSequence<AsyncStream<LiveSnapshot>>, input: AsyncStream<LiveSnapshot>.Continuation
  ) {
    let (stream, continuation) = AsyncStream.makeStream(
      of: LiveSnapshot.self, bufferingPolicy: .bufferingNewest(Swift.max(limit, 1)))
    return (LiveStatsSequence(stream, options: options), continuation)
  }
}
