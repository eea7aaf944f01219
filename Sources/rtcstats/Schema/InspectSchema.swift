/// The JSON Schema of `rtcstats inspect --format json`: one file's inventory, its error
/// record or its skipped record (a file that is not a dump, as in `analyze`), or an array of
/// them for several inputs.
enum InspectSchema {
  typealias Node = SchemaNode

  static var document: Node {
    JSONSchemas.document(
      id: "inspect", title: "rtcstats inspect document",
      root: .anyOf([
        .ref("inspection"), .ref("error"), .ref("skipped"),
        .array(of: .anyOf([.ref("inspection"), .ref("error"), .ref("skipped")])),
      ]),
      definitions: [
        ("inspection", inspection), ("error", AnalyzeSchema.errorRecord),
        ("skipped", AnalyzeSchema.skipped), ("requests", requests), ("peerConnection", peerConnection),
      ])
  }

  static var inspection: Node {
    .record(
      [
        AnalyzeSchema.schemaVersion, ("source", AnalyzeSchema.source), ("reportCount", .integer),
        ("truncated", .boolean), ("warnings", .array(of: .string)), ("eventCount", .integer),
        ("getUserMedia", .ref("requests")), ("getDisplayMedia", .ref("requests")),
        ("peerConnections", .array(of: .ref("peerConnection"))),
      ],
      required: [
        "schemaVersion", "source", "reportCount", "truncated", "warnings", "eventCount", "peerConnections",
      ])
  }

  static var requests: Node {
    .record([
      ("calls", .integer), ("successes", .integer), ("failures", .integer), ("firstFailure", .nullableString),
    ])
  }

  static var peerConnection: Node {
    .record(
      [
        ("id", .string), ("startTime", .nullableNumber), ("endTime", .nullableNumber),
        ("reportCount", .integer),
        ("objectCount", .integer), ("objectCountIsCapped", .boolean), ("typicalInterval", .nullableNumber),
        ("types", .map(of: .integer)), ("eventCount", .integer), ("connectionState", .nullableString),
      ],
      required: [
        "id", "startTime", "endTime", "reportCount", "objectCount", "typicalInterval", "types", "eventCount",
        "connectionState",
      ])
  }
}
