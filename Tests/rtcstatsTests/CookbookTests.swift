import Foundation
import Testing

/// README's Cookbook: `Tests/Cookbook/run.sh` runs every command against Samples and
/// compares the output with the README's (DuckDB commands skip when it cannot be installed).
@Suite struct CookbookTests {
  @Test func everyCookbookCommandPrintsWhatTheReadmeSays() throws {
    let binary = try #require(BinaryRun.executable, "the rtcstats executable is built next to the tests")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [CLIRun.root + "/Tests/Cookbook/run.sh", binary.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
  }
}
