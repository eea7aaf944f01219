// libFuzzer target: the JSON number parser against the standard library.
//
// When the input is exactly one JSON number (no whitespace around it), `readDouble` must
// give the same bits as `Double(String)` (correctly rounded), and `readNumber` must be the
// exact integer whenever `Int64(String)` or `UInt64(String)` can hold it, else that same
// Double. This covers the fast paths (Clinger, Eisel–Lemire) and their fallbacks. Build
// and run with Tests/Fuzz/run.sh number.

import RTCStatsFormats

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; returns 0 (kept).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumber(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let first = data[0]
  guard first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
    return 0
  }
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  var reader = JSONReader(bytes)
  let double: Double
  do throws(JSONError) {
    double = try reader.readDouble()
  } catch {
    return 0
  }
  guard reader.offset == size else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let expected = Double(text) else {
    fatalError("fuzz check failed: Double(String) rejects the JSON number \(text)")
  }
  if double.bitPattern != expected.bitPattern {
    fatalError("fuzz check failed: \(text) read as \(double), Double(String) gives \(expected)")
  }

  var again = JSONReader(bytes)
  let number: JSONNumber
  do throws(JSONError) {
    number = try again.readNumber()
  } catch {
    fatalError("fuzz check failed: readNumber rejects \(text) (\(error)) that readDouble read")
  }
  let exact: JSONNumber? = Int64(text).map { .int($0) } ?? UInt64(text).map { .uint($0) }
  switch (number, exact) {
  case (.double(let value), nil):
    if value.bitPattern != expected.bitPattern {
      fatalError("fuzz check failed: readNumber(\(text)) = \(value), expected \(expected)")
    }
  case (let got, let want?) where got == want:
    break
  default:
    fatalError("fuzz check failed: readNumber(\(text)) = \(number), expected \(String(describing: exact))")
  }
  return 0
}
