import RTCStatsCore
import RTCStatsFormats
import Testing

/// Reading from a source that returns little per read (a pipe gives 64 KB at most) costs
/// about the same as reading a file.
struct StreamingReadTests {
  /// Returns at most `chunk` bytes per read.
  struct TrickleByteSource: ByteSource {
    let bytes: [UInt8]
    let chunk: Int
    var offset = 0
    private(set) var reads = 0

    init(_ bytes: [UInt8], chunk: Int) {
      self.bytes = bytes
      self.chunk = chunk
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
      reads += 1
      let count = min(buffer.count, chunk, bytes.count - offset)
      guard count > 0 else { return 0 }
      bytes.withUnsafeBytes { source in
        buffer.baseAddress.unsafelyUnwrapped.copyMemory(
          from: source.baseAddress.unsafelyUnwrapped + offset, byteCount: count)
      }
      offset += count
      return count
    }
  }

  /// One getStats snapshot `{id: stats, …}` of `objects` inbound-rtp objects: a single JSON
  /// value, so a unit the window must hold whole.
  static func snapshot(objects: Int) -> [UInt8] {
    var text = "{"
    for index in 0..<objects {
      if index > 0 { text += "," }
      text += #""IT\#(index)":{"id":"IT\#(index)","type":"inbound-rtp","kind":"audio","#
      text += #""ssrc":\#(index),"timestamp":1697705842167.07,"bytesReceived":\#(index * 7),"#
      text +=
        #""packetsReceived":\#(index),"jitter":0.002,"padding":"\#(String(repeating: "x", count: 100))"}"#
    }
    return Array((text + "}").utf8)
  }

  /// A 3 MB value arriving 4 KB per read: every read used to make the parser start the value
  /// again (750 passes over it); the window now reads at least as much as it holds before a
  /// retry, so the work stays within a small factor of reading the value at once.
  @Test func oneLargeValueThroughSmallReads() throws {
    let bytes = Self.snapshot(objects: 13_000)
    #expect(bytes.count > 3 << 20)
    let clock = ContinuousClock()
    var whole = CallAnalyzer()
    let wholeStart = clock.now
    let expected = try DumpReader.read(source: MemoryByteSource(bytes), into: &whole)
    let wholeElapsed = clock.now - wholeStart
    var trickled = CallAnalyzer()
    let start = clock.now
    let info = try DumpReader.read(source: TrickleByteSource(bytes, chunk: 4096), into: &trickled)
    let elapsed = clock.now - start
    #expect(info.reportCount == expected.reportCount)
    #expect(trickled.analysis() == whole.analysis())
    // Measured in a debug build: 0.9 s at once, 2 s trickled; 30 s before the fix.
    #expect(elapsed < wholeElapsed * 8 + .seconds(1), "\(elapsed) against \(wholeElapsed) at once")
  }
}
