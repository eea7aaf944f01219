import Testing

@testable import RTCStatsCore

/// ``MetricScope`` keeps its directions and kinds as bit masks; it must answer exactly as the
/// two sets it is made of, for every set of directions, set of kinds, direction and kind.
@Suite struct MetricScopeTests {
  private static let directionSets: [Set<Direction>] = [[], [.inbound], [.outbound], [.inbound, .outbound]]
  private static let kindSets: [Set<MediaKind>] = [[], [.audio], [.video], [.audio, .video]]

  @Test func containsIsTheProductOfTheTwoSets() {
    for directions in Self.directionSets {
      for kinds in Self.kindSets {
        let scope = MetricScope(directions: directions, kinds: kinds)
        for direction in [Direction.inbound, .outbound] {
          for kind in [MediaKind.audio, .video] {
            #expect(
              scope.contains(direction: direction, kind: kind)
                == (directions.contains(direction) && kinds.contains(kind)),
              "\(directions) \(kinds) \(direction) \(kind)")
          }
        }
      }
    }
  }

  @Test func setsReadBackAsGivenAndEqualityFollowsThem() {
    for directions in Self.directionSets {
      for kinds in Self.kindSets {
        let scope = MetricScope(directions: directions, kinds: kinds)
        #expect(scope.directions == directions)
        #expect(scope.kinds == kinds)
        for otherDirections in Self.directionSets {
          for otherKinds in Self.kindSets {
            let other = MetricScope(directions: otherDirections, kinds: otherKinds)
            #expect((scope == other) == (directions == otherDirections && kinds == otherKinds))
          }
        }
      }
    }
  }

  @Test func settingTheSetsChangesTheAnswers() {
    var scope = MetricScope.inboundVideo
    #expect(!scope.contains(direction: .outbound, kind: .video))
    scope.directions = [.outbound]
    #expect(scope.contains(direction: .outbound, kind: .video))
    #expect(!scope.contains(direction: .inbound, kind: .video))
    scope.kinds = [.audio, .video]
    #expect(scope == .outbound)
    #expect(scope.contains(direction: .outbound, kind: .audio))
  }

  @Test func namedScopesAndLabels() {
    let expected: [(MetricScope, Set<Direction>, Set<MediaKind>, String)] = [
      (.all, [.inbound, .outbound], [.audio, .video], "all"),
      (.inbound, [.inbound], [.audio, .video], "inbound"),
      (.outbound, [.outbound], [.audio, .video], "outbound"),
      (.video, [.inbound, .outbound], [.video], "video"),
      (.audio, [.inbound, .outbound], [.audio], "audio"),
      (.inboundVideo, [.inbound], [.video], "inbound video"),
      (.inboundAudio, [.inbound], [.audio], "inbound audio"),
      (.outboundVideo, [.outbound], [.video], "outbound video"),
    ]
    for (scope, directions, kinds, label) in expected {
      #expect(scope.directions == directions && scope.kinds == kinds, "\(label)")
      #expect(scope.label == label)
    }
  }
}
