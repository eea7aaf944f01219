import Foundation
import Testing

/// `Samples/LiveStats`, the app-shaped use of the libraries: README's example is its
/// `ReadmeExample` target verbatim, and the package builds (against the root package by path)
/// and runs on a capture.
@Suite struct LiveSampleTests {
  static let package = CLIRun.root + "/Samples/LiveStats"

  @Test func readmeQuotesTheCompiledExample() throws {
    let readme = try String(contentsOfFile: CLIRun.root + "/README.md", encoding: .utf8)
    let example = try String(
      contentsOfFile: Self.package + "/Sources/ReadmeExample/main.swift", encoding: .utf8)
    #expect(readme.contains("```swift\n" + example + "```\n"))
    #expect(example.split(separator: "\n").count <= 16)
  }

  /// Builds the sample in its own scratch folder under `.build` (kept between runs, so only the
  /// first build is slow) and replays the loss capture through it.
  @Test func theSampleBuildsAndPrintsTheCaptureStats() throws {
    let scratch = CLIRun.root + "/.build/live-sample"
    let build = try Self.run(
      "/usr/bin/env", ["swift", "build", "--package-path", Self.package, "--scratch-path", scratch])
    try #require(build.status == 0, "\(build.output)")
    let capture = CLIRun.root + "/Samples/captures/loss5/receiver.jsonl"
    let replay = try Self.run(scratch + "/debug/LiveStats", [capture, "--speed", "100000"])
    #expect(replay.status == 0)
    // The last subscriber video line's lost packets are the last raw snapshot's packetsLost
    // (read here with JSONSerialization).
    let lines = try String(contentsOfFile: capture, encoding: .utf8).split(separator: "\n")
    let last = try JSONSerialization.jsonObject(with: Data(try #require(lines.last).utf8))
    let objects = try #require(last as? [[String: Any]])
    let video = try #require(
      objects.first { $0["type"] as? String == "inbound-rtp" && $0["kind"] as? String == "video" })
    let lost = try #require((video["packetsLost"] as? NSNumber)?.intValue)
    let videoLines = replay.output.split(separator: "\n").filter { $0.contains("subscriber video") }
    #expect(videoLines.last?.contains("lost \(lost),") == true)
    #expect(replay.output.contains("network condition: send unknown (unknown), receive"))
    let example = try Self.run(
      scratch + "/debug/ReadmeExample", [String(lines[lines.count - 2]), String(lines[lines.count - 1])])
    #expect(example.status == 0)
    #expect(example.output.contains("video ") && example.output.contains("receive "))
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
