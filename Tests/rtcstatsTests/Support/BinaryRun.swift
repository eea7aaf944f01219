import Foundation
import Testing

/// Runs the built `rtcstats` executable as a user would: its own process, real file
/// descriptors, `main.swift` and the exit status included.
///
/// Standard output and error go to temporary files (no pipe to fill up and deadlock);
/// standard input comes from a file or `/dev/null`. The environment is small and fixed
/// (`PATH` only, plus what the caller adds), so `COLUMNS` of the shell running the tests
/// never leaks in.
struct BinaryRun {
  var status: Int32
  var output: String
  var error: String

  /// The `rtcstats` built next to the test bundle (`swift build --build-tests` builds it),
  /// or `$RTCSTATS_BINARY`.
  static let executable: URL? = {
    if let path = ProcessInfo.processInfo.environment["RTCSTATS_BINARY"] { return URL(fileURLWithPath: path) }
    var folders = [
      URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    ]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return folders.map { $0.appendingPathComponent("rtcstats") }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }()

  /// Runs the executable with `arguments` in `directory`.
  ///
  /// - `standardInput`: A file to read standard input from; `/dev/null` when `nil`.
  /// - `environment`: Variables added to the fixed environment.
  init(
    _ arguments: [String], standardInput: String? = nil, environment: [String: String] = [:],
    directory: String = CLIRun.root
  ) throws {
    let executable = try #require(Self.executable, "the rtcstats executable is built next to the tests")
    let scratch = try TemporaryFolder()
    let outputURL = scratch.url.appendingPathComponent("stdout")
    let errorURL = scratch.url.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: standardInput ?? "/dev/null"))
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    status = process.terminationStatus
    output = try String(contentsOf: outputURL, encoding: .utf8)
    error = try String(contentsOf: errorURL, encoding: .utf8)
  }
}

/// A fresh folder under the temporary directory, removed when the value goes away.
final class TemporaryFolder {
  let url: URL
  var path: String { url.path }

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("rtcstats-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `contents` to `name` in the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ contents: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
    return file.path
  }

  /// Creates a symbolic link `name` pointing at `target` (as written) and returns its path.
  @discardableResult
  func link(_ name: String, to target: String) throws -> String {
    let path = url.appendingPathComponent(name).path
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    return path
  }

  /// Creates a sub-folder and returns its path.
  @discardableResult
  func folder(_ name: String) throws -> String {
    let path = url.appendingPathComponent(name).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
