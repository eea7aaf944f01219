import RTCStatsCore

// MARK: - Design
//
// A values string with escapes holds text or objects: `"[\"video\",\"video\",…]"`. Its
// elements repeat far more often than they change (`kind`, `codecId`, `state`), so the
// string is read without unescaping it first: each element's *escaped* bytes are compared
// with the previous element's, and only an element that differs is located, unescaped
// and parsed.
//
//     escaped:  [ \"video\" , \"video\" , \"video\" ]
//                 └ parsed ┘  └ same bytes, then ',' ┘ …
//
// A complete JSON value followed by `,` or `]` cannot be the prefix of a longer element, so
// equal bytes plus a separator mean an equal element. Anything this reader does not expect
// (whitespace, structural characters written as `\u` escapes) makes it give up; the caller
// then unescapes the whole string and reads it with ``JSONReader``, which also produces the
// error message for a malformed array.

/// Reads an escaped values string (the bytes between its quotes) into runs of cells.
enum InternalsEscapedArray {
  /// Decodes `count` bytes at `base` into runs appended to `runs`.
  ///
  /// - Returns: The number of values, or `nil` when the fast path does not apply (nothing
  ///   is appended then).
  static func decodeRuns(
    base: UnsafePointer<UInt8>, count: Int, key: StatsKey, runs: inout [InternalsRun],
    decoder: inout MemberDecoder, element: inout [UInt8]
  ) -> Int? {
    let first = runs.count
    guard
      let values = decode(
        base: base, count: count, key: key, runs: &runs, decoder: &decoder, element: &element)
    else {
      runs.removeSubrange(first...)
      return nil
    }
    return values
  }

  private static func decode(
    base: UnsafePointer<UInt8>, count: Int, key: StatsKey, runs: inout [InternalsRun],
    decoder: inout MemberDecoder, element: inout [UInt8]
  ) -> Int? {
    let first = runs.count
    guard count >= 2, base[0] == UInt8(ascii: "[") else { return nil }
    var position = 1
    if base[position] == UInt8(ascii: "]") { return position + 1 == count ? 0 : nil }
    var values = 0
    var previousStart = 0
    var previousLength = 0
    while true {
      let end: Int
      if previousLength > 0, position + previousLength < count,
        bytesEqual(base + position, base + previousStart, previousLength),
        base[position + previousLength] == UInt8(ascii: ",")
          || base[position + previousLength] == UInt8(ascii: "]")
      {
        end = position + previousLength
        runs[runs.count - 1].count += 1
      } else {
        guard let elementEnd = scanElement(base, count, from: position),
          let cell = parse(
            base + position, elementEnd - position, key: key, decoder: &decoder, element: &element)
        else { return nil }
        end = elementEnd
        if runs.count > first, runs[runs.count - 1].cell == cell {
          runs[runs.count - 1].count += 1
        } else {
          runs.append(InternalsRun(cell: cell, count: 1))
        }
        previousStart = position
        previousLength = end - position
      }
      values += 1
      guard end < count else { return nil }
      if base[end] == UInt8(ascii: "]") { return end + 1 == count ? values : nil }
      guard base[end] == UInt8(ascii: ",") else { return nil }
      position = end + 1
    }
  }

  /// Unescapes one element and reads it as a cell; `nil` when it is not exactly one value.
  private static func parse(
    _ start: UnsafePointer<UInt8>, _ length: Int, key: StatsKey, decoder: inout MemberDecoder,
    element: inout [UInt8]
  ) -> InternalsCell? {
    JSONReader.unescape(UnsafeBufferPointer(start: start, count: length), into: &element)
    return element.withUnsafeBufferPointer { buffer -> InternalsCell? in
      guard let base = buffer.baseAddress else { return nil }
      var reader = JSONReader(base: base, count: buffer.count)
      guard
        let cell = try? InternalsValueReader.cell(
          key, from: &reader, decoder: &decoder),
        reader.isAtEnd()
      else { return nil }
      return cell
    }
  }

  /// The end of the element at `position` in escaped bytes: the offset of the `,` or `]`
  /// that follows it at the top level, or `nil` for input the fast path does not handle.
  ///
  /// The escaped bytes are decoded on the fly (`\"` is a quote of the inner JSON, `\\` a
  /// backslash) and the inner JSON is tokenised just enough to track strings and nesting.
  static func scanElement(_ base: UnsafePointer<UInt8>, _ count: Int, from position: Int) -> Int? {
    var index = position
    var depth = 0
    var inString = false
    var innerEscape = false
    while index < count {
      var character = base[index]
      var width = 1
      if character == UInt8(ascii: "\\") {
        guard index + 1 < count else { return nil }
        switch base[index + 1] {
        case UInt8(ascii: "\""): character = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): character = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): character = UInt8(ascii: "/")
        case UInt8(ascii: "u"):
          // Only inside inner strings, where it cannot close anything.
          guard inString, !innerEscape else { return nil }
          width = 6
          character = UInt8(ascii: "?")
        default:
          // `\n`, `\t`…: whitespace outside strings, which this path does not expect.
          guard inString else { return nil }
          character = UInt8(ascii: "?")
        }
        if width == 1 { width = 2 }
      }
      if inString {
        if innerEscape {
          innerEscape = false
        } else if character == UInt8(ascii: "\\") {
          innerEscape = true
        } else if character == UInt8(ascii: "\"") {
          inString = false
        }
      } else {
        switch character {
        case UInt8(ascii: "\""):
          inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          if depth == 0 { return character == UInt8(ascii: "]") ? index : nil }
          depth -= 1
        case UInt8(ascii: ","):
          if depth == 0 { return index }
        case 0x20, 0x09, 0x0A, 0x0D:
          return nil
        default:
          break
        }
      }
      index += width
    }
    return nil
  }
}
