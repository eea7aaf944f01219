import Testing

@testable import RTCStatsFormats

/// Whole documents are read into ``System/allocateLarge(byteCount:)`` buffers: on Linux
/// mapped memory aligned to a huge page, so that the kernel can back it with 2 MB pages.
@Suite struct LargeBufferTests {
  @Test(arguments: [
    1, 4096, System.hugePageSize - 1, System.hugePageSize, 5_000_001, 3 * System.hugePageSize,
  ])
  func buffersHoldWhatIsWrittenAndAreAligned(byteCount: Int) {
    let buffer = System.allocateLarge(byteCount: byteCount)
    defer { System.deallocate(buffer) }
    #expect(buffer.bytes.count == byteCount)
    let address = Int(bitPattern: buffer.bytes.baseAddress)
    #expect(address % 64 == 0)
    #if os(Linux)
      if byteCount >= System.hugePageSize {
        let mapping = buffer.mapping
        #expect(mapping != nil)
        #expect(address % System.hugePageSize == 0)
        #expect((mapping?.count ?? 0) >= byteCount)
        #expect((mapping?.count ?? 0) % System.hugePageSize == 0)
      } else {
        #expect(buffer.mapping == nil)
      }
    #endif
    // Every page is writable, the last byte included.
    for offset in stride(from: 0, to: byteCount, by: 4096) { buffer.bytes[offset] = UInt8(offset & 0xFF) }
    buffer.bytes[byteCount - 1] = 0xA5
    #expect(buffer.bytes[byteCount - 1] == 0xA5)
  }

  /// A window that grows past a huge page to hold a whole document reads it exactly.
  @Test func aGrownWindowHoldsTheWholeStream() throws {
    let count = 5 * System.hugePageSize + 123
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    var window = StreamWindow(initialSize: 1 << 20)
    var source = MemoryByteSource(bytes)
    try window.fillToEnd(from: &source, sizeHint: count)
    #expect(window.unread.count == count)
    #expect(window.unread.elementsEqual(bytes))
    #if os(Linux)
      let isHugePageBacked = window.isHugePageBacked
      #expect(isHugePageBacked)
    #endif
  }
}
