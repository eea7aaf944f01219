/// The command-line front end: parses the arguments, runs the subcommand, returns the exit
/// status. `main.swift` only calls ``run(_:console:)`` and exits.
enum CLI {
  static func run(_ arguments: [String], console: Console) -> ExitStatus {
    let invocation: Invocation
    do throws(UsageError) {
      invocation = try Arguments.parse(arguments)
    } catch {
      console.error("Error: \(error.message)")
      console.error("Usage: \(Help.usage(for: error.subcommand))")
      let topic = error.subcommand.map { " " + $0.rawValue } ?? ""
      console.error("  See 'rtcstats\(topic) --help' for more information.")
      return .usage
    }
    switch invocation {
    case .help(let topic):
      console.write(Help.text(for: topic))
      return console.outputFailed ? .ioError : .success
    case .version:
      console.write(Help.version + "\n")
      return console.outputFailed ? .ioError : .success
    case .analyze(let options):
      return AnalyzeCommand(options: options, console: console).run()
    case .inspect(let options):
      return InspectCommand(options: options, console: console).run()
    }
  }
}
