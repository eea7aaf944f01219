import Foundation
import Testing

@testable import rtcstats

/// The golden outputs in Samples/golden (regenerate with `make golden` and review the diff):
/// they pin the table, JSON, CSV and inspect layouts so that a change is always deliberate.
@Suite struct GoldenTests {
  struct Case: CustomStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var description: String { name }
  }

  static let cases: [Case] = {
    let manifest = CLIRun.root + "/Samples/golden/cases.txt"
    guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#"), let bar = line.firstIndex(of: "|") else { return nil }
      let name = line[..<bar].trimmingCharacters(in: .whitespaces)
      let arguments = line[line.index(after: bar)...].split(separator: " ").map(String.init)
      return Case(name: name, arguments: arguments)
    }
  }()

  @Test(arguments: cases)
  func outputMatchesTheGoldenFile(_ golden: Case) throws {
    // Relative sample paths, as in the manifest, resolved against the repository root.
    let arguments = golden.arguments.map { $0.hasPrefix("Samples/") ? CLIRun.root + "/" + $0 : $0 }
    let run = CLIRun(arguments)
    let expected = try String(contentsOfFile: CLIRun.root + "/Samples/golden/" + golden.name, encoding: .utf8)
    let actual = run.output.replacingOccurrences(of: CLIRun.root + "/", with: "")
    #expect(actual + "\n" == expected || actual == expected)
  }

  @Test func manifestIsNotEmpty() {
    #expect(Self.cases.count >= 10)
  }
}
