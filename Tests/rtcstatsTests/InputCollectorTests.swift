import Foundation
import Testing

@testable import rtcstats

/// Inputs become files in name order, and every file problem is one
/// `rtcstats: FILE: message` line in its place, exit 66.
@Suite struct InputCollectorTests {
  private let dump = #"[{"id":"a","type":"codec","timestamp":1796049847656,"mimeType":"audio/opus"}]"#

  @Test func foldersAreWalkedInNameOrderSkippingHiddenEntries() throws {
    let folder = try TemporaryFolder()
    try folder.write("b.json", dump)
    try folder.write("a/z.json", dump)
    try folder.write("a/.hidden.json", dump)
    try folder.write(".git/config", "x")
    try folder.link("c-link.json", to: "b.json")
    let (files, isSingleFile) = InputCollector.collect([folder.path])
    #expect(files.map(\.path) == ["a/z.json", "b.json", "c-link.json"].map { folder.path + "/" + $0 })
    #expect(files.allSatisfy { $0.problem == nil })
    #expect(!isSingleFile)
    #expect(InputCollector.collect([folder.path + "/b.json"]).isSingleFile)
  }

  @Test func problemsAreNamedInTheirPlace() throws {
    let folder = try TemporaryFolder()
    let empty = try folder.folder("empty")
    let hiddenOnly = try folder.folder("hidden-only")
    try folder.write("hidden-only/.keep", "")
    let broken = try folder.link("broken.json", to: "nowhere.json")
    try folder.link("loop-a", to: "loop-b")
    let loop = try folder.link("loop-b", to: "loop-a")
    let good = try folder.write("good.json", dump)
    let (files, _) = InputCollector.collect([
      empty, hiddenOnly, broken, loop, good, "-", folder.path + "/absent",
    ])
    #expect(
      files.map(\.problem) == [
        .emptyFolder(hiddenEntries: 0), .emptyFolder(hiddenEntries: 1), .brokenLink(target: "nowhere.json"),
        .linkLoop, nil, nil, nil,
      ])
    let run = CLIRun(["inspect", empty, hiddenOnly, broken, loop, folder.path + "/absent"])
    #expect(run.status == .noInput)
    #expect(
      run.error == """
        rtcstats: \(empty): the folder has no files
        rtcstats: \(hiddenOnly): the folder has no files (1 hidden entry skipped)
        rtcstats: \(broken): a broken symbolic link (nowhere.json does not exist)
        rtcstats: \(loop): a symbolic link loop (the link leads back to itself)
        rtcstats: \(folder.path)/absent: no such file

        """)
  }

  @Test func aBrokenLinkInsideAFolderIsAnErrorAndTheRestIsAnalysed() throws {
    let folder = try TemporaryFolder()
    try folder.write("a.json", dump)
    try folder.link("b.json", to: "gone.json")
    try folder.write(".c/d.json", dump)
    let run = CLIRun(["analyze", "-f", "ndjson", "--no-intervals", folder.path])
    #expect(run.status == .noInput)
    let lines = run.error.split(separator: "\n")
    #expect(
      lines.first == "rtcstats: \(folder.path)/b.json: a broken symbolic link (gone.json does not exist)")
    #expect(lines.dropFirst().allSatisfy(BatchSummaryLine.matches))
    let outputLines = run.output.split(separator: "\n")
    #expect(outputLines.count == 2)
    #expect(outputLines.last?.contains(#""exitCode":66"#) == true)
  }

  /// `rtcstats analyze tickets/ -o tickets/out.json` (or `> tickets/out.json`) must not read
  /// its own output: the output file is left out of folders and refused when named.
  @Test func theOutputFileIsNeverReadBack() throws {
    let folder = try TemporaryFolder()
    try folder.write("a.json", dump)
    let output = folder.path + "/out.ndjson"
    let run = CLIRun(["analyze", "-f", "ndjson", "--no-intervals", "-o", output, folder.path])
    #expect(run.status == .success)
    #expect(run.error.isEmpty)
    let written = try String(contentsOfFile: output, encoding: .utf8)
    #expect(written.split(separator: "\n").count == 1)
    #expect(!written.contains("out.ndjson"))
    let identity = try System.status(of: output, followingLinks: true).get()
    let (files, _) = InputCollector.collect([folder.path, output], excluding: identity)
    #expect(files.map(\.path) == [folder.path + "/a.json", output])
    #expect(files.map(\.problem) == [nil, .isTheOutput])
  }

  @Test func folderLinkLoopsAreEnteredOnce() throws {
    let folder = try TemporaryFolder()
    try folder.write("sub/a.json", dump)
    try folder.link("sub/again", to: "..")
    let (files, _) = InputCollector.collect([folder.path])
    #expect(files.map(\.path) == [folder.path + "/sub/a.json"])
  }

  @Test func singularAndPluralInHiddenCounts() {
    #expect(
      InputProblem.emptyFolder(hiddenEntries: 2).message
        == "the folder has no files (2 hidden entries skipped)")
    #expect(Plural.count(1, "report") == "1 report")
    #expect(Plural.count(0, "report") == "0 reports")
  }

  @Test func anUnreadableFileIsExit66() throws {
    guard geteuid() != 0 else { return }  // root reads everything
    let folder = try TemporaryFolder()
    let file = try folder.write("secret.json", dump)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file)
    let run = CLIRun(["analyze", file])
    #expect(run.status == .noInput)
    #expect(run.error == "rtcstats: \(file): permission denied\n")
  }
}
