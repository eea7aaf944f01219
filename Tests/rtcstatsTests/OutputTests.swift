import Foundation
import Synchronization
import Testing

@testable import rtcstats

/// `-o`, `-q`, write failures and the closed pipe (issue 10 item 18).
@Suite struct OutputTests {
  private func sample(_ path: String) -> String { CLIRun.root + "/Samples/" + path }

  @Test func outputFileReceivesWhatStandardOutputWould() throws {
    let folder = try TemporaryFolder()
    let target = folder.path + "/out.csv"
    try Data("old content that must go away, longer than nothing".utf8).write(
      to: URL(fileURLWithPath: target))
    let input = sample("captures/loss5/sender.jsonl")
    let direct = CLIRun(["analyze", "-f", "csv", input])
    let redirected = CLIRun(["analyze", "-f", "csv", "-o", target, input])
    #expect(redirected.status == .success)
    #expect(redirected.output.isEmpty)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == direct.output)
    #expect(!direct.output.isEmpty)
    let dash = CLIRun(["inspect", "-o", "-", input])
    #expect(dash.output == CLIRun(["inspect", input]).output)
  }

  @Test func anOutputFileThatCannotBeCreatedIsExit74BeforeAnyWork() throws {
    let folder = try TemporaryFolder()
    let missingFolder = folder.path + "/no/such/folder/out.json"
    let run = CLIRun(["analyze", "-o", missingFolder, "/nonexistent.json"])
    #expect(run.status == .ioError)
    #expect(run.error == "rtcstats: \(missingFolder): cannot write (its folder does not exist)\n")
    let isFolder = CLIRun(["inspect", "-o", folder.path, sample("captures/basic/sender.jsonl")])
    #expect(isFolder.status == .ioError)
    #expect(isFolder.error == "rtcstats: \(folder.path): cannot write (is a folder)\n")
  }

  @Test func theOutputFileMustNotBeAnInput() throws {
    let folder = try TemporaryFolder()
    let dump = try folder.write(
      "dump.jsonl", try String(contentsOfFile: sample("captures/basic/sender.jsonl"), encoding: .utf8))
    let before = try Data(contentsOf: URL(fileURLWithPath: dump))
    let link = try folder.link("same.jsonl", to: "dump.jsonl")
    let run = CLIRun(["analyze", "-o", link, dump])
    #expect(run.status == .usage)
    #expect(
      run.error
        == "rtcstats: \(link): the output file is also an input (\(dump)); write the output elsewhere\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: dump)) == before)
  }

  @Test func quietDropsWarningsButNotErrors() {
    let truncated = CLIRun.root + "/Tests/rtcstatsTests/Fixtures/malformed/truncated-tail.jsonl"
    let loud = CLIRun(["analyze", "-f", "csv", truncated])
    #expect(loud.error.contains(": warning: the dump is truncated"))
    let quiet = CLIRun(["analyze", "-q", "-f", "csv", truncated, "/nonexistent.json"])
    #expect(quiet.error == "rtcstats: /nonexistent.json: no such file\n")
    #expect(quiet.output.hasPrefix(loud.output))
  }

  /// A full disk: the message names the reason, exit 74, and the command still finishes.
  @Test func aFailedWriteIsExit74WithTheReason() {
    let console = Console.capturing(outputLimit: 100, failure: .noSpace)
    // The cut at 100 bytes may fall inside a character (the header starts with the sample's
    // absolute path, so where depends on the checkout): count the bytes written, not the
    // decoded text.
    let status = CLI.run(["analyze", "--wide", sample("captures/basic/sender.jsonl")], console: console)
    #expect(status == .ioError)
    #expect(console.capturedError == "rtcstats: cannot write the output (no space left on device)\n")
    #expect(console.capturedBytes.count == 100)
    let help = Console.capturing(outputLimit: 10, failure: .noSpace)
    #expect(CLI.run(["--help"], console: help) == .ioError)
  }

  /// The built command on a device that is always full (Linux `/dev/full`).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func theBuiltCommandReportsAFullDevice() throws {
    let run = try BinaryRun(["inspect", "-o", "/dev/full", "Samples/captures/basic/sender.jsonl"])
    #expect(run.status == 74)
    #expect(run.error == "rtcstats: /dev/full: cannot write (no space left on device)\n")
  }

  /// A closed pipe: no message, the status so far.
  @Test func aClosedPipeEndsQuietlyWithTheStatusSoFar() {
    let files = ["basic/sender.jsonl", "basic/receiver.jsonl", "loss5/sender.jsonl"].map {
      sample("captures/" + $0)
    }
    for subcommand in ["analyze", "inspect"] {
      let console = Console.capturing(outputLimit: 10, failure: .brokenPipe)
      let status = CLI.run([subcommand, "-j", "1"] + files, console: console)
      #expect(status == .success)
      #expect(console.capturedError.isEmpty)
    }
    let failedFirst = Console.capturing(outputLimit: 10, failure: .brokenPipe)
    #expect(CLI.run(["analyze", "-j", "1", "/nonexistent.json"] + files, console: failedFirst) == .noInput)
    #expect(CLI.run(["--help"], console: Console.capturing(outputLimit: 10)) == .success)
  }

  /// Once cancelled, no new work starts: with one worker, exactly the items delivered were
  /// worked on; with two, at most a few more, never the whole batch.
  @Test func cancellationStopsSchedulingWork() {
    for jobs in [1, 2] {
      let worked = Atomic(0)
      let delivered = Atomic(0)
      let count = OrderedParallelMap.run(
        count: 1000, jobs: jobs, isCancelled: { delivered.load(ordering: .relaxed) >= 3 },
        work: { index in
          worked.add(1, ordering: .relaxed)
          return index
        },
        deliver: { _, _ in delivered.add(1, ordering: .relaxed) })
      #expect(count == 3)
      if jobs == 1 { #expect(worked.load(ordering: .relaxed) == 3) }
      #expect(worked.load(ordering: .relaxed) < 100)
    }
  }

  @Test func withoutCancellationEveryResultArrivesInOrder() {
    let order = Mutex<[Int]>([])
    let count = OrderedParallelMap.run(
      count: 200, jobs: 4, work: { $0 * 2 }, deliver: { _, value in order.withLock { $0.append(value) } })
    #expect(count == 200)
    #expect(order.withLock { $0 } == (0..<200).map { $0 * 2 })
  }

  /// End to end with the built command: the reader goes away after the first bytes; the
  /// command exits 0 with nothing on standard error.
  @Test func theBuiltCommandStopsQuietlyOnAClosedPipe() throws {
    let executable = try #require(BinaryRun.executable)
    let folder = try TemporaryFolder()
    for index in 0..<60 {
      try folder.link(String(format: "%03d.jsonl", index), to: sample("captures/audio-only/receiver.jsonl"))
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["analyze", "-j", "1", folder.path]
    let pipe = Pipe()
    let errors = try TemporaryFolder()
    let errorFile = errors.url.appendingPathComponent("stderr")
    try Data().write(to: errorFile)
    process.standardOutput = pipe
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    try? pipe.fileHandleForWriting.close()
    let first = pipe.fileHandleForReading.readData(ofLength: 16)
    try pipe.fileHandleForReading.close()
    process.waitUntilExit()
    #expect(!first.isEmpty)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(try String(contentsOf: errorFile, encoding: .utf8) == "")
  }
}
