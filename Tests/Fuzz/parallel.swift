// libFuzzer target: the parallel JSON-lines path must agree with the sequential one.
//
// The input is split at its first NUL byte into a line A and a tail B. A is repeated, one
// copy per line, past 4 MB (so that `GetStatsParser` hands the rest of the stream to
// `ParallelLines`), then B is appended once: B can break the log late (a bad line, a cut
// line, another shape). The stream is read with `parallel: false` and `parallel: true`;
// the outcome (`DumpInfo` or the `DumpError` with its line and column) and the analysis
// must be identical. Each input costs two passes over 4 MB: expect a few runs per second.
// Build and run with Tests/Fuzz/run.sh parallel.

import RTCStatsCore
import RTCStatsFormats

/// What a reading gives: the dump's info or its error, and the analysis.
///
/// Compared with `==`: their text would differ where a dictionary inside (a timeline's track
/// anchors) iterates in another order, which Swift seeds per instance.
private struct Outcome: Equatable {
  var read: Result<DumpInfo, DumpError>
  var analysis: CallAnalysis
}

private func outcome(_ stream: [UInt8], parallel: Bool) -> Outcome {
  var analyzer = CallAnalyzer()
  let read: Result<DumpInfo, DumpError>
  do {
    read = .success(
      try DumpReader.read(source: MemoryByteSource(stream), parallel: parallel, into: &analyzer))
  } catch {
    read = .failure(error)
  }
  return Outcome(read: read, analysis: analyzer.analysis())
}

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; returns 0 (kept).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParallel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  let split = input.firstIndex(of: 0) ?? input.count
  let line = input[..<split]
  let tail = split < input.count ? input[(split + 1)...] : []
  guard !line.isEmpty, line[line.startIndex] != 0x1F else { return 0 }  // gzip does not repeat
  var stream: [UInt8] = []
  stream.reserveCapacity((4 << 20) + (1 << 20) + 2 * size)
  repeat {
    stream.append(contentsOf: line)
    stream.append(0x0A)
  } while stream.count < (4 << 20) + (512 << 10)
  stream.append(contentsOf: tail)
  let sequential = outcome(stream, parallel: false)
  let parallel = outcome(stream, parallel: true)
  if sequential != parallel {
    fatalError(
      "fuzz check failed: parallel reading differs\n--- sequential\n\(sequential)\n--- parallel\n\(parallel)")
  }
  return 0
}
