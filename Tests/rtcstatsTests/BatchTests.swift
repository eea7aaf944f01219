import Foundation
import Testing

@testable import rtcstats

/// A ticket folder as users have them.
///
/// Every Sample plus a cut dump, a browser log, a README and a PNG. Expected outcomes come from
/// what each file is (known when it is made), not from rtcstats.
@Suite struct BatchTests {
  /// The Sample dumps: every file below Samples/captures, corpus and derived that is not a
  /// scenario description (`truth.json`).
  static let sampleDumps: [String] = {
    let root = CLIRun.root + "/Samples"
    var found: [String] = []
    for folder in ["captures", "corpus", "derived"] {
      let base = root + "/" + folder
      guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
      for case let path as String in walker where !path.hasSuffix("truth.json") {
        var isFolder: ObjCBool = false
        let full = base + "/" + path
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
          found.append(full)
        }
      }
    }
    return found.sorted()
  }()

  /// Builds the mixed folder; returns it and the names of the files that are not dumps.
  static func ticketFolder() throws -> (TemporaryFolder, notDumps: [String], broken: [String]) {
    let folder = try TemporaryFolder()
    for (index, dump) in sampleDumps.enumerated() {
      let name = String(format: "%03d-", index) + URL(fileURLWithPath: dump).lastPathComponent
      try FileManager.default.copyItem(atPath: dump, toPath: folder.url.appendingPathComponent(name).path)
    }
    let snapshot = try Data(
      contentsOf: URL(fileURLWithPath: CLIRun.root + "/Samples/captures/basic/sender-last-snapshot.json"))
    try snapshot.prefix(3000).write(to: folder.url.appendingPathComponent("cut-snapshot.json"))
    try Data("2024-05-01 12:00:01 INFO call started\n2024-05-01 12:00:09 WARN ice restart\n".utf8)
      .write(to: folder.url.appendingPathComponent("browser.log"))
    try Data("# Ticket 4711\nThe customer says the video froze.\n".utf8)
      .write(to: folder.url.appendingPathComponent("README.md"))
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
      .write(to: folder.url.appendingPathComponent("screenshot.png"))
    return (folder, ["README.md", "browser.log", "screenshot.png"], ["cut-snapshot.json"])
  }

  @Test func mixedFolderAnalysesDumpsSkipsTheRestAndNamesFailures() throws {
    try #require(!Self.sampleDumps.isEmpty)
    let (folder, notDumps, broken) = try Self.ticketFolder()
    let run = CLIRun(["analyze", "-v", "-f", "ndjson", "--no-intervals", folder.url.path])
    let records = try run.output.split(separator: "\n").map { try JSONTree.parse(String($0)) }
    func path(_ record: JSONTree) -> String? {
      guard case .object(let members) = record, case .object(let source) = members["source"],
        case .string(let path) = source["path"]
      else { return nil }
      return URL(fileURLWithPath: path).lastPathComponent
    }
    func member(_ record: JSONTree, _ name: String) -> JSONTree? {
      guard case .object(let members) = record else { return nil }
      return members[name]
    }
    #expect(records.count == Self.sampleDumps.count + notDumps.count + broken.count)
    let skipped = records.filter { member($0, "skipped") != nil }.compactMap(path).sorted()
    let failed = records.filter { member($0, "error") != nil }.compactMap(path).sorted()
    let analysed = records.filter { member($0, "peerConnections") != nil }
    #expect(skipped == notDumps.sorted())
    #expect(failed == broken)
    #expect(analysed.count == Self.sampleDumps.count)
    #expect(run.status == .dataError)
    for name in notDumps { #expect(run.error.contains("\(name): skipped: ")) }
    #expect(run.error.contains("cut-snapshot.json:1:3001: the dump is truncated"))
    let total = Self.sampleDumps.count + notDumps.count + broken.count
    #expect(
      run.error.contains(
        "rtcstats: \(total) files: \(Self.sampleDumps.count) analysed, \(notDumps.count) skipped, 1 failed; worst grade "
      ))
  }

  @Test func skippedFilesAreQuietWithoutVerboseAndNeverFail() throws {
    let (folder, _, _) = try Self.ticketFolder()
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("cut-snapshot.json"))
    let run = CLIRun(["analyze", "-f", "csv", folder.url.path])
    #expect(run.status == .success)
    #expect(!run.error.contains("skipped:"))
    #expect(!run.output.contains("screenshot.png"))
  }

  /// `inspect` treats the same folder as `analyze` does: the non-dumps are `skipped` records
  /// (named on stderr with `-v` only), the cut dump is the one error, and the status is its.
  @Test func inspectSkipsWhatIsNotADump() throws {
    let (folder, notDumps, broken) = try Self.ticketFolder()
    let quiet = CLIRun(["inspect", "-f", "json", folder.url.path])
    let verbose = CLIRun(["inspect", "-v", folder.url.path])
    guard case .array(let records) = try JSONTree.parse(quiet.output) else {
      Issue.record("not an array: \(quiet.output.prefix(200))")
      return
    }
    func named(_ member: String) -> [String] {
      records.compactMap { record -> String? in
        guard case .object(let members) = record, members[member] != nil,
          case .object(let source) = members["source"],
          case .string(let path) = source["path"]
        else { return nil }
        return URL(fileURLWithPath: path).lastPathComponent
      }.sorted()
    }
    #expect(named("skipped") == notDumps.sorted())
    #expect(named("error") == broken)
    #expect(named("peerConnections").count == Self.sampleDumps.count)
    #expect(quiet.status == .dataError && verbose.status == .dataError)
    for name in notDumps {
      #expect(!quiet.error.contains(name))
      #expect(verbose.error.contains("\(name): skipped: "))
    }
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("cut-snapshot.json"))
    #expect(CLIRun(["inspect", folder.url.path]).status == .success)
  }

  @Test func failOnReturnsOneWhenAFileReachesTheGrade() {
    // loss5 receiver: 12 % peak audio loss (truth.json: 5 % netem loss) → a critical finding;
    // basic: a clean call.
    let loss = CLIRun.root + "/Samples/captures/loss5/receiver.jsonl"
    let basic = CLIRun.root + "/Samples/captures/basic/sender.jsonl"
    #expect(CLIRun(["analyze", "-q", "--fail-on", "critical", loss]).status == .failOn)
    #expect(CLIRun(["analyze", "-q", "--fail-on", "warning", loss]).status == .failOn)
    #expect(CLIRun(["analyze", "-q", "--fail-on", "critical", basic]).status == .success)
    #expect(CLIRun(["analyze", "-q", basic, loss]).status == .success)
    // A failed dump is worse than a --fail-on hit.
    let missing = CLIRun(["analyze", "-q", "--fail-on", "warning", loss, "/nonexistent/dump.json"])
    #expect(missing.status == .noInput)
  }

  @Test func worstOutcomeOrdersStatuses() {
    #expect(ExitStatus.success.worse(.failOn) == .failOn)
    #expect(ExitStatus.failOn.worse(.dataError) == .dataError)
    #expect(ExitStatus.noInput.worse(.dataError) == .noInput)
  }

  @Test func noProgressLineWhenStandardErrorIsNotATerminal() throws {
    let run = try BinaryRun([
      "analyze", "-f", "ndjson", "--no-intervals", CLIRun.root + "/Samples/captures/loss5",
    ])
    #expect(!run.error.contains("\u{1B}["))
    #expect(!run.error.contains("\r"))
  }
}
