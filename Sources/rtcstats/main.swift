#if canImport(Glibc)
  import Glibc
#endif

// A closed pipe (`rtcstats analyze … | head`) must give EPIPE and exit 74, not kill us.
signal(SIGPIPE, SIG_IGN)
let status = CLI.run(Array(CommandLine.arguments.dropFirst()), console: .standard())
exit(status.rawValue)
