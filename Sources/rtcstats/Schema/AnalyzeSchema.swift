import RTCStatsCore

/// The JSON Schema of `rtcstats analyze --format json|ndjson` (README "JSON output"): one
/// file's document, a failed file's error record or a skipped file's record, or an array of
/// them (`-f json` with several inputs).
enum AnalyzeSchema {
  typealias Node = SchemaNode

  static var document: Node {
    JSONSchemas.document(
      id: "analyze", title: "rtcstats analyze document",
      root: .anyOf([.ref("file"), .ref("error"), .ref("skipped"), .array(of: .ref("anyRecord"))]),
      definitions: definitions)
  }

  /// Every definition, shared with the rows schema's `evidence`.
  static var definitions: [(String, Node)] {
    [
      ("anyRecord", .anyOf([.ref("file"), .ref("error"), .ref("skipped")])),
      ("file", file),
      ("error", errorRecord),
      ("skipped", skipped),
      ("summary", summary),
      ("evidence", evidence),
      ("trackReference", trackReference),
      ("diagnostic", diagnostic(withThreshold: false)),
      ("finding", diagnostic(withThreshold: true)),
      ("event", event(withPeerConnection: true)),
      ("connectionEvent", event(withPeerConnection: false)),
      ("peerConnection", peerConnection),
      ("transport", transport),
      ("track", TrackSchema.track),
      ("layer", TrackSchema.layer),
      ("interval", TrackSchema.interval),
      ("mos", TrackSchema.mos),
      ("qualityLimitation", TrackSchema.qualityLimitation),
      ("networkCondition", condition),
      ("conditionSummary", conditionSummary),
    ]
  }

  static let schemaVersion: (String, Node) = ("schemaVersion", .object([("const", .integer(1))]))

  static var source: Node {
    .record([
      ("path", .string), ("format", .string), ("bytes", .integer), ("compressed", .boolean),
      ("details", .array(of: .string)), ("userAgent", .nullableString),
    ])
  }

  static var file: Node {
    .record(
      [
        schemaVersion, ("source", source), ("reportCount", .integer), ("truncated", .boolean),
        ("warnings", .array(of: .string)), ("diagnostics", .array(of: .ref("diagnostic"))),
        ("peerConnections", .array(of: .ref("peerConnection"))), ("events", .array(of: .ref("event"))),
        ("findings", .array(of: .ref("finding"))),
      ], description: "One analysed file.")
  }

  static var errorRecord: Node {
    .record(
      [
        schemaVersion, ("source", .record([("path", .string)])),
        (
          "error",
          .record([
            ("message", .string), ("line", .nullableInteger), ("column", .nullableInteger),
            ("exitCode", .oneOfIntegers([65, 66])),
          ])
        ),
      ], description: "A dump that could not be analysed (or an input that could not be read).")
  }

  static var skipped: Node {
    .record(
      [schemaVersion, ("source", .record([("path", .string)])), ("skipped", .record([("reason", .string)]))],
      description: "A file that is not a dump (an image, a text log, other JSON, an archive): skipped.")
  }

  static var summary: Node {
    .record(
      [("mean", .number), ("p50", .number), ("p95", .number), ("min", .number), ("max", .number)],
      description: "A figure over the call; the mean is time-weighted for rates.")
  }

  static var evidence: Node {
    .map(of: .object([("type", .array([.string("number"), .string("string"), .string("boolean")]))]))
  }

  static var trackReference: Node {
    .record([
      ("direction", .oneOf(["inbound", "outbound"])), ("kind", .oneOf(["audio", "video"], nullable: true)),
      ("group", .string),
    ])
  }

  static func diagnostic(withThreshold: Bool) -> Node {
    var members: [(String, Node)] = [
      ("code", .string), ("severity", .oneOf(Severity.allCases.map(\.rawValue))), ("message", .string),
      ("peerConnection", .nullableString), ("track", .nullable(.ref("trackReference"))),
      ("start", .nullableNumber), ("end", .nullableNumber), ("evidence", .ref("evidence")),
    ]
    if withThreshold { members.append(("threshold", .ref("evidence"))) }
    return .record(members)
  }

  static func event(withPeerConnection: Bool) -> Node {
    var members: [(String, Node)] = [("time", .nullableNumber)]
    if withPeerConnection { members.append(("peerConnection", .nullableString)) }
    members += [
      ("kind", .string), ("outcome", .oneOf(EventOutcome.allCases.map(\.rawValue))), ("name", .string),
      ("value", .nullableString),
    ]
    return .record(members)
  }

  static var peerConnection: Node {
    .record([
      ("id", .string), ("startTime", .nullableNumber), ("endTime", .nullableNumber),
      ("duration", .nullableNumber), ("reportCount", .integer), ("transport", .ref("transport")),
      ("tracks", .array(of: .ref("track"))), ("events", .array(of: .ref("connectionEvent"))),
      ("networkCondition", .nullable(.ref("networkCondition"))),
    ])
  }

  static var transport: Node {
    let pair = Node.record([
      ("localCandidateType", .nullableString), ("remoteCandidateType", .nullableString),
      ("protocol", .nullableString), ("relayProtocol", .nullableString), ("networkType", .nullableString),
    ])
    let interval = Node.record(
      [
        ("time", .number), ("roundTripTime", .number), ("availableOutgoingBitrate", .number),
        ("availableIncomingBitrate", .number),
      ], required: ["time"])
    return .record(
      [
        ("roundTripTime", .nullable(.ref("summary"))),
        ("availableOutgoingBitrate", .nullable(.ref("summary"))),
        ("availableIncomingBitrate", .nullable(.ref("summary"))), ("selectedCandidatePair", .nullable(pair)),
        ("selectedCandidatePairChanges", .nullableInteger), ("intervals", .array(of: interval)),
      ],
      required: [
        "roundTripTime", "availableOutgoingBitrate", "availableIncomingBitrate", "selectedCandidatePair",
        "selectedCandidatePairChanges",
      ])
  }

  static var condition: Node {
    .object([
      ("allOf", .array([.ref("conditionSummary")])),
      ("properties", .object([("send", .ref("conditionSummary")), ("receive", .ref("conditionSummary"))])),
      ("required", .array([.string("send"), .string("receive")])),
    ])
  }

  static var conditionSummary: Node {
    let grades = NetworkGrade.allCases.map(\.rawValue)
    let run = Node.record([
      ("start", .number), ("end", .number), ("grade", .oneOf(grades)), ("reason", .string),
    ])
    return .object([
      ("type", .string("object")),
      (
        "properties",
        .object([
          ("grade", .oneOf(grades)), ("reason", .string), ("degradationSource", .string),
          ("evidence", .ref("evidence")),
          ("timeShare", .record(grades.map { ($0, Node.number) })), ("timeline", .array(of: run)),
        ])
      ),
      (
        "required",
        .array(
          ["grade", "reason", "degradationSource", "evidence", "timeShare", "timeline"].map(Node.string))
      ),
    ])
  }
}

extension SchemaNode {
  /// One of the integers `values`.
  static func oneOfIntegers(_ values: [Int]) -> SchemaNode {
    .object([("enum", .array(values.map(SchemaNode.integer)))])
  }
}
