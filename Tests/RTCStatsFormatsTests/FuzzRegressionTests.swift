import Foundation
import RTCStatsCore
import RTCStatsFormats
import Testing

/// Inputs that once crashed, hung or blew up a fuzz target (Tests/Fuzz), replayed on every
/// test run: reading them must end in a result or a `DumpError`, never a crash.
///
/// Files in `Fixtures/fuzz-regressions/` are named `<target>-<what went wrong>`; `json-*`
/// inputs also go through the JSON reader checks of the `json` target, `stream-*` inputs
/// through the whole-versus-chunked comparison of the `stream` target, `parallel-*` inputs
/// through the sequential-versus-parallel comparison of the `parallel` target.
struct FuzzRegressionTests {
  static let directory = "Fixtures/fuzz-regressions"

  static var inputs: [String] {
    guard let url = Bundle.module.url(forResource: directory, withExtension: nil),
      let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
    else { return [] }
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
  }

  static func bytes(of name: String) throws -> [UInt8] {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: nil, subdirectory: directory))
    return Array(try Data(contentsOf: url))
  }

  @Test func thereAreRegressionInputs() {
    #expect(!Self.inputs.isEmpty)
  }

  /// The `dump` target: any input through `DumpReader` and `CallAnalyzer.analysis()`.
  @Test(.timeLimit(.minutes(1)), arguments: inputs)
  func dumpReaderDoesNotCrash(name: String) throws {
    let bytes = try Self.bytes(of: name)
    var analyzer = CallAnalyzer()
    do {
      let info = try DumpReader.read(source: MemoryByteSource(bytes), into: &analyzer)
      #expect(info.reportCount >= 0)
    } catch {
      #expect(!error.message.isEmpty)
    }
    _ = analyzer.analysis()
  }

  /// The `json` target: tree and skip agree, and an error points inside the input.
  @Test(arguments: inputs.filter { $0.hasPrefix("json-") })
  func jsonReadersAgree(name: String) throws {
    let bytes = try Self.bytes(of: name)
    let verdict = JSONConformanceTests.verdict(bytes)
    #expect(verdict.parseError == verdict.skipError)
    if let error = verdict.parseError { #expect(error.offset >= 0 && error.offset <= bytes.count) }
  }

  /// The `stream` target: the input after its first byte, repeated past 64 KB, read whole
  /// and in chunks (sizes chosen by the first byte, then every other phase of the cycle)
  /// gives the same result.
  @Test(.timeLimit(.minutes(1)), arguments: inputs.filter { $0.hasPrefix("stream-") })
  func chunkedReadingEqualsWholeReading(name: String) throws {
    let bytes = try Self.bytes(of: name)
    try #require(bytes.count >= 2)
    let stream = Self.repeatedStream(Array(bytes[1...]))
    let whole = Self.outcome(MemoryByteSource(stream))
    // The chunk pattern of the finding first, then every other phase of the cycle.
    let phases =
      [Int(bytes[0])]
      + (0..<ChunkedByteSource.sizes.count).filter {
        $0 != Int(bytes[0]) % ChunkedByteSource.sizes.count
      }
    for phase in phases {
      let chunked = Self.outcome(ChunkedByteSource(bytes: stream, step: phase))
      #expect(whole == chunked, "chunk phase \(phase)")
    }
  }

  /// The `parallel` target: a line (the input up to its first NUL) repeated past 4.5 MB,
  /// then the rest of the input once, read sequentially and on worker threads, gives the
  /// same result.
  @Test(.timeLimit(.minutes(1)), arguments: inputs.filter { $0.hasPrefix("parallel-") })
  func parallelReadingEqualsSequentialReading(name: String) throws {
    let bytes = try Self.bytes(of: name)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    var stream: [UInt8] = []
    repeat {
      stream.append(contentsOf: bytes[..<split])
      stream.append(0x0A)
    } while stream.count < (4 << 20) + (512 << 10)
    if split < bytes.count { stream.append(contentsOf: bytes[(split + 1)...]) }
    #expect(
      Self.outcome(MemoryByteSource(stream), parallel: false)
        == Self.outcome(MemoryByteSource(stream), parallel: true))
  }

  /// `input` repeated, one copy per line, past 64 KB; an `RTCStatsDump` header (the first two
  /// lines) is kept once, ahead of the repeats (as Tests/Fuzz/stream.swift).
  static func repeatedStream(_ input: [UInt8]) -> [UInt8] {
    var header: ArraySlice<UInt8> = []
    var unit = input[...]
    if input.starts(with: "RTCStatsDump".utf8) {
      let newlines = input.indices.filter { input[$0] == 0x0A }.prefix(2)
      let end = newlines.count == 2 ? newlines[newlines.startIndex + 1] + 1 : input.count
      header = input[..<end]
      unit = input[end...]
    }
    var stream = Array(header)
    repeat {
      stream.append(contentsOf: unit)
      stream.append(0x0A)
    } while stream.count < (64 << 10) + 4096
    return stream
  }

  /// What a reading gives: `DumpInfo` (or the error) and the analysis.
  ///
  /// Compared with `==`, not as text: a dictionary inside (a timeline's track anchors)
  /// iterates in an order Swift seeds per instance, so two equal analyses can print
  /// differently (the parallel target's `parallel-track-anchors-printed-in-dictionary-order`).
  struct Outcome: Equatable {
    var read: Result<DumpInfo, DumpError>
    var analysis: CallAnalysis
  }

  static func outcome(_ source: some ByteSource, parallel: Bool = true) -> Outcome {
    var analyzer = CallAnalyzer()
    let read: Result<DumpInfo, DumpError>
    do {
      read = .success(try DumpReader.read(source: source, parallel: parallel, into: &analyzer))
    } catch {
      read = .failure(error)
    }
    return Outcome(read: read, analysis: analyzer.analysis())
  }
}

/// Returns at most one chunk per read, cycling through uneven sizes (as Tests/Fuzz/stream.swift).
private struct ChunkedByteSource: ByteSource {
  static let sizes = [1, 3, 17, 64, 500, 1021, 4096, 8191]
  let bytes: [UInt8]
  var offset = 0
  var step: Int

  init(bytes: [UInt8], step: Int) {
    self.bytes = bytes
    self.step = step
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    step &+= 1
    let count = min(buffer.count, Self.sizes[step % Self.sizes.count], bytes.count - offset)
    guard count > 0 else { return 0 }
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}
