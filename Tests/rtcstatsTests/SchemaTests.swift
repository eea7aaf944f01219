import Foundation
import Testing

@testable import rtcstats

/// `rtcstats schema`: every document rtcstats prints for every Sample validates against its
/// schema (with the validator written in the tests, `Support/SchemaValidator.swift`).
@Suite struct SchemaTests {
  static func validator(_ kind: String) throws -> SchemaValidator {
    let run = CLIRun(["schema", kind])
    #expect(run.status == .success)
    return SchemaValidator(root: try JSONTree.parse(run.output))
  }

  static var samples: String { CLIRun.root + "/Samples" }

  func expectValid(_ lines: String, _ validator: SchemaValidator, minimum: Int) throws {
    var count = 0
    for line in lines.split(separator: "\n") {
      let problems = validator.problems(try JSONTree.parse(String(line)))
      #expect(problems.isEmpty, "\(problems.prefix(5)) in \(line.prefix(200))")
      count += 1
    }
    #expect(count >= minimum)
  }

  @Test func analyzeDocumentsOfEverySampleValidate() throws {
    let validator = try Self.validator("analyze")
    let run = CLIRun(["analyze", "-f", "ndjson", Self.samples])
    try expectValid(run.output, validator, minimum: BatchTests.sampleDumps.count)
    let array = CLIRun(["analyze", "-f", "json", "--no-intervals", Self.samples + "/captures/loss5"])
    #expect(validator.problems(try JSONTree.parse(array.output)).isEmpty)
  }

  @Test(arguments: RowKind.allCases)
  func rowsOfEverySampleValidate(_ kind: RowKind) throws {
    let validator = try Self.validator("rows")
    let run = CLIRun(["analyze", "--per", kind.rawValue, Self.samples])
    try expectValid(run.output, validator, minimum: 10)
  }

  @Test func inspectDocumentsOfEverySampleValidate() throws {
    let validator = try Self.validator("inspect")
    let run = CLIRun(["inspect", "-f", "json", Self.samples])
    #expect(validator.problems(try JSONTree.parse(run.output)).isEmpty)
  }

  @Test func callDocumentsValidate() throws {
    let validator = try Self.validator("call")
    for folder in ["sfu-uplink-loss", "loss5", "basic"] {
      let files = try FileManager.default.contentsOfDirectory(atPath: Self.samples + "/captures/" + folder)
        .filter { $0.hasSuffix(".jsonl") }.map { Self.samples + "/captures/" + folder + "/" + $0 }
      let run = CLIRun(["call", "-f", "json"] + files)
      let problems = validator.problems(try JSONTree.parse(run.output))
      #expect(problems.isEmpty, "\(folder): \(problems.prefix(5))")
    }
  }

  @Test func aMemberOutsideTheSchemaIsRejected() throws {
    // The validator and the closed objects catch drift: an unknown member fails.
    let validator = try Self.validator("rows")
    let row =
      #"{"schemaVersion":1,"row":"skipped","path":"a","format":null,"peerConnection":null,"reason":"x","extra":1}"#
    #expect(!validator.problems(try JSONTree.parse(row)).isEmpty)
  }

  @Test func schemaListAndUnknownKind() {
    let list = CLIRun(["schema"])
    for kind in SchemaKind.allCases { #expect(list.output.contains(kind.rawValue + " ")) }
    let unknown = CLIRun(["schema", "analyse"])
    #expect(unknown.status == .usage)
    #expect(unknown.error.contains("did you mean 'analyze'?"))
  }
}
