import RTCStatsCore
import RTCStatsFormats
import Synchronization

/// `rtcstats inspect`: what a dump holds — dialect, browser, peer connections with their
/// duration and report count, stats types and counts, truncation and clock warnings; and,
/// for every dump it recognises, with or without stats, the getUserMedia and
/// getDisplayMedia calls and the peer connections known only from their events.
struct InspectCommand {
  var options: InspectOptions
  var console: Console

  struct Inspection: Sendable {
    var path: String
    var outcome: Result<(info: DumpInfo, inventory: StatsInventory), DumpError>

    /// The exit status the input contributes: a file that is not a dump (skipped) is none,
    /// as in `analyze`.
    var status: ExitStatus {
      guard case .failure(let error) = outcome, !error.isNotADump else { return .success }
      return error.category == .input ? .noInput : .dataError
    }
  }

  /// Inspects every input, in parallel, and writes the results in input order.
  func run() -> ExitStatus {
    let (files, isSingleFile) = InputCollector.collect(options.inputs, excluding: console.outputFile)
    let wrapsInArray = options.format == .json && !isSingleFile
    if wrapsInArray { console.write("[") }
    let status = Mutex(ExitStatus.success)
    let format = options.format
    let console = self.console
    let namesSkipped = options.isVerbose || isSingleFile
    OrderedParallelMap.run(
      count: files.count, jobs: options.jobs ?? System.processorCount,
      isCancelled: { console.outputClosed },
      work: { index in Self.inspect(files[index]) },
      deliver: { index, inspection in
        if case .failure(let error) = inspection.outcome {
          if !error.isNotADump {
            console.error(AnalyzeCommand.errorLine(path: inspection.path, error: error))
          } else if namesSkipped {
            console.warning(
              "rtcstats: \(AnalyzeCommand.displayName(inspection.path)): skipped: \(error.message)")
          }
        }
        switch format {
        case .json:
          var writer = JSONWriter()
          Self.encode(inspection, into: &writer)
          var bytes = writer.bytes
          if wrapsInArray && index > 0 { bytes.insert(UInt8(ascii: ","), at: 0) }
          bytes.append(UInt8(ascii: "\n"))
          console.write(bytes)
        default:
          let text = Self.render(inspection)
          if !text.isEmpty { console.write((index > 0 ? "\n" : "") + text) }
        }
        status.withLock { if $0 == .success { $0 = inspection.status } }
      })
    if wrapsInArray { console.write("]\n") }
    if let message = console.outputFailureMessage {
      console.error(message)
      return .ioError
    }
    return status.withLock { $0 }
  }

  /// Reads one input into an inventory; a problem the collector found is its error.
  static func inspect(_ input: CollectedInput) -> Inspection {
    if let problem = input.problem {
      return Inspection(path: input.path, outcome: .failure(problem.dumpError))
    }
    return inspect(path: input.path)
  }

  /// Reads the dump at `path` into an inventory; a dump of a known dialect without stats is
  /// described too.
  static func inspect(path: String) -> Inspection {
    var inventory = StatsInventory()
    do throws(DumpError) {
      let info = try DumpReader.read(path: path, requiresStats: false, into: &inventory)
      return Inspection(path: path, outcome: .success((info, inventory)))
    } catch {
      return Inspection(path: path, outcome: .failure(error))
    }
  }

  // MARK: - Rendering

  /// The text of one inspection; every string from the dump or the file system has its
  /// control characters escaped (``TerminalText``), so each line printed is one line.
  static func render(_ inspection: Inspection) -> String {
    guard case .success(let result) = inspection.outcome else { return "" }
    let info = result.info
    var lines = [inspection.path]
    var dialect = "  dialect:   \(info.format.rawValue) — \(info.format.summary)"
    if !info.details.isEmpty { dialect += " (" + info.details.joined(separator: ", ") + ")" }
    lines.append(dialect)
    lines.append("  size:      " + HumanUnits.bytes(info.bytes) + (info.isCompressed ? " (gzip)" : ""))
    lines.append("  browser:   " + (info.userAgent ?? "unknown"))
    lines.append("  reports:   \(info.reportCount)")
    if result.inventory.eventCount > 0 { lines.append("  events:    \(result.inventory.eventCount)") }
    for warning in info.warnings + result.inventory.warnings() { lines.append("  warning:   \(warning)") }
    let inventory = result.inventory
    for (name, requests) in [
      ("getUserMedia", inventory.getUserMedia), ("getDisplayMedia", inventory.getDisplayMedia),
    ]
    where !requests.isEmpty {
      lines.append("  \(name): " + Self.describe(requests))
    }
    for connection in inventory.peerConnections {
      lines.append(contentsOf: Self.render(connection))
    }
    return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
  }

  /// The lines of one peer connection: its time span, reports and types, or, without
  /// stats, its events and last connection state.
  static func render(_ connection: StatsInventory.PeerConnection) -> [String] {
    var line = "  peer connection \(connection.id): "
    guard connection.reportCount > 0 else {
      line += "no stats, " + Plural.count(connection.eventCount, "event")
      if let state = connection.lastConnectionState { line += ", last state \(state)" }
      return [line]
    }
    if let first = connection.firstTimestamp, let last = connection.lastTimestamp {
      line += first >= 1e12 ? HumanUnits.dateTime(milliseconds: first) + " UTC, " : "date unknown, "
      line += HumanUnits.duration(milliseconds: last - first) + ", "
    }
    line += Plural.count(connection.reportCount, "report") + ", "
    line +=
      connection.hasMoreObjects
      ? "more than \(StatsInventory.idLimit) stats objects"
      : Plural.count(connection.objectCount, "stats object")
    if let interval = connection.typicalInterval {
      line += ", every \(HumanUnits.duration(milliseconds: interval))"
    }
    let types = connection.typeCounts.sorted {
      $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
    }
    return [line, "    types: " + types.map { "\($0.key) \($0.value)" }.joined(separator: ", ")]
  }

  /// `2 calls, 1 success, 1 failure (NotAllowedError: Permission denied)`.
  static func describe(_ requests: MediaRequests) -> String {
    var text =
      Plural.count(requests.calls, "call") + ", "
      + Plural.count(requests.successes, "success", plural: "successes")
    text += ", " + Plural.count(requests.failures, "failure")
    if let failure = requests.firstFailure, !failure.isEmpty {
      text += " (" + String(failure.prefix(120)) + ")"
    }
    return text
  }
}
