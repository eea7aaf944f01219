import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// `StreamWindow.lineAndColumn(ofUnreadOffset:)` against a count from the start, for
/// positions asked in any order (a damaged line's start is asked after its error's position,
/// further on), across compactions of a small window.
@Suite struct StreamWindowLineTests {
  /// The 1-based line and column of every byte of `bytes` (and of the end), counted from the
  /// start.
  static func positions(_ bytes: [UInt8]) -> [(line: Int, column: Int)] {
    var result: [(line: Int, column: Int)] = [(1, 1)]
    var (line, column) = (1, 1)
    for byte in bytes {
      if byte == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
      result.append((line, column))
    }
    return result
  }

  @Test(arguments: [64, 4096])
  func positionsInAnyOrderMatchACountFromTheStart(initialSize: Int) throws {
    var generator = SystemRandomNumberGenerator()
    var bytes: [UInt8] = []
    for _ in 0..<3000 {
      let length = Int.random(in: 0..<40, using: &generator)
      bytes += (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) } + [0x0A]
    }
    let expected = Self.positions(bytes)
    var source = MemoryByteSource(bytes)
    var window = StreamWindow(initialSize: initialSize)
    var consumed = 0
    while try window.fill(from: &source) || window.unread.count > 0 {
      let unread = window.unread.count
      guard unread > 0 else { break }
      // Ask around a few positions in the unread part, backwards and forwards.
      for _ in 0..<4 {
        let offset = Int.random(in: 0..<unread, using: &generator)
        for probe in [offset, max(0, offset - 17), min(unread - 1, offset + 5), offset / 2] {
          let found = window.lineAndColumn(ofUnreadOffset: probe)
          #expect(found == expected[consumed + probe], "byte \(consumed + probe)")
        }
      }
      let step = min(unread, max(1, unread / 3))
      window.consume(step)
      consumed += step
      if consumed >= bytes.count { break }
    }
    #expect(consumed == bytes.count)
  }

  /// The stream fuzz target's timeout, a log of damaged lines, is read in linear time.
  ///
  /// Each damaged line's start (`[[a·]1,""`, `4`, `,1,` repeated) was counted again from the
  /// start of the window, so 1 MB took 23 s in the release build (minutes in the debug build
  /// the tests run). Now 1 MB is read in well under the limit (0.3 s release), with the first
  /// line's error.
  @Test(.timeLimit(.minutes(1)))
  func manyDamagedLinesCostTheirBytesNotTheWindowEach() throws {
    let unit = Array("[[a\u{B7}]1,\"\"\n4\n,1,\n".utf8)
    var bytes: [UInt8] = []
    while bytes.count < 1 << 20 { bytes += unit }
    var analyzer = CallAnalyzer()
    do {
      _ = try DumpReader.read(source: MemoryByteSource(bytes), into: &analyzer)
      Issue.record("read as a dump")
    } catch {
      #expect(error.line == 1 && error.column == 3, "\(error)")
    }
  }
}
