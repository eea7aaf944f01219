import Testing

@testable import RTCStatsReport

@Suite struct AnchorIDTests {
  @Test func keepsCleanComponentsAsTheyAre() {
    #expect(AnchorID("track", "pc0", "video").value == "track-pc0-video")
  }

  @Test func reducesAnythingElseToLettersDigitsAndDashesPlusAHash() {
    let id = AnchorID("pc", "PC_0")
    #expect(id.value.hasPrefix("pc-pc-0-h"))
    #expect(id.value.count == "pc-pc-0-h".count + 8)
  }

  @Test(arguments: ["\"><script>alert(1)</script>", "</style>", "a b\u{0}c", "東京", "", "--", "#x"])
  func isAlwaysSafeInAnIDAndAnHref(_ hostile: String) {
    let value = AnchorID("t", hostile).value
    #expect(value.first?.isLetter == true)
    #expect(
      value.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "-")
      })
  }

  @Test func differentInputsThatSanitiseAlikeGetDifferentIDs() {
    #expect(AnchorID("PC_0").value != AnchorID("pc-0").value)
    #expect(AnchorID("a b").value != AnchorID("a_b").value)
  }

  @Test func isStableAndStartsWithALetter() {
    #expect(AnchorID("0", "x") == AnchorID("0", "x"))
    #expect(AnchorID("0").value == "a-0")
  }

  @Test func staysShortForLongInput() {
    let long = String(repeating: "abcdefghij", count: 100)
    #expect(AnchorID(long).value.count <= 48 + 10)
    #expect(AnchorID(long) != AnchorID(long + "x"))
  }
}
