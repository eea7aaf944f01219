import RTCStatsCore
import RTCStatsFormats
import Synchronization

/// Time spent per phase, for `--timing`.
struct PhaseTimes: Sendable {
  var read: Duration = .zero
  var parse: Duration = .zero
  var metrics: Duration = .zero
  var output: Duration = .zero
  var bytes = 0

  static func + (lhs: PhaseTimes, rhs: PhaseTimes) -> PhaseTimes {
    PhaseTimes(
      read: lhs.read + rhs.read, parse: lhs.parse + rhs.parse, metrics: lhs.metrics + rhs.metrics,
      output: lhs.output + rhs.output, bytes: lhs.bytes + rhs.bytes)
  }

  /// `timing: read 0.012 s, parse 0.180 s, metrics 0.020 s, output 0.004 s, total … (… MB/s)`.
  func summary(wall: Duration) -> String {
    func seconds(_ duration: Duration) -> String {
      let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
      return HumanUnits.fixed(value, decimals: 3) + " s"
    }
    let wallSeconds =
      Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    let rate = wallSeconds > 0 ? Double(bytes) / 1e6 / wallSeconds : 0
    return "timing: read \(seconds(read)), parse \(seconds(parse)), metrics \(seconds(metrics)), "
      + "output \(seconds(output)); wall \(seconds(wall)) for \(HumanUnits.bytes(bytes)) "
      + "(\(HumanUnits.fixed(rate, decimals: 1)) MB/s)"
  }
}

/// A byte source that adds the time spent in `read` to a shared total.
struct TimedByteSource<Base: ByteSource>: ByteSource {
  /// Shared, so that the total survives the source being wrapped by copies.
  final class Stopwatch {
    var elapsed: Duration = .zero
  }

  var base: Base
  let stopwatch = Stopwatch()

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    let start = ContinuousClock.now
    defer { stopwatch.elapsed += ContinuousClock.now - start }
    return try base.read(into: buffer)
  }

  mutating func mapWholeStream() -> MappedFile? {
    let start = ContinuousClock.now
    defer { stopwatch.elapsed += ContinuousClock.now - start }
    return base.mapWholeStream()
  }
}

/// A consumer that adds the time the engine spends on each report to a total.
struct TimedConsumer: StatsReportConsumer {
  var analyzer: CallAnalyzer
  var elapsed: Duration = .zero
  /// Events consumed.
  private(set) var eventCount = 0

  init(analyzer: CallAnalyzer, elapsed: Duration = .zero, eventCount: Int = 0) {
    self.analyzer = analyzer
    self.elapsed = elapsed
    self.eventCount = eventCount
  }

  mutating func consume(_ report: StatsReport, peerConnection: String) {
    let start = ContinuousClock.now
    analyzer.consume(report, peerConnection: peerConnection)
    elapsed += ContinuousClock.now - start
  }

  mutating func consume(event: StatsEvent) {
    eventCount += 1
    analyzer.consume(event: event)
  }

  mutating func finish() {
    analyzer.finish()
  }
}
