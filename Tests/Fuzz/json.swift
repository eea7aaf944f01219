// libFuzzer target: the JSON reader on arbitrary bytes.
//
// Checks, for every input:
// - `JSONValue.parse` and `skipValue` + `expectEnd` accept the same inputs and report the
//   same error (kind and offset), and the offset lies inside the input;
// - `lookahead` puts the cursor back;
// - an accepted value, written back out as JSON, parses to an equal value.
// Any crash, hang or failed check is a bug. Build and run with Tests/Fuzz/run.sh json.

import RTCStatsFormats

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; returns 0 (kept).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
  var parsed: JSONValue?
  var parseError: JSONError?
  do throws(JSONError) {
    parsed = try JSONValue.parse(bytes)
  } catch {
    parseError = error
  }
  var reader = JSONReader(bytes)
  var skipError: JSONError?
  do throws(JSONError) {
    try reader.skipValue()
    try reader.expectEnd()
  } catch {
    skipError = error
  }
  check(parseError == skipError, "parse \(describe(parseError)) but skip \(describe(skipError))")
  if let parseError {
    check(
      parseError.offset >= 0 && parseError.offset <= size,
      "offset \(parseError.offset) outside 0...\(size)")
  }

  var ahead = JSONReader(bytes)
  let lookaheadError: JSONError?
  do throws(JSONError) {
    _ = try ahead.lookahead { (inner) throws(JSONError) in try inner.readValue() }
    lookaheadError = nil
  } catch {
    lookaheadError = error
  }
  check(
    ahead.offset == 0, "lookahead left the cursor at \(ahead.offset) (\(describe(lookaheadError)))")

  if let parsed {
    var text: [UInt8] = []
    write(parsed, to: &text)
    let reparsed = text.withUnsafeBytes { buffer in
      Result { () throws(JSONError) -> JSONValue in try JSONValue.parse(buffer) }
    }
    switch reparsed {
    case .success(let value):
      check(
        equivalent(value, parsed),
        "round trip changed the value: \(String(decoding: text, as: UTF8.self))")
    case .failure(let error):
      check(
        false, "round trip does not parse: \(error) in \(String(decoding: text, as: UTF8.self))")
    }
  }
  return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("fuzz check failed: " + message()) }
}

private func describe(_ error: JSONError?) -> String {
  error.map { "'\($0)' at \($0.offset)" } ?? "accepted"
}

/// Equality where NaN cannot occur but ±0 and the JSONNumber case may change on the way
/// back (`-0` reads as the integer 0, 1e2 is written back as 100.0).
private func equivalent(_ a: JSONValue, _ b: JSONValue) -> Bool {
  switch (a, b) {
  case (.number(let x), .number(let y)):
    return x == y || x.doubleValue == y.doubleValue
  case (.array(let x), .array(let y)):
    return x.count == y.count && zip(x, y).allSatisfy { equivalent($0, $1) }
  case (.object(let x), .object(let y)):
    return x.count == y.count
      && zip(x, y).allSatisfy { $0.key == $1.key && equivalent($0.value, $1.value) }
  default:
    return a == b
  }
}

/// Writes `value` as JSON (strings escaped minimally, numbers in Swift's shortest form).
private func write(_ value: JSONValue, to output: inout [UInt8]) {
  switch value {
  case .null: output += Array("null".utf8)
  case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
  case .number(let number):
    switch number {
    case .int(let integer): output += Array(String(integer).utf8)
    case .uint(let integer): output += Array(String(integer).utf8)
    case .double(let double):
      // ±inf (overflowing exponents) cannot be written as JSON; use a number that reads back as it.
      if double.isInfinite {
        output += Array((double < 0 ? "-1e999" : "1e999").utf8)
      } else {
        output += Array("\(double)".utf8)
      }
    }
  case .string(let string): writeString(string, to: &output)
  case .array(let elements):
    output.append(UInt8(ascii: "["))
    for (index, element) in elements.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      write(element, to: &output)
    }
    output.append(UInt8(ascii: "]"))
  case .object(let members):
    output.append(UInt8(ascii: "{"))
    for (index, member) in members.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      writeString(member.key, to: &output)
      output.append(UInt8(ascii: ":"))
      write(member.value, to: &output)
    }
    output.append(UInt8(ascii: "}"))
  }
}

private func writeString(_ string: String, to output: inout [UInt8]) {
  output.append(UInt8(ascii: "\""))
  for byte in string.utf8 {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
      output.append(UInt8(ascii: "\\"))
      output.append(byte)
    case 0..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      output += Array("\\u00".utf8)
      output.append(hex[Int(byte >> 4)])
      output.append(hex[Int(byte & 0xF)])
    default:
      output.append(byte)
    }
  }
  output.append(UInt8(ascii: "\""))
}
