/// Every help text, in swift-argument-parser's layout.
enum Help {
  static let version = "0.1.0"

  static func text(for subcommand: Subcommand?) -> String {
    switch subcommand {
    case nil, .help: root
    case .analyze: analyze
    case .inspect: inspect
    }
  }

  static func usage(for subcommand: Subcommand?) -> String {
    switch subcommand {
    case .analyze: "rtcstats analyze [--format <format>] [--jobs <n>] [--no-intervals] [--timing] <input> ..."
    case .inspect: "rtcstats inspect [--format <format>] <input> ..."
    case nil, .help: "rtcstats <subcommand>"
    }
  }

  static let root = """
    OVERVIEW: Turn WebRTC getStats dumps into the figures that diagnose a call.

    Reads getStats() snapshots and logs (JSON, JSON lines, libwebrtc native JSON, the
    Vonage/OpenTok jsonArrayOfReports), chrome://webrtc-internals dumps and rtcstats dumps,
    gzip-compressed or not, detected from their bytes.

    USAGE: rtcstats <subcommand>

    OPTIONS:
      -h, --help              Show help information.
      --version               Show the version.

    SUBCOMMANDS:
      analyze                 Bitrate, loss, jitter, RTT, frame rate, resolution, freezes,
                              pauses and quality limitation per peer connection, track and
                              simulcast/SVC layer.
      inspect                 What a dump holds: dialect, browser, peer connections, stats
                              types, truncation and clock warnings.
      help                    Show help for a subcommand.

      See 'rtcstats help <subcommand>' for detailed help.

    """

  static let analyze = """
    OVERVIEW: Analyse WebRTC stats dumps per peer connection, track and layer.

    Rates are in bps, durations and delays in ms, percentages 0-100. Figures that vary over
    the call are summarised as mean, p50, p95, min and max (JSON) or their mean (table).

    USAGE: \(usage(for: .analyze))

    ARGUMENTS:
      <input>                 A dump file, a folder (every file in it, recursively), or -
                              for standard input.

    OPTIONS:
    \(optionsHelp(Arguments.analyzeOptions))
      -h, --help              Show help information.

    EXIT STATUS:
      0   every input was analysed
      64  bad options or arguments
      65  an input is not a supported or well-formed dump
      66  an input does not exist or cannot be read
      74  the output could not be written
      With several inputs the status is that of the first input that failed; every other
      input is still analysed.

    EXAMPLES:
      rtcstats analyze webrtc_internals_dump.txt
      rtcstats analyze --format json call.jsonl | jq '.peerConnections[].tracks[].bitrate.mean'
      rtcstats analyze --format ndjson --jobs 4 tickets/ > results.ndjson

    """

  static let inspect = """
    OVERVIEW: Show what a dump holds without computing metrics.

    Prints the detected dialect, the browser, every peer connection with its duration and
    report count, the stats types with their counts, and warnings about truncation and
    clocks.

    USAGE: \(usage(for: .inspect))

    ARGUMENTS:
      <input>                 A dump file, a folder, or - for standard input.

    OPTIONS:
    \(optionsHelp(Arguments.inspectOptions))
      -h, --help              Show help information.

    """

  private static func optionsHelp(_ specs: [Arguments.OptionSpec]) -> String {
    specs.filter { !$0.isHidden }.map { spec in
      var label = "--" + spec.name
      if let value = spec.valueName { label += " <\(value)>" }
      let padded =
        label.count < 22
        ? label + String(repeating: " ", count: 24 - label.count)
        : label + "\n" + String(repeating: " ", count: 26)
      return "  " + padded + spec.help
    }.joined(separator: "\n")
  }
}
