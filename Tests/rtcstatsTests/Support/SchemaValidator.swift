/// A small JSON parser and JSON Schema (draft 2020-12) validator for the tests.
///
/// Enough of the draft for rtcstats's schemas (`$ref` into `$defs`, `type`, `properties`,
/// `required`, `additionalProperties`, `items`, `enum`, `const`, `anyOf`, `oneOf`, `allOf`).
/// Written here, independent of the code that writes the schemas and the documents.
indirect enum JSONTree: Equatable {
  case null
  case bool(Bool)
  case number(Double, isInteger: Bool)
  case string(String)
  case array([JSONTree])
  case object([String: JSONTree])

  struct ParseError: Error { var message: String }

  /// Parses one JSON text.
  static func parse(_ text: String) throws -> JSONTree {
    var parser = Parser(bytes: Array(text.utf8))
    let value = try parser.value()
    parser.skipSpace()
    guard parser.index == parser.bytes.count else { throw ParseError(message: "trailing data") }
    return value
  }

  private struct Parser {
    var bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value() throws -> JSONTree {
      skipSpace()
      guard index < bytes.count else { throw ParseError(message: "end of input") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [String: JSONTree] = [:]
        skipSpace()
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        while true {
          skipSpace()
          guard case .string(let key) = try value() else { throw ParseError(message: "key") }
          skipSpace()
          index += 1  // :
          members[key] = try value()
          skipSpace()
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: "}") { return .object(members) }
        }
      case UInt8(ascii: "["):
        index += 1
        var elements: [JSONTree] = []
        skipSpace()
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(elements)
        }
        while true {
          elements.append(try value())
          skipSpace()
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: "]") { return .array(elements) }
        }
      case UInt8(ascii: "\""):
        return .string(try string())
      case UInt8(ascii: "t"):
        index += 4
        return .bool(true)
      case UInt8(ascii: "f"):
        index += 5
        return .bool(false)
      case UInt8(ascii: "n"):
        index += 4
        return .null
      default:
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw ParseError(message: "number \(text)") }
        return .number(number, isInteger: !text.contains(where: { ".eE".contains($0) }))
      }
    }

    mutating func string() throws -> String {
      index += 1
      var scalars: [UInt8] = []
      while bytes[index] != UInt8(ascii: "\"") {
        if bytes[index] == UInt8(ascii: "\\") {
          index += 1
          switch bytes[index] {
          case UInt8(ascii: "u"):
            let hex = String(decoding: bytes[(index + 1)...(index + 4)], as: UTF8.self)
            let code = UInt32(hex, radix: 16) ?? 0x3F
            scalars.append(contentsOf: Array(String(Unicode.Scalar(code).map(Character.init) ?? "?").utf8))
            index += 4
          case UInt8(ascii: "n"): scalars.append(0x0A)
          case UInt8(ascii: "t"): scalars.append(0x09)
          case UInt8(ascii: "r"): scalars.append(0x0D)
          case UInt8(ascii: "b"): scalars.append(0x08)
          case UInt8(ascii: "f"): scalars.append(0x0C)
          default: scalars.append(bytes[index])
          }
        } else {
          scalars.append(bytes[index])
        }
        index += 1
      }
      index += 1
      return String(decoding: scalars, as: UTF8.self)
    }
  }
}

/// Validates instances against one schema document.
struct SchemaValidator {
  var root: JSONTree

  /// The problems of `instance` (empty when valid), each with its JSON path.
  func problems(_ instance: JSONTree) -> [String] {
    var found: [String] = []
    validate(instance, against: root, path: "$", into: &found)
    return found
  }

  private func resolve(_ reference: String) -> JSONTree? {
    var node = root
    for part in reference.dropFirst(2).split(separator: "/") {
      guard case .object(let members) = node, let next = members[String(part)] else { return nil }
      node = next
    }
    return node
  }

  private func validate(_ value: JSONTree, against schema: JSONTree, path: String, into found: inout [String])
  {
    guard case .object(let rule) = schema else { return }
    if case .string(let reference) = rule["$ref"] {
      guard let target = resolve(reference) else { return found.append("\(path): no \(reference)") }
      validate(value, against: target, path: path, into: &found)
    }
    if let type = rule["type"], !matches(value, type: type) { found.append("\(path): not \(type)") }
    if case .array(let options) = rule["enum"], !options.contains(value) {
      found.append("\(path): not in enum")
    }
    if let constant = rule["const"], constant != value && !sameNumber(constant, value) {
      found.append("\(path): not \(constant)")
    }
    for keyword in ["anyOf", "oneOf"] {
      guard case .array(let options) = rule[keyword] else { continue }
      let passing = options.filter { option in
        var inner: [String] = []
        validate(value, against: option, path: path, into: &inner)
        return inner.isEmpty
      }.count
      if passing == 0 || (keyword == "oneOf" && passing > 1) {
        found.append("\(path): \(passing) of \(keyword) match")
      }
    }
    if case .array(let all) = rule["allOf"] {
      for option in all { validate(value, against: option, path: path, into: &found) }
    }
    if case .object(let members) = value { validateObject(members, rule, path: path, into: &found) }
    if case .array(let elements) = value, let items = rule["items"] {
      for (index, element) in elements.enumerated() {
        validate(element, against: items, path: "\(path)[\(index)]", into: &found)
      }
    }
  }

  private func validateObject(
    _ members: [String: JSONTree], _ rule: [String: JSONTree], path: String, into found: inout [String]
  ) {
    var properties: [String: JSONTree] = [:]
    if case .object(let declared) = rule["properties"] { properties = declared }
    if case .array(let required) = rule["required"] {
      for case .string(let name) in required where members[name] == nil {
        found.append("\(path): no \(name)")
      }
    }
    for (name, member) in members {
      if let property = properties[name] {
        validate(member, against: property, path: "\(path).\(name)", into: &found)
      } else if let additional = rule["additionalProperties"] {
        if additional == .bool(false) {
          found.append("\(path): unexpected member \(name)")
        } else {
          validate(member, against: additional, path: "\(path).\(name)", into: &found)
        }
      }
    }
  }

  private func sameNumber(_ a: JSONTree, _ b: JSONTree) -> Bool {
    if case .number(let x, _) = a, case .number(let y, _) = b { return x == y }
    return false
  }

  private func matches(_ value: JSONTree, type: JSONTree) -> Bool {
    if case .array(let types) = type { return types.contains { matches(value, type: $0) } }
    guard case .string(let name) = type else { return false }
    switch (name, value) {
    case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
      ("number", .number):
      return true
    case ("integer", .number(let number, _)): return number == number.rounded()
    default: return false
    }
  }
}
