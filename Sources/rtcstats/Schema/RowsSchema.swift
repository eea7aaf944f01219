/// The JSON Schema of `rtcstats analyze --per KIND` lines: one definition per row kind
/// (`file`, `track`, `interval`, `finding`, and `error`/`skipped` for files not analysed),
/// generated from the rows themselves (``FlatRows``), so it cannot drift from them.
enum RowsSchema {
  typealias Node = SchemaNode

  static var document: Node {
    let templates = RowKind.allCases.map(FlatRows.template(of:)) + FlatRows.recordTemplates
    var definitions = templates.map { ($0.kind, definition(of: $0)) }
    definitions.append(("evidence", AnalyzeSchema.evidence))
    return JSONSchemas.document(
      id: "rows", title: "rtcstats analyze --per rows",
      root: .object([("oneOf", .array(templates.map { .ref($0.kind) }))]), definitions: definitions)
  }

  /// A row kind: its columns in order, every one required, typed from the template row.
  static func definition(of row: FlatRow) -> Node {
    var members: [(String, Node)] = []
    for (name, value) in zip(row.names, row.values) {
      switch name {
      case "schemaVersion": members.append((name, .object([("const", .integer(1))])))
      case "row": members.append((name, .constant(row.kind)))
      case "path": members.append((name, .string))
      default: members.append((name, type(of: value)))
      }
    }
    return .record(members)
  }

  private static func type(of value: FlatValue) -> Node {
    switch value {
    case .string: .nullableString
    case .integer: .nullableInteger
    case .number: .nullableNumber
    case .bool: .nullableBoolean
    case .evidence: .ref("evidence")
    }
  }
}
