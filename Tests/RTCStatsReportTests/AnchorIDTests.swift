import RTCStatsCore
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

@Suite struct AnchorIDCoreTests {
  @Test func everyDistinctTrackGetsItsOwnAnchor() {
    let groups: [TrackGroup] = [
      .trackIdentifier("{a}"), .trackIdentifier("{A}"), .mediaSource("SV1"), .mid("1"), .statsID("SV1"),
    ]
    var anchors: Set<AnchorID> = []
    var count = 0
    for pc in ["PC_0", "pc-0", "1-2"] {
      for direction in [Direction.inbound, .outbound] {
        for kind in [MediaKind.audio, .video, nil] {
          for group in groups {
            anchors.insert(
              AnchorID(track: TrackID(peerConnection: pc, direction: direction, kind: kind, group: group)))
            count += 1
          }
        }
      }
    }
    #expect(anchors.count == count)
  }

  @Test func streamsAndChartsNestUnderTheirSection() {
    let track = TrackID(
      peerConnection: "PC_0", direction: .outbound, kind: .video, group: .mediaSource("SV1"))
    let layers = ["OT01V1", "OT01V2"].map { AnchorID(stream: StreamID(track: track, statsID: $0)) }
    #expect(layers[0] != layers[1])
    let section = AnchorID(peerConnection: "PC_0")
    #expect(AnchorID(chart: "rtt", in: section).value.hasPrefix(section.value + "-chart-rtt"))
  }
}
