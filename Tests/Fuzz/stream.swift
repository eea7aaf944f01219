// libFuzzer target: reading in pieces must give the same result as reading at once.
//
// The input (after its first byte) is repeated, one copy per line, past 64 KB, so that
// the stream outgrows the bytes `DumpReader` sniffs and the dialect parser has to pull
// more through `StreamWindow` while values are cut at arbitrary places. The stream is read
// twice: from memory in one piece, and through a source that returns small, uneven chunks
// (sizes chosen by the first byte). The outcome (`DumpInfo` or the `DumpError` with its
// line and column) and the analysis must be identical. An input that starts with
// `RTCStatsDump` keeps its first two lines (the header) once, ahead of the repeats. Build and run with
// Tests/Fuzz/run.sh stream.

import RTCStatsCore
import RTCStatsFormats

/// Returns at most one chunk per read, cycling through uneven sizes.
private struct ChunkedByteSource: ByteSource {
  static let sizes = [1, 3, 17, 64, 500, 1021, 4096, 8191]
  let bytes: [UInt8]
  var offset = 0
  var step: Int

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    step &+= 1
    let chunk = Self.sizes[step % Self.sizes.count]
    let count = min(buffer.count, chunk, bytes.count - offset)
    guard count > 0 else { return 0 }
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}

/// What a reading gives: the dump's info (its byte count left out) or its error, and the
/// analysis.
///
/// Compared with `==`: their text would differ where a dictionary inside iterates in another
/// order, which Swift seeds per instance.
private struct Outcome: Equatable {
  var read: Result<DumpInfo, DumpError>
  var analysis: CallAnalysis
}

private func outcome(_ source: some ByteSource) -> Outcome {
  var analyzer = CallAnalyzer()
  let read: Result<DumpInfo, DumpError>
  do {
    var info = try DumpReader.read(source: source, into: &analyzer)
    info.bytes = 0
    read = .success(info)
  } catch {
    read = .failure(error)
  }
  return Outcome(read: read, analysis: analyzer.analysis())
}

/// `input` repeated, one copy per line, past 64 KB; an `RTCStatsDump` header (the first two
/// lines) is kept once, ahead of the repeats.
func repeatedStream(_ input: [UInt8]) -> [UInt8] {
  var header: ArraySlice<UInt8> = []
  var unit = input[...]
  if input.starts(with: "RTCStatsDump".utf8) {
    let newlines = input.indices.filter { input[$0] == 0x0A }.prefix(2)
    let end = newlines.count == 2 ? newlines[newlines.startIndex + 1] + 1 : input.count
    header = input[..<end]
    unit = input[end...]
  }
  var stream = Array(header)
  stream.reserveCapacity((64 << 10) + 2 * input.count + 4096)
  repeat {
    stream.append(contentsOf: unit)
    stream.append(0x0A)
  } while stream.count < (64 << 10) + 4096
  return stream
}

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; returns 0 (kept).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStream(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size >= 2, data[1] != 0x1F else { return 0 }  // gzip does not repeat
  let stream = repeatedStream(Array(UnsafeBufferPointer(start: data + 1, count: size - 1)))
  let whole = outcome(MemoryByteSource(stream))
  let chunked = outcome(ChunkedByteSource(bytes: stream, step: Int(data[0])))
  if whole != chunked {
    fatalError(
      "fuzz check failed: chunked reading differs\n--- whole\n\(whole)\n--- chunked\n\(chunked)")
  }
  return 0
}
