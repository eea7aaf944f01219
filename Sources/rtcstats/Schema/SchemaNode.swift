/// A JSON Schema (draft 2020-12) fragment, built in Swift so that the schemas follow the
/// code (the metric members come from ``MetricRegistry``) and printed with two-space indents.
indirect enum SchemaNode: Sendable {
  /// A JSON object: members in order.
  case object([(String, SchemaNode)])
  case array([SchemaNode])
  case string(String)
  case integer(Int)
  case bool(Bool)

  // MARK: - Building

  /// `{"type": name}` or `{"type": [name, "null"]}`.
  static func type(_ name: String, nullable: Bool = false) -> SchemaNode {
    .object([("type", nullable ? .array([.string(name), .string("null")]) : .string(name))])
  }

  static let string = type("string")
  static let integer = type("integer")
  static let number = type("number")
  static let boolean = type("boolean")
  static let nullableString = type("string", nullable: true)
  static let nullableInteger = type("integer", nullable: true)
  static let nullableNumber = type("number", nullable: true)
  static let nullableBoolean = type("boolean", nullable: true)

  /// A reference to `#/$defs/name`.
  static func ref(_ name: String) -> SchemaNode { .object([("$ref", .string("#/$defs/" + name))]) }

  /// `schema` or `null`.
  static func nullable(_ schema: SchemaNode) -> SchemaNode {
    .object([("anyOf", .array([schema, type("null")]))])
  }

  /// One of the strings `values` (or `null`).
  static func oneOf(_ values: [String], nullable: Bool = false) -> SchemaNode {
    let values = SchemaNode.object([("enum", .array(values.map(SchemaNode.string)))])
    return nullable ? self.nullable(values) : values
  }

  /// Exactly the string `value`.
  static func constant(_ value: String) -> SchemaNode { .object([("const", .string(value))]) }

  /// An array of `items`.
  static func array(of items: SchemaNode) -> SchemaNode {
    .object([("type", .string("array")), ("items", items)])
  }

  /// An object with these members and no others; `required` names the members always
  /// present (all of them by default).
  static func record(
    _ members: [(String, SchemaNode)], required: [String]? = nil, description: String? = nil
  ) -> SchemaNode {
    var entries: [(String, SchemaNode)] = [("type", .string("object"))]
    if let description { entries.append(("description", .string(description))) }
    entries.append(("properties", .object(members)))
    entries.append(("required", .array((required ?? members.map(\.0)).map(SchemaNode.string))))
    entries.append(("additionalProperties", .bool(false)))
    return .object(entries)
  }

  /// An object whose members are all of `values` (evidence, type counts).
  static func map(of values: SchemaNode) -> SchemaNode {
    .object([("type", .string("object")), ("additionalProperties", values)])
  }

  /// Any of `schemas`.
  static func anyOf(_ schemas: [SchemaNode]) -> SchemaNode { .object([("anyOf", .array(schemas))]) }

  // MARK: - Printing

  /// The schema as JSON text, two spaces per level, with a final line break.
  var text: String {
    var output = ""
    write(into: &output, indent: "")
    return output + "\n"
  }

  private func write(into output: inout String, indent: String) {
    let inner = indent + "  "
    switch self {
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{\n"
      for (index, member) in members.enumerated() {
        output += inner + Self.quoted(member.0) + ": "
        member.1.write(into: &output, indent: inner)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += indent + "}"
    case .array(let elements):
      let simple = elements.allSatisfy { if case .string = $0 { true } else { false } }
      if simple {
        var items: [String] = []
        for element in elements { if case .string(let text) = element { items.append(Self.quoted(text)) } }
        output += "[" + items.joined(separator: ", ") + "]"
        return
      }
      output += "[\n"
      for (index, element) in elements.enumerated() {
        output += inner
        element.write(into: &output, indent: inner)
        output += index == elements.count - 1 ? "\n" : ",\n"
      }
      output += indent + "]"
    case .string(let text): output += Self.quoted(text)
    case .integer(let value): output += String(value)
    case .bool(let value): output += value ? "true" : "false"
    }
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
