/// The progress line of a batch on standard error, only when standard error is a terminal:
/// `rtcstats: 120/1000 files, 35.2 MB/s, 3.4 s`, redrawn in place at most ten times a second
/// and cleared at the end (and before any message line, which then stays above it).
///
/// Used from the delivering thread only (``OrderedParallelMap`` delivers one result at a
/// time), so it needs no lock of its own.
final class ProgressLine: @unchecked Sendable {
  private let console: Console
  private let total: Int
  private let start = ContinuousClock.now
  private var lastDraw: ContinuousClock.Instant?
  private var isShown = false
  private var done = 0
  private var bytes = 0

  /// A progress line for `total` files, or `nil` when standard error is not a terminal or
  /// there is a single file.
  init?(console: Console, total: Int) {
    guard total > 1, console.messagesAreTerminal else { return nil }
    self.console = console
    self.total = total
  }

  /// Counts one more file of `bytes` bytes and redraws when the last drawing is old enough.
  func advance(bytes: Int) {
    done += 1
    self.bytes += bytes
    let now = ContinuousClock.now
    if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
    lastDraw = now
    let seconds = Self.seconds(now - start)
    let rate = seconds > 0 ? Double(self.bytes) / 1e6 / seconds : 0
    let text =
      "rtcstats: \(done)/\(total) files, " + HumanUnits.fixed(rate, decimals: 1) + " MB/s, "
      + HumanUnits.fixed(seconds, decimals: 1) + " s"
    console.rawMessage("\r\u{1B}[K" + text)
    isShown = true
  }

  /// Clears the line, if shown; called before a message line and at the end.
  func clear() {
    guard isShown else { return }
    console.rawMessage("\r\u{1B}[K")
    isShown = false
  }

  private static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
