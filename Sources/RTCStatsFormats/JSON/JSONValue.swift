/// A parsed JSON value, for the small parts of a dump read as a whole (metadata lines,
/// headers, legacy stats).
///
/// The hot paths read with ``JSONReader`` directly.
package enum JSONValue: Sendable, Equatable {
  case object([(key: String, value: JSONValue)])
  case array([JSONValue])
  case string(String)
  case number(JSONNumber)
  case bool(Bool)
  case null

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.array(let a), .array(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.null, .null): true
    default: false
    }
  }

  /// The member `key` of an object (the first, if repeated).
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  package var doubleValue: Double? {
    if case .number(let value) = self { return value.doubleValue }
    return nil
  }

  package var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  package var objectValue: [(key: String, value: JSONValue)]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// A short name of the value's JSON type, for messages.
  package var typeName: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }

  /// Parses a whole JSON text.
  package static func parse(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int = JSONReader.defaultMaxDepth
  ) throws(JSONError) -> JSONValue {
    var reader = JSONReader(bytes, maxDepth: maxDepth)
    let value = try reader.readValue()
    try reader.expectEnd()
    return value
  }

  /// Parses a whole JSON text held in a string.
  package static func parse(_ text: String) throws(JSONError) -> JSONValue {
    let utf8 = Array(text.utf8)
    let result = utf8.withUnsafeBytes { buffer in
      Result { () throws(JSONError) -> JSONValue in try parse(buffer) }
    }
    return try result.get()
  }
}

extension JSONReader {
  /// Reads one value of any type into a tree.
  ///
  /// Nesting is bounded by ``maxDepth``; the tree is built with an explicit stack, not by
  /// recursion.
  package mutating func readValue() throws(JSONError) -> JSONValue {
    enum Frame {
      case object([(key: String, value: JSONValue)], JSONContainer, pendingKey: String)
      case array([JSONValue], JSONContainer)
    }
    var stack: [Frame] = []
    var finished: JSONValue
    while true {
      // Read one scalar, or open a container and read its first member.
      switch try peekKind() {
      case .object:
        var container = try beginObject()
        if let key = try nextKey(in: &container) {
          stack.append(.object([], container, pendingKey: key.decoded()))
          continue
        }
        finished = .object([])
      case .array:
        var container = try beginArray()
        if try nextElement(in: &container) {
          stack.append(.array([], container))
          continue
        }
        finished = .array([])
      case .string: finished = .string(try readString())
      case .number: finished = .number(try readNumber())
      case .bool: finished = .bool(try readBool())
      case .null:
        try readNull()
        finished = .null
      }
      // Attach the finished value to its parent; close every parent that ends here.
      while true {
        guard let frame = stack.popLast() else { return finished }
        switch frame {
        case .object(var members, var container, let pendingKey):
          members.append((pendingKey, finished))
          if let key = try nextKey(in: &container) {
            stack.append(.object(members, container, pendingKey: key.decoded()))
          } else {
            finished = .object(members)
            continue
          }
        case .array(var elements, var container):
          elements.append(finished)
          if try nextElement(in: &container) {
            stack.append(.array(elements, container))
          } else {
            finished = .array(elements)
            continue
          }
        }
        break
      }
    }
  }
}
