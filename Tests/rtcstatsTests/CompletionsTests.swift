import Foundation
import Testing

@testable import rtcstats

/// `rtcstats completions bash|zsh|fish`: every option of every table is in every script, the
/// scripts parse in their shells, and bash and fish complete what the tables say.
@Suite struct CompletionsTests {
  /// Runs a shell found on `PATH`; `nil` when it is not installed.
  static func run(_ shell: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
    guard
      let path = ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map({ $0 + shell }).first(
        where: {
          FileManager.default.isExecutableFile(atPath: $0)
        })
    else { return nil }
    let folder = try TemporaryFolder()
    let output = folder.url.appendingPathComponent("out")
    try Data().write(to: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = process.standardOutput
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
  }

  @Test(arguments: Shell.allCases)
  func everyOptionAndSubcommandAppears(_ shell: Shell) {
    let script = CLIRun(["completions", shell.rawValue]).output
    #expect(script == Completions.script(for: shell))
    for spec in [CommandTable.root] + Subcommand.allCases.map(\.spec) {
      for name in [spec.name] + spec.aliases where spec.name != "rtcstats" { #expect(script.contains(name)) }
      for option in spec.options {
        let long = shell == .fish ? "-l \(option.name)" : option.longFlag
        #expect(script.contains(long) != option.isHidden, "\(shell) \(spec.name) \(option.longFlag)")
        if let short = option.shortName {
          #expect(script.contains(shell == .fish ? "-s \(short)" : "-\(short)"))
        }
        for value in option.allowedValues { #expect(script.contains(value)) }
      }
    }
  }

  @Test(arguments: Shell.allCases)
  func scriptParsesInItsShell(_ shell: Shell) throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("rtcstats.\(shell.rawValue)", Completions.script(for: shell))
    let check: [String] = shell == .fish ? ["--no-execute", file] : ["-n", file]
    guard let result = try Self.run(shell.rawValue, check) else { return }  // shell not installed
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.isEmpty)
  }

  /// Sources the bash script and asks `_rtcstats` for the completions of a command line.
  static func bashCompletions(_ words: [String]) throws -> [String]? {
    let folder = try TemporaryFolder()
    let script = try folder.write("rtcstats.bash", Completions.script(for: .bash))
    let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
    let program = """
      source '\(script)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      cd '\(CLIRun.root)/Samples/captures'
      _rtcstats
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    guard let result = try run("bash", ["-c", program]) else { return nil }
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesWhatTheTablesSay() throws {
    guard let subcommands = try Self.bashCompletions(["rtcstats", "an"]) else { return }
    #expect(subcommands == ["analyze", "analyse"])
    #expect(
      try Self.bashCompletions(["rtcstats", "analyze", "--format", ""]) == [
        "table", "json", "ndjson", "csv", "html",
      ])
    #expect(try Self.bashCompletions(["rtcstats", "inspect", "-f", "j"]) == ["json"])
    #expect(try Self.bashCompletions(["rtcstats", "analyse", "--no-i"]) == ["--no-intervals"])
    #expect(try Self.bashCompletions(["rtcstats", "completions", "z"]) == ["zsh"])
    #expect(try Self.bashCompletions(["rtcstats", "help", "c"]) == ["call", "completions"])
    #expect(try Self.bashCompletions(["rtcstats", "analyze", "-j", ""]) == [])
    #expect(try Self.bashCompletions(["rtcstats", "analyze", "-o", "si"]) == ["simulcast"])
    #expect(try Self.bashCompletions(["rtcstats", "inspect", "pa"]) == ["pause"])
    let options = try Self.bashCompletions(["rtcstats", "inspect", "-"]) ?? []
    #expect(
      Set(options)
        == Set(CommandTable.inspect.options.flatMap { [$0.longFlag] + [$0.shortFlag].compactMap { $0 } }))
  }

  @Test func fishCompletesWhatTheTablesSay() throws {
    let folder = try TemporaryFolder()
    let script = try folder.write("rtcstats.fish", Completions.script(for: .fish))
    func complete(_ line: String) throws -> [String]? {
      try Self.run("fish", ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"]).map {
        $0.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
      }
    }
    guard let formats = try complete("rtcstats analyze --format ") else { return }
    #expect(formats == ["csv", "html", "json", "ndjson", "table"])
    #expect(try complete("rtcstats completions ") == ["bash", "fish", "zsh"])
    #expect(try complete("rtcstats ana") == ["analyse", "analyze"])
  }
}
