import Foundation
import Testing

/// The golden command-line cases in `Tests/CLI/<case>/`: each folder holds `args` (one
/// argument per line, paths relative to the repository root), `expected.stdout`,
/// `expected.stderr`, `expected.status`, and optionally `stdin` (fed to standard input) and
/// `env` (`NAME=value` lines).
///
/// Each runs the built executable from the repository root.
/// `make update-cli-tests` rewrites the expected files (`Tests/CLI/run.sh`): review the diff.
@Suite struct CLICaseTests {
  static let folder = CLIRun.root + "/Tests/CLI"

  static let cases: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { FileManager.default.fileExists(atPath: folder + "/" + $0 + "/args") }.sorted()
  }()

  private static func lines(_ path: String) throws -> [String] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  @Test(arguments: cases)
  func outputMatchesTheCase(_ name: String) throws {
    let base = Self.folder + "/" + name + "/"
    let arguments = try Self.lines(base + "args")
    var environment: [String: String] = [:]
    if FileManager.default.fileExists(atPath: base + "env") {
      for line in try Self.lines(base + "env") {
        guard let equals = line.firstIndex(of: "=") else { continue }
        environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
      }
    }
    let standardInput = FileManager.default.fileExists(atPath: base + "stdin") ? base + "stdin" : nil
    let run = try BinaryRun(arguments, standardInput: standardInput, environment: environment)
    #expect(run.output == (try String(contentsOfFile: base + "expected.stdout", encoding: .utf8)), "stdout")
    #expect(run.error == (try String(contentsOfFile: base + "expected.stderr", encoding: .utf8)), "stderr")
    let status = try String(contentsOfFile: base + "expected.status", encoding: .utf8)
    #expect("\(run.status)\n" == status, "exit status")
  }

  @Test func enoughCasesCoverEverySubcommand() throws {
    #expect(Self.cases.count >= 30)
    let firstArguments = try Set(
      Self.cases.compactMap { try Self.lines(Self.folder + "/" + $0 + "/args").first })
    for subcommand in ["analyze", "analyse", "inspect", "completions", "help", "--help", "--version"] {
      #expect(firstArguments.contains(subcommand), "a case starts with \(subcommand)")
    }
  }
}
