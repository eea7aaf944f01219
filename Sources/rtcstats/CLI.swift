/// The command-line front end: parses the arguments, runs the subcommand, returns the exit
/// status.
///
/// `main.swift` only calls ``run(_:console:)`` and exits.
enum CLI {
  /// Runs the command line `arguments` (without the program name).
  ///
  /// - `console`: Where output and messages go; `-o` and `-q` derive a console
  ///   from it for the subcommand.
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
      return printDocument(Help.text(for: topic, width: console.width), on: console)
    case .manPage:
      return printDocument(ManPage.roff(), on: console)
    case .version:
      return printDocument(Help.version + "\n", on: console)
    case .completions(let shell):
      return printDocument(Completions.script(for: shell), on: console)
    case .explain(let code):
      guard let code else { return printDocument(ExplainText.list(), on: console) }
      do throws(ExplainError) {
        return printDocument(try ExplainText.rule(code), on: console)
      } catch {
        console.error("rtcstats: \(error)")
        return .usage
      }
    case .schema(let kind):
      return printDocument(kind.map { JSONSchemas.document(for: $0) } ?? JSONSchemas.list(), on: console)
    case .analyze(let options):
      return run(options.console, inputs: options.inputs, base: console) { console in
        AnalyzeCommand(options: options, console: console).run()
      }
    case .inspect(let options):
      return run(options.console, inputs: options.inputs, base: console) { console in
        InspectCommand(options: options, console: console).run()
      }
    case .call(let options):
      return run(options.console, inputs: options.inputs, base: console) { console in
        CallCommand(options: options, console: console).run()
      }
    case .report(let options):
      return run(options.console, inputs: options.inputs, base: console) { console in
        ReportCommand(options: options, console: console).run()
      }
    }
  }

  /// Writes a help page, the man page, the version or a completion script to standard
  /// output: exit 0, also when the reader went away; 74 when the write failed otherwise.
  private static func printDocument(_ text: String, on console: Console) -> ExitStatus {
    console.write(text)
    guard let message = console.outputFailureMessage else { return .success }
    console.error(message)
    return .ioError
  }

  /// Runs a subcommand with the console that `-o` and `-q` ask for.
  ///
  /// An `-o` file that is also one of the inputs is refused (truncating it would destroy
  /// the input before it is read); one that cannot be created is exit 74 before any work.
  private static func run(
    _ options: ConsoleOptions, inputs: [String], base: Console, _ command: (Console) -> ExitStatus
  ) -> ExitStatus {
    if let path = options.outputPath, let input = inputs.first(where: { isSameFile($0, path) }) {
      let named = input == path ? "" : " (\(input))"
      base.error("rtcstats: \(path): the output file is also an input\(named); write the output elsewhere")
      return .usage
    }
    let console: Console
    switch base.configured(outputPath: options.outputPath, quiet: options.isQuiet) {
    case .success(let configured): console = configured
    case .failure(let error):
      base.error(error.line)
      return .ioError
    }
    var status = command(console)
    console.closeOutput()
    if status != .ioError, let message = console.outputFailureMessage {
      console.error(message)
      status = .ioError
    }
    return status
  }

  /// Whether two paths lead to the same existing file (`-` is never a file here).
  private static func isSameFile(_ first: String, _ second: String) -> Bool {
    guard first != "-", second != "-",
      case .success(let a) = System.status(of: first, followingLinks: true),
      case .success(let b) = System.status(of: second, followingLinks: true),
      a.kind == .regular
    else { return false }
    return a.device == b.device && a.inode == b.inode
  }
}
