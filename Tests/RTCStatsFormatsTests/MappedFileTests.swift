import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// A whole document (webrtc-internals, rtcstats v0) is the file mapped, not read into a
/// buffer: the window's bytes, the stream positions and the analysis are those of reading it.
@Suite struct MappedFileTests {
  /// Writes `bytes` to a fresh temporary file; returns its path.
  static func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rtcstats-mapped-\(UUID().uuidString).json")
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Lines of printable bytes, `count` bytes in all, with a newline every 1–80 bytes.
  static func lines(count: Int) -> [UInt8] {
    var generator = SplitMix64(state: 17)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count {
      let length = Int(generator.next() % 80)
      for _ in 0..<length { bytes.append(UInt8(0x20 + generator.next() % 95)) }
      bytes.append(0x0A)
    }
    return Array(bytes.prefix(count))
  }

  /// A file read partly through a small window (compacted several times), then to its end:
  /// the window holds the mapped file from the first unread byte, and line and column of
  /// every later position are those counted from the start of the file.
  @Test func theRestOfAPartlyReadFileIsMappedAtTheSamePosition() throws {
    let bytes = Self.lines(count: 3 * MappedFile.minimumSize + 777)
    let path = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try FileByteSource(path: path)
    defer { file.close() }
    var source = PrefixedByteSource(prefix: [], base: file, prefixIsBaseStart: true)
    var window = StreamWindow(initialSize: 64 << 10)
    var consumed = 0
    while consumed < 300_000, try window.fill(from: &source) {
      let step = min(window.unread.count, 50_000)
      window.consume(step)
      consumed += step
    }
    let positionBefore = window.position
    #expect(positionBefore == consumed)
    try window.fillToEnd(from: &source, sizeHint: bytes.count)
    let (holdsMappedFile, isAtEnd) = (window.holdsMappedFile, window.isAtEndOfStream)
    let position = window.position
    #expect(holdsMappedFile)
    #expect(isAtEnd)
    #expect(position == consumed)
    let unread = Array(window.unread)
    #expect(unread.elementsEqual(bytes[consumed...]))
    let expected = StreamWindowLineTests.positions(bytes)
    for offset in [0, 1, 4096, 1_000_003, bytes.count - consumed - 1, bytes.count - consumed] {
      let found = window.lineAndColumn(ofUnreadOffset: offset)
      #expect(found == expected[consumed + offset], "offset \(offset)")
    }
  }

  /// A small file, standard input and a prefix of other bytes are read, not mapped.
  @Test func onlyALargeFileReadFromItsStartIsMapped() throws {
    let large = try Self.temporaryFile(Self.lines(count: MappedFile.minimumSize))
    let small = try Self.temporaryFile(Self.lines(count: MappedFile.minimumSize - 1))
    defer {
      try? FileManager.default.removeItem(atPath: large)
      try? FileManager.default.removeItem(atPath: small)
    }
    var largeFile = try FileByteSource(path: large)
    defer { largeFile.close() }
    var smallFile = try FileByteSource(path: small)
    defer { smallFile.close() }
    #expect(largeFile.mapWholeStream()?.bytes.count == MappedFile.minimumSize)
    #expect(smallFile.mapWholeStream() == nil)
    var standardInput = try FileByteSource(path: "-")
    #expect(standardInput.mapWholeStream() == nil)
    var foreignPrefix = PrefixedByteSource(prefix: [0x7B], base: try FileByteSource(path: large))
    #expect(foreignPrefix.mapWholeStream() == nil)
    var memory = MemoryByteSource(Self.lines(count: MappedFile.minimumSize))
    #expect(memory.mapWholeStream() == nil)
  }

  /// A real webrtc-internals export larger than ``MappedFile/minimumSize`` (Chrome 86, four
  /// minutes): mapped, it gives the analysis and the details that reading the same bytes from
  /// memory gives.
  @Test(.enabled(if: TestData.isSharedAvailable))
  func aMappedWebRTCInternalsDumpAnalysesAsItsBytesDo() throws {
    let path = TestData.sharedPath("corpus/unlicensed/internals-chrome86-oldformat-4min.json")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes.count >= MappedFile.minimumSize)
    var file = try FileByteSource(path: path)
    #expect(file.mapWholeStream() != nil)
    file.close()
    let (mappedInfo, mapped) = try TestData.analyze(path)
    var analyzer = CallAnalyzer()
    let readInfo = try DumpReader.read(
      source: MemoryByteSource(bytes), sizeHint: bytes.count, into: &analyzer)
    #expect(mappedInfo.format == .webrtcInternals)
    #expect(mappedInfo.bytes == bytes.count)
    #expect(mappedInfo.reportCount > 0)
    #expect(mappedInfo == readInfo)
    #expect(mapped == analyzer.analysis())
  }

  /// A mapped file truncated by another process: the bytes past its new end read as zeros
  /// instead of killing the process (SIGBUS), and the mapping says it was cut.
  @Test(.enabled(if: isGuarded))
  func aTruncatedMappingReadsZerosAndSaysItWasCut() throws {
    let bytes = Self.lines(count: 3 * MappedFile.minimumSize)
    let path = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var file = try FileByteSource(path: path)
    defer { file.close() }
    let mapping = file.mapWholeStream()
    let mapped = try #require(mapping)
    #expect(!mapped.wasCut)
    #expect(mapped.bytes[MappedFile.minimumSize / 2] == bytes[MappedFile.minimumSize / 2])
    try Self.truncate(path, to: MappedFile.minimumSize)
    let beyond = mapped.bytes[2 * MappedFile.minimumSize + 12_345]
    #expect(beyond == 0)
    #expect(mapped.wasCut)
    #expect(mapped.bytes[MappedFile.minimumSize / 2] == bytes[MappedFile.minimumSize / 2])
  }

  /// A webrtc-internals dump truncated while the reader holds it mapped is an input error.
  ///
  /// The dump is the basic capture's export (MIT), followed by whitespace up to
  /// ``MappedFile/minimumSize`` so that it is mapped: one input error for the file, not a
  /// crash and not a result. Cut inside a page, the rest of that page reads as zeros with no
  /// fault; cut at a page boundary, the next byte read faults (SIGBUS) and the guard maps
  /// zeros in.
  @Test(.enabled(if: isGuarded), arguments: [0.5, 0.25])
  func aDumpTruncatedWhileMappedIsAnInputError(keptShare: Double) throws {
    let sample = TestData.sample("captures/basic/webrtc-internals.json")
    let document = try [UInt8](Data(contentsOf: URL(fileURLWithPath: sample)))
    let bytes = document + [UInt8](repeating: 0x20, count: MappedFile.minimumSize) + [0x0A]
    let path = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Cut inside the document; a quarter rounded down to 64 KB is a page boundary on every
    // page size Linux uses.
    let share = Int(Double(document.count) * keptShare)
    let keeping = keptShare == 0.5 ? share : share / 65_536 * 65_536
    let source = TruncatingFileSource(base: try FileByteSource(path: path), path: path, keeping: keeping)
    defer { source.base.close() }
    var analyzer = CallAnalyzer()
    let error = #expect(throws: DumpError.self) {
      _ = try DumpReader.read(source: source, sizeHint: bytes.count, into: &analyzer)
    }
    #expect(error?.category == .input)
    #expect(error?.message.contains("truncated by another process") == true)
  }

  /// Whether mappings are guarded here (Linux); elsewhere files are read, not mapped.
  static var isGuarded: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// Truncates the file at `path` to `count` bytes, as another process would.
  static func truncate(_ path: String, to count: Int) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: UInt64(count))
    try handle.close()
  }
}

/// A file that is truncated to `keeping` bytes right after it is mapped.
private struct TruncatingFileSource: ByteSource {
  var base: FileByteSource
  let path: String
  let keeping: Int

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    try base.read(into: buffer)
  }

  mutating func mapWholeStream() -> MappedFile? {
    guard let mapped = base.mapWholeStream() else { return nil }
    try? MappedFileTests.truncate(path, to: keeping)
    return mapped
  }
}
