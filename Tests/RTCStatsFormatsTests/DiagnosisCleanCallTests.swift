import Foundation
import RTCStatsCore
import Testing

/// Calls without network trouble: graded excellent or good with no warning; source stalls and
/// pauses reported as such, not as the network.
@Suite struct DiagnosisCleanCallTests {
  static let clean: [(folder: String, file: String)] = [
    ("captures/basic", "sender.jsonl"), ("captures/basic", "receiver.jsonl"),
    ("captures/audio-only", "sender.jsonl"), ("captures/audio-only", "receiver.jsonl"),
  ]

  @Test(arguments: clean.indices)
  func cleanCallsAreExcellentOrGoodWithoutWarnings(_ index: Int) throws {
    let (folder, file) = Self.clean[index]
    let capture = try DiagnosedCapture(TestData.sample(folder), file)
    let condition = try #require(capture.condition())
    #expect(
      [.excellent, .good].contains(condition.overall.grade), "\(folder)/\(file): \(condition.overall.grade)")
    #expect(condition.overall.degradationSource == .none)
    #expect(capture.warnings.isEmpty, "\(folder)/\(file): \(capture.warnings.map(\.code))")
  }

  @Test(
    .enabled(if: TestData.isSharedAvailable),
    arguments: ["publisher-a.jsonl", "publisher-b.jsonl", "subscriber.jsonl"])
  func sfuBasicIsClean(_ file: String) throws {
    let capture = try DiagnosedCapture(TestData.sharedPath("capture/out/sfu-basic"), file)
    for connection in capture.analysis.peerConnections {
      let condition = try #require(connection.networkCondition)
      #expect([.excellent, .good].contains(condition.overall.grade), "\(file) \(connection.id)")
    }
    #expect(capture.warnings.isEmpty, "\(file): \(capture.warnings.map(\.code))")
  }

  /// The freeze capture stops the canvas for 0.6/1.0/1.5/0.8 s at 6/12/18/24 s: four videoFreezes
  /// findings within one poll of each stall, and no network grade below good (a stalled source
  /// is not the network).
  @Test func freezesAreFoundAtTheStallsWithoutANetworkGrade() throws {
    let capture = try DiagnosedCapture(TestData.sample("captures/freeze"), "receiver.jsonl")
    let stalls = (capture.config("stalls") as? [[String: Any]] ?? []).compactMap {
      ($0["start_s"] as? NSNumber)?.doubleValue
    }
    #expect(stalls == [6, 12, 18, 24])
    let freezes = capture.findings("videoFreezes")
    #expect(freezes.count == stalls.count)
    for (finding, stall) in zip(freezes, stalls) {
      #expect(abs(capture.seconds(finding.start) - stall) <= 1, "freeze at \(capture.seconds(finding.start))")
    }
    let total = freezes.reduce(0) { sum, finding in
      guard case .integer(let count) = finding.evidence["freezeCount"] else { return sum }
      return sum + count
    }
    let reference = try ReferenceCapture(jsonl: TestData.sample("captures/freeze/receiver.jsonl"))
    let id = try #require(reference.ids(type: "inbound-rtp", kind: "video").first)
    #expect(Double(total) == reference.last(id, "freezeCount"))
    #expect([.excellent, .good].contains(capture.condition()?.overall.grade))
  }

  /// replaceTrack(null) from 11 to 19 s: one videoPause over that window, no freeze, no dry
  /// track on either side.
  @Test func thePauseIsAPauseNotAFreeze() throws {
    let folder = TestData.sample("captures/pause")
    let receiver = try DiagnosedCapture(folder, "receiver.jsonl")
    let pause = try #require(receiver.findings("videoPause").first)
    let window = try #require(receiver.config("pause") as? [String: Any])
    let start = (window["start_s"] as? NSNumber)?.doubleValue ?? .nan
    let length = (window["duration_s"] as? NSNumber)?.doubleValue ?? .nan
    #expect(abs(receiver.seconds(pause.start) - start) <= 1)
    #expect(abs(receiver.seconds(pause.end) - (start + length)) <= 1)
    #expect(pause.severity == .info)
    #expect(receiver.findings("videoFreezes").isEmpty)
    #expect(receiver.findings("noMediaFlowing").isEmpty)
    let sender = try DiagnosedCapture(folder, "sender.jsonl")
    #expect(sender.findings("noMediaFlowing").isEmpty)
    #expect(receiver.condition()?.overall.grade == .excellent)
  }
}
