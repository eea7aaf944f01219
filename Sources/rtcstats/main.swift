// A write to a closed pipe (`rtcstats analyze … | head -1`) must fail with EPIPE, so that
// the command stops quietly with its own status, instead of killing the process.
System.ignoreBrokenPipeSignal()
let status = CLI.run(Array(CommandLine.arguments.dropFirst()), console: .standard())
System.exit(status.rawValue)
