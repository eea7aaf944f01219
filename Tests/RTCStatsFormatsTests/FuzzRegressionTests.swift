import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Inputs that once crashed, hung or blew up a fuzz target (Tests/Fuzz), replayed on every
/// test run: reading them must end in a result or a `DumpError`, never a crash.
///
/// Files in `Fixtures/fuzz-regressions/` are named `<target>-<what went wrong>`; `json-*`
/// inputs also go through the JSON reader checks of the `json` target.
struct FuzzRegressionTests {
  static let directory = "Fixtures/fuzz-regressions"

  static var inputs: [String] {
    guard let url = Bundle.module.url(forResource: directory, withExtension: nil),
      let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
    else { return [] }
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
  }

  static func bytes(of name: String) throws -> [UInt8] {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: nil, subdirectory: directory))
    return Array(try Data(contentsOf: url))
  }

  @Test func thereAreRegressionInputs() {
    #expect(!Self.inputs.isEmpty)
  }

  /// The `dump` target: any input through `DumpReader` and `CallAnalyzer.analysis()`.
  @Test(.timeLimit(.minutes(1)), arguments: inputs)
  func dumpReaderDoesNotCrash(name: String) throws {
    let bytes = try Self.bytes(of: name)
    var analyzer = CallAnalyzer()
    do {
      let info = try DumpReader.read(source: MemoryByteSource(bytes), into: &analyzer)
      #expect(info.reportCount >= 0)
    } catch {
      #expect(!error.message.isEmpty)
    }
    _ = analyzer.analysis()
  }

  /// The `json` target: tree and skip agree, and an error points inside the input.
  @Test(arguments: inputs.filter { $0.hasPrefix("json-") })
  func jsonReadersAgree(name: String) throws {
    let bytes = try Self.bytes(of: name)
    let verdict = JSONConformanceTests.verdict(bytes)
    #expect(verdict.parseError == verdict.skipError)
    if let error = verdict.parseError { #expect(error.offset >= 0 && error.offset <= bytes.count) }
  }
}
