import Foundation
import Testing

@testable import rtcstats

/// `rtcstats follow FILE` on a file that grows, is truncated and is rotated while it runs.
@Suite struct FollowFileTests {
  @Test func followsGrowthTruncationAndRotation() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "follow-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("call.jsonl")
    let lines = try String(
      contentsOfFile: CLIRun.root + "/Samples/captures/basic/receiver.jsonl", encoding: .utf8
    )
    .split(separator: "\n").map { String($0) + "\n" }
    try lines[0].write(to: log, atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = BinaryRun.executable
    process.arguments = ["follow", "-f", "ndjson", log.path]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    func append(_ text: String) throws {
      let handle = try FileHandle(forWritingTo: log)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(text.utf8))
      try handle.close()
      Thread.sleep(forTimeInterval: 1.5)
    }
    Thread.sleep(forTimeInterval: 1.5)
    try append(lines[1] + lines[2])
    // Truncated: the file starts again with a shorter content.
    try lines[3].write(to: log, atomically: false, encoding: .utf8)
    Thread.sleep(forTimeInterval: 1.5)
    // Rotated: the old file moved away, a new one at the path.
    try FileManager.default.moveItem(at: log, to: folder.appendingPathComponent("call.jsonl.1"))
    try lines[4].write(to: log, atomically: false, encoding: .utf8)
    Thread.sleep(forTimeInterval: 1.5)
    // SIGKILL: the test runner's threads block SIGTERM, and a child inherits that mask.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let messages = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let sequences = try printed.split(separator: "\n").map { line -> Int in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try #require(object["sequence"] as? Int)
    }
    #expect(sequences == [1, 2, 3, 4, 5])
    #expect(messages.contains("call.jsonl: truncated, reading it again from the start"))
    #expect(messages.contains("call.jsonl: replaced (rotated), reading the new file from its start"))
  }

  @Test func sinceTimes() {
    #expect(Arguments.sinceTime("1796049847657") == .absolute(1_796_049_847_657))
    // Python: datetime(2026, 11, 30, 14, 44, 41, tzinfo=timezone.utc).timestamp() * 1000
    #expect(Arguments.sinceTime("2026-11-30T14:44:41Z") == .absolute(1_796_049_881_000))
    #expect(Arguments.sinceTime("now") == .beforeStart(0))
    #expect(Arguments.sinceTime("5m") == .beforeStart(300_000))
    #expect(Arguments.sinceTime("yesterday") == nil)
  }
}
