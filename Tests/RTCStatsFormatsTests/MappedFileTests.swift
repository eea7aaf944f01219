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
    let (isMapped, isAtEnd, position) = (window.holdsMappedFile, window.isAtEndOfStream, window.position)
    #expect(isMapped)
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
}
