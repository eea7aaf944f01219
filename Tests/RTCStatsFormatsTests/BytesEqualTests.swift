import Testing

@testable import RTCStatsFormats

/// `bytesEqual` compares short names with overlapping word loads: every length and every
/// differing position must give what a byte-by-byte comparison gives.
@Suite struct BytesEqualTests {
  @Test func everyLengthAndEveryDifferingByte() {
    let base: [UInt8] = (0..<80).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for count in 0...72 {
      var copy = base
      #expect(bytesEqual(base, copy, count), "equal, \(count) bytes")
      for position in 0..<count {
        var changed = base
        changed[position] ^= 0x20
        #expect(!bytesEqual(base, changed, count), "byte \(position) of \(count)")
      }
      // A difference just past the compared bytes does not count.
      copy[count] ^= 0x20
      #expect(bytesEqual(base, copy, count), "past the end, \(count) bytes")
    }
  }
}
