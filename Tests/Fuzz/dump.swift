// libFuzzer target: the whole reading path on arbitrary bytes.
//
// `DumpReader.read` detects the dialect (decompressing gzip), runs the dialect's parser and
// feeds a `CallAnalyzer`, whose `analysis()` is then computed, whatever the outcome. Every
// dialect parser behind `DumpReader` is covered without changes here. Bad input must end in
// a `DumpError`: any crash, hang (-timeout) or blow-up (-rss_limit_mb) is a bug. Build and
// run with Tests/Fuzz/run.sh dump.

import RTCStatsCore
import RTCStatsFormats

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; returns 0 (kept).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDump(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  var analyzer = CallAnalyzer()
  do {
    let info = try DumpReader.read(source: MemoryByteSource(bytes), into: &analyzer)
    blackHole("\(info)")
  } catch {
    blackHole(error.description)
  }
  let analysis = analyzer.analysis()
  blackHole("\(analysis)")
  blackHole("\(analyzer.skippedSamples) \(analyzer.counterResets)")
  return 0
}

@inline(never)
private func blackHole(_ text: String) {
  if text.utf8.count == Int.max { print(text) }
}
