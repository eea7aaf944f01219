/// The JSON Schema of `rtcstats call --format json` (call schema version 1, README "Call JSON").
enum CallSchema {
  typealias Node = SchemaNode

  static var document: Node {
    JSONSchemas.document(
      id: "call", title: "rtcstats call document", root: view,
      definitions: [
        ("evidence", AnalyzeSchema.evidence), ("trackReference", AnalyzeSchema.trackReference),
        ("diagnostic", AnalyzeSchema.diagnostic(withThreshold: false)), ("endpoint", endpoint),
        ("side", side),
        ("degradation", degradation), ("link", link),
      ])
  }

  static var view: Node {
    let track = Node.record([
      ("direction", .string), ("kind", .string), ("track", .string), ("ssrcs", .array(of: .integer)),
    ])
    let connection = Node.record([
      ("id", .string), ("startTime", .nullableNumber), ("endTime", .nullableNumber),
      ("tracks", .array(of: track)),
    ])
    let dump = Node.record([
      ("source", .string), ("format", .string), ("peerConnections", .array(of: connection)),
    ])
    let offset = Node.record([
      ("from", .string), ("to", .string), ("offset", .nullableNumber), ("confidence", .number),
      ("method", .oneOf(["ssrc", "timing"])), ("support", .integer),
    ])
    let unlinked = Node.record([
      ("source", .string), ("peerConnection", .string), ("ssrc", .nullableInteger),
      ("ssrcs", .array(of: .integer)), ("kind", .string), ("direction", .string), ("track", .string),
      ("reason", .string), ("bestScore", .nullableNumber),
    ])
    return .record([
      AnalyzeSchema.schemaVersion, ("dumps", .array(of: dump)), ("clockOffsets", .array(of: offset)),
      ("links", .array(of: .ref("link"))), ("unlinked", .array(of: unlinked)),
      ("findings", .array(of: .ref("diagnostic"))),
    ])
  }

  static var link: Node {
    let score = Node.record([
      ("value", .nullableNumber), ("fingerprint", .nullableNumber), ("identical", .nullableNumber),
      ("intervals", .integer), ("runnerUp", .nullableNumber), ("resolvedByCompanion", .boolean),
    ])
    let layer = Node.record([
      ("layer", .integer), ("rid", .nullableString), ("width", .nullableInteger),
      ("height", .nullableInteger),
      ("start", .number), ("end", .number),
    ])
    return .record([
      ("kind", .oneOf(["audio", "video"])), ("publisher", .ref("endpoint")), ("subscriber", .ref("endpoint")),
      ("matchedBy", .oneOf(["ssrc", "timing"])), ("confidence", .number), ("score", .nullable(score)),
      ("offset", .nullableNumber), ("degradation", .nullable(.ref("degradation"))),
      ("start", .nullableNumber), ("end", .nullableNumber), ("sent", .ref("side")),
      ("received", .ref("side")),
      ("forwardedLayers", .array(of: layer)),
      ("loss", .record([("uplinkPercent", .nullableNumber), ("downlinkPercent", .nullableNumber)])),
      (
        "delay",
        .record([
          ("uplinkRoundTripTime", .nullableNumber), ("downlinkRoundTripTime", .nullableNumber),
          ("oneWayEstimate", .nullableNumber),
        ])
      ),
    ])
  }

  static var endpoint: Node {
    .record([
      ("source", .string), ("peerConnection", .string), ("ssrc", .nullableInteger),
      ("ssrcs", .array(of: .integer)), ("track", .string), ("trackIdentifier", .nullableString),
      ("mid", .nullableString), ("rids", .array(of: .string)),
    ])
  }

  static var side: Node {
    .record(
      [
        "bitrate", "forwardedBitrate", "frameRate", "width", "height", "packetsLost", "lossPercent",
        "freezeCount", "freezesDuration", "concealmentPercent",
      ].map { ($0, Node.nullableNumber) })
  }

  static var degradation: Node {
    let range = Node.record([
      ("segment", .string), ("start", .number), ("end", .number), ("evidence", .ref("evidence")),
    ])
    return .record([
      ("segment", .string), ("start", .number), ("end", .number), ("evidence", .ref("evidence")),
      ("ranges", .array(of: range)),
    ])
  }
}
