import Foundation
import RTCStatsFormats
import Testing

/// The JSONTestSuite cases (nst/JSONTestSuite, MIT) run through both ways of reading a whole
/// JSON text: the tree (`JSONValue.parse`) and the validating skip (`skipValue` +
/// `expectEnd`).
///
/// Both must agree on every file.
///
/// The full suite lives in `../shared/corpus/jsontestsuite/` and is skipped when absent; a few
/// cases are copied into `Fixtures/jsontestsuite/` (LICENSE beside them) and always run.
struct JSONConformanceTests {
  /// The shared copy of the suite's `test_parsing/` directory.
  static let suiteDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/jsontestsuite")

  static var isSuiteAvailable: Bool {
    FileManager.default.fileExists(atPath: suiteDirectory.appendingPathComponent("LICENSE").path)
  }

  /// The answer of both readers for one file.
  struct Verdict: Equatable {
    var parseError: JSONError?
    var skipError: JSONError?
  }

  static func verdict(_ bytes: [UInt8]) -> Verdict {
    bytes.withUnsafeBytes { buffer in
      var verdict = Verdict()
      do throws(JSONError) {
        _ = try JSONValue.parse(buffer)
      } catch {
        verdict.parseError = error
      }
      var reader = JSONReader(buffer)
      do throws(JSONError) {
        try reader.skipValue()
        try reader.expectEnd()
      } catch {
        verdict.skipError = error
      }
      return verdict
    }
  }

  /// Counts of accepted and rejected files per prefix.
  struct Tally: CustomStringConvertible {
    var accepted: [Character: Int] = [:]
    var rejected: [Character: Int] = [:]
    var description: String {
      ["y", "n", "i"].map { (prefix: Character) in
        "\(prefix)_: \(accepted[prefix, default: 0]) accepted, \(rejected[prefix, default: 0]) rejected"
      }.joined(separator: "; ")
    }
  }

  /// Checks one file; returns whether it was accepted.
  static func check(name: String, bytes: [UInt8]) -> Bool {
    let verdict = verdict(bytes)
    let parsed = verdict.parseError == nil
    let skipped = verdict.skipError == nil
    #expect(
      parsed == skipped,
      "\(name): parse \(verdict.parseError.map { "\($0)" } ?? "ok"), skip \(verdict.skipError.map { "\($0)" } ?? "ok")"
    )
    // Where both reject, they must report the same error at the same place.
    if let parseError = verdict.parseError, let skipError = verdict.skipError {
      #expect(
        parseError == skipError,
        "\(name): parse \(parseError) at \(parseError.offset), skip \(skipError) at \(skipError.offset)"
      )
    }
    switch name.first {
    case "y":
      #expect(parsed, "\(name) must be accepted: \(verdict.parseError.map { "\($0)" } ?? "")")
    case "n": #expect(!parsed, "\(name) must be rejected")
    default: break
    }
    return parsed
  }

  @Test(.enabled(if: isSuiteAvailable), .timeLimit(.minutes(2)))
  func wholeSuite() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.suiteDirectory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    // 318 parsing cases in nst/JSONTestSuite commit 1ef36fa: 95 y_, 188 n_, 35 i_.
    #expect(names.count == 318)
    var tally = Tally()
    var implementationDefined: [String] = []
    for name in names {
      let data = try Data(contentsOf: Self.suiteDirectory.appendingPathComponent(name))
      let prefix = name.first ?? "?"
      let accepted = Self.check(name: name, bytes: Array(data))
      if accepted {
        tally.accepted[prefix, default: 0] += 1
      } else {
        tally.rejected[prefix, default: 0] += 1
      }
      if prefix == "i" {
        implementationDefined.append("  \(accepted ? "accepted" : "rejected") \(name)")
      }
    }
    print("JSONTestSuite: \(tally)\n" + implementationDefined.joined(separator: "\n"))
    #expect(tally.accepted["y"] == 95)
    #expect(tally.rejected["n"] == 188)
    // Our choices for the 35 i_ cases: numbers out of range are read (±inf, 0, or rounded),
    // lone surrogate escapes become U+FFFD; raw bytes that are not UTF-8, UTF-16 and a
    // byte order mark are rejected.
    #expect(tally.accepted["i"] == 21)
    #expect(tally.rejected["i"] == 14)
  }

  /// The cases copied into the fixtures, run even without `../shared`.
  @Test(arguments: [
    "y_structure_lonely_string.json", "y_string_surrogates_U+1D11E_MUSICAL_SYMBOL_G_CLEF.json",
    "y_number_real_capital_e_neg_exp.json", "y_object_duplicated_key.json",
    "n_structure_100000_opening_arrays.json", "n_structure_open_array_object.json",
    "n_array_extra_comma.json", "n_string_invalid_utf8_after_escape.json",
    "n_number_-01.json", "n_structure_unclosed_array_unfinished_true.json",
    "i_string_lone_second_surrogate.json", "i_number_huge_exp.json",
  ])
  func fixture(name: String) throws {
    let url = try #require(
      Bundle.module.url(
        forResource: name, withExtension: nil, subdirectory: "Fixtures/jsontestsuite"))
    let bytes = Array(try Data(contentsOf: url))
    _ = Self.check(name: name, bytes: bytes)
  }

  @Test func deepNestingStopsAtTheLimit() {
    let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    let verdict = Self.verdict(bytes)
    // The 513th '[' (offset 512) exceeds the default limit of 512.
    #expect(verdict.parseError == JSONError(.tooDeep(limit: 512), at: 512))
    #expect(verdict.skipError == JSONError(.tooDeep(limit: 512), at: 512))
  }
}
