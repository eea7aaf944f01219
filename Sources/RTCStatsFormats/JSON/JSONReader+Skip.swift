extension JSONReader {
  /// Where ``skipValue()`` is in the value it skips.
  private struct SkipState {
    /// Bit i says whether nesting level i is an object: levels 0–63 in `shallowKinds`,
    /// deeper ones in `deepKinds`, so that skipping a small value allocates nothing.
    var shallowKinds: UInt64 = 0
    var deepKinds: [Bool] = []
    var level = 0
    var expectingValue = true
    var inObjectAfterComma = false
    // Right after `[` or `{`, and right after `,` in an array: only for the messages, which
    // are the same as those of `nextKey`, `nextElement` and `readValue`.
    var justOpened = false
    var afterArrayComma = false

    /// Whether nesting level `level` is an object.
    @inline(__always)
    func isObject(level: Int) -> Bool {
      level < 64 ? shallowKinds & (1 << UInt64(level)) != 0 : deepKinds[level - 64]
    }

    /// Records that nesting level `level` is an object or an array.
    @inline(__always)
    mutating func setKind(isObject: Bool) {
      if level < 64 {
        if isObject {
          shallowKinds |= (1 << UInt64(level))
        } else {
          shallowKinds &= ~(1 << UInt64(level))
        }
      } else if level - 64 < deepKinds.count {
        deepKinds[level - 64] = isObject
      } else {
        deepKinds.append(isObject)
      }
    }
  }

  /// Skips one value of any type, validating it completely.
  ///
  /// - Complexity: O(*n*) in the size of the value; no recursion.
  ///
  /// Never inlined: the callers are hot loops (series emission) that run slower with it.
  @inline(never)
  package mutating func skipValue() throws(JSONError) {
    // Strings and numbers, most of what is skipped, without the nesting state.
    skipWhitespace()
    if offset < count {
      let byte = base[offset]
      if byte == UInt8(ascii: "\"") {
        _ = try scanString()
        return
      }
      if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
        try skipNumber()
        return
      }
    }
    try skipNestedValue()
  }

  /// ``skipValue()`` for a container, a literal or an error.
  private mutating func skipNestedValue() throws(JSONError) {
    var state = SkipState()
    while true {
      skipWhitespace()
      guard offset < count else { throw endError(state) }
      let byte = base[offset]
      if state.expectingValue {
        if state.inObjectAfterComma {
          try skipMemberName(byte)
          state.inObjectAfterComma = false
          state.justOpened = false
          continue
        }
        state.justOpened = false
        if try skipValueStart(byte, state: &state) { return }
        continue
      }
      if try skipAfterValue(byte, state: &state) { return }
    }
  }

  /// The error for the end of the input inside the value being skipped.
  private func endError(_ state: SkipState) -> JSONError {
    let expected: String
    if !state.expectingValue {
      expected = state.isObject(level: state.level &- 1) ? "',' or '}'" : "',' or ']'"
    } else if state.justOpened {
      expected = state.inObjectAfterComma ? "a member name or '}'" : "a value or ']'"
    } else {
      expected = state.inObjectAfterComma ? "a member name" : "a value"
    }
    return JSONError(.unexpectedEnd(expected: expected), at: offset)
  }

  /// An object member's `"key" :`.
  @inline(__always)
  private mutating func skipMemberName(_ byte: UInt8) throws(JSONError) {
    guard byte == UInt8(ascii: "\"") else {
      throw JSONError(.unexpectedByte(byte, expected: "a member name in quotes"), at: offset)
    }
    _ = try scanString()
    skipWhitespace()
    guard offset < count else { throw JSONError(.unexpectedEnd(expected: "':'"), at: offset) }
    guard base[offset] == UInt8(ascii: ":") else {
      throw JSONError(.unexpectedByte(base[offset], expected: "':' after a member name"), at: offset)
    }
    offset &+= 1
  }

  /// A value where one is expected: a scalar, or the opening of a container.
  ///
  /// Returns
  /// whether the whole skipped value is done.
  @inline(__always)
  private mutating func skipValueStart(_ byte: UInt8, state: inout SkipState) throws(JSONError) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = byte == UInt8(ascii: "{")
      if depth &+ state.level &+ 1 > maxDepth { throw JSONError(.tooDeep(limit: maxDepth), at: offset) }
      state.setKind(isObject: isObject)
      state.level &+= 1
      offset &+= 1
      skipWhitespace()
      let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      if offset < count && base[offset] == closing {
        offset &+= 1
        state.level &-= 1
        state.expectingValue = false
      } else {
        state.inObjectAfterComma = isObject
        state.justOpened = true
      }
      state.afterArrayComma = false
      return state.level == 0
    case UInt8(ascii: "\""):
      _ = try scanString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try skipNumber()
    case UInt8(ascii: "t"):
      if !matchLiteral("true") { throw literalError("true") }
    case UInt8(ascii: "f"):
      if !matchLiteral("false") { throw literalError("false") }
    case UInt8(ascii: "n"):
      if !matchLiteral("null") { throw literalError("null") }
    default:
      let expected =
        state.afterArrayComma && byte == UInt8(ascii: "]") ? "a value after ','" : "a value"
      throw JSONError(.unexpectedByte(byte, expected: expected), at: offset)
    }
    state.afterArrayComma = false
    if state.level == 0 { return true }
    state.expectingValue = false
    return false
  }

  /// After a value inside a container: `,` or the matching closing bracket.
  ///
  /// Returns
  /// whether the whole skipped value is done.
  @inline(__always)
  private mutating func skipAfterValue(_ byte: UInt8, state: inout SkipState) throws(JSONError) -> Bool {
    let isObject = state.isObject(level: state.level &- 1)
    let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    if byte == UInt8(ascii: ",") {
      offset &+= 1
      state.expectingValue = true
      state.inObjectAfterComma = isObject
      state.afterArrayComma = !isObject
      return false
    }
    guard byte == closing else {
      let expected =
        isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
      throw JSONError(.unexpectedByte(byte, expected: expected), at: offset)
    }
    offset &+= 1
    state.level &-= 1
    return state.level == 0
  }
}
