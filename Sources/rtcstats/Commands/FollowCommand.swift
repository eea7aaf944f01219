import RTCStatsCore
import RTCStatsFormats

/// `rtcstats follow FILE|-`: reads a growing JSON-lines getStats log as it is written and
/// prints one line per interval (readable, or NDJSON) as soon as each snapshot is complete.
///
/// Every line is decoded on its own (``LiveSnapshotAnalyzer``): the format is known from the
/// first complete line, never from a window of bytes. A snapshot (any getStats shape, an app
/// wrapper, libwebrtc's native JSON) is one interval; stats objects logged one per line are
/// gathered until an id repeats or no line came for ``flushDelay`` ms. A damaged line is
/// skipped with one stderr line; the log is followed until interrupted (a file) or until it
/// ends (`-`).
struct FollowCommand {
  /// Options.
  var options: FollowOptions
  /// Output and messages.
  var console: Console

  /// Gathered one-object-per-line polls are analysed after this long without a line, ms.
  static let flushDelay = 250
  /// How often a file at its end is checked for growth, ms.
  static let pollInterval = 10

  /// Runs the command: 0 when standard input ended, 66 when the file cannot be read, 65 when
  /// a line is too long, 74 when the output cannot be written.
  func run() -> ExitStatus {
    guard let thresholds = ThresholdsFile.table(options.thresholdsPath, console: console) else {
      return .usage
    }
    let name = TerminalText.escaped(options.input)
    var follower: LineFollower
    switch LineFollower.open(options.input) {
    case .success(let opened): follower = opened
    case .failure(let error):
      console.error("rtcstats: \(name): \(error)")
      return .noInput
    }
    let since: Double? =
      switch options.since {
      case .absolute(let time): time
      case .beforeStart(let milliseconds): System.wallClockMilliseconds() - milliseconds
      case nil: nil
      }
    var live = LiveSnapshotAnalyzer(options: LiveOptions(thresholds: thresholds))
    var lineNumber = 0
    var idle = 0
    while true {
      let wait = options.input == "-" ? Self.flushDelay : Self.pollInterval
      switch follower.next(waitingAtMost: wait) {
      case .lines(let lines):
        idle = 0
        for line in lines {
          lineNumber += 1
          read(line, number: lineNumber, into: &live, name: name, since: since)
        }
      case .idle:
        idle += wait
        if idle >= Self.flushDelay, let stats = live.flush() { write(stats, since: since) }
      case .restarted(let reason):
        console.warning("rtcstats: \(name): \(reason)")
        lineNumber = 0
      case .end:
        if let stats = live.flush() { write(stats, since: since) }
        return .success
      case .failure(let error):
        console.error("rtcstats: \(name): \(error)")
        return .noInput
      case .lineTooLong:
        console.error(
          "rtcstats: \(name):\(lineNumber + 1): a line is longer than \(LineFollower.lineLimit) bytes")
        return .dataError
      }
      if console.outputFailed { return console.outputClosed ? .success : .ioError }
    }
  }

  /// Decodes one line and prints the intervals it completes; a damaged line is reported.
  private func read(
    _ line: [UInt8], number: Int, into live: inout LiveSnapshotAnalyzer, name: String, since: Double?
  ) {
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
    let outcome = line.withUnsafeBytes { bytes -> Result<[LiveStats], DumpError> in
      do throws(DumpError) {
        return .success(try live.addLine(bytes))
      } catch {
        return .failure(error)
      }
    }
    switch outcome {
    case .success(let completed):
      for stats in completed { write(stats, since: since) }
    case .failure(let error):
      console.warning("rtcstats: \(name):\(number): line skipped: \(TerminalText.escaped(error.message))")
    }
  }

  private func write(_ stats: LiveStats, since: Double?) {
    if let since, (stats.timestamp ?? 0) < since { return }
    switch options.format {
    case .ndjson: console.write(LiveStatsJSON.line(stats))
    default: console.write(LiveStatsLine.text(stats))
    }
  }
}
