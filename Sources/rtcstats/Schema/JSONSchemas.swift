/// The documents `rtcstats schema` prints.
enum SchemaKind: String, CaseIterable, Equatable, Sendable {
  /// `analyze -f json|ndjson`: a file's document, error record or skipped record.
  case analyze
  /// `analyze --per KIND`: the flat rows.
  case rows
  /// `inspect -f json`.
  case inspect
  /// `call -f json`.
  case call

  /// What the document is, for the list.
  var summary: String {
    switch self {
    case .analyze: "analyze -f json/ndjson: a file's document, or its error or skipped record"
    case .rows: "analyze --per file|track|interval|finding: the flat NDJSON/CSV rows"
    case .inspect: "inspect -f json: what a dump holds"
    case .call: "call -f json: the streams of a call linked across dumps"
    }
  }
}

/// JSON Schema documents (draft 2020-12) of everything rtcstats prints as JSON.
enum JSONSchemas {
  /// The schema of `kind`, as text.
  static func document(for kind: SchemaKind) -> String {
    switch kind {
    case .analyze: AnalyzeSchema.document.text
    case .rows: RowsSchema.document.text
    case .inspect: InspectSchema.document.text
    case .call: CallSchema.document.text
    }
  }

  /// The list `rtcstats schema` prints without an argument.
  static func list() -> String {
    let width = SchemaKind.allCases.map(\.rawValue.count).max() ?? 0
    return SchemaKind.allCases.map { kind in
      kind.rawValue + String(repeating: " ", count: width - kind.rawValue.count + 2) + kind.summary + "\n"
    }.joined()
  }

  /// A whole schema: `$schema`, `$id`, `title`, the root's members, then `$defs`.
  static func document(
    id: String, title: String, root: SchemaNode, definitions: [(String, SchemaNode)]
  ) -> SchemaNode {
    var members: [(String, SchemaNode)] = [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", .string("https://github.com/rtcstats/rtcstats/schema/\(id).json")),
      ("title", .string(title)),
      ("x-schemaVersion", .integer(1)),
    ]
    if case .object(let rootMembers) = root { members += rootMembers }
    members.append(("$defs", .object(definitions)))
    return .object(members)
  }
}
