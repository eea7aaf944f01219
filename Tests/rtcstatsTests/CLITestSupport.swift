import Foundation

@testable import rtcstats

/// Runs the command in-process with a capturing console.
struct CLIRun {
  var status: ExitStatus
  var output: String
  var error: String

  init(_ arguments: [String]) {
    let console = Console.capturing()
    status = CLI.run(arguments, console: console)
    output = console.capturedOutput
    error = console.capturedError
  }

  /// The repository root, three levels above this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
}
