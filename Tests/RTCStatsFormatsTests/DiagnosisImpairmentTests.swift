import Foundation
import RTCStatsCore
import Testing

/// A sender cap, a network cut and a bandwidth bottleneck, each checked against truth.json
/// and the raw counters.
@Suite struct DiagnosisImpairmentTests {
  /// maxBitrate 200k from 10 to 20 s (truth.json): the encoder reports bandwidth but the
  /// estimate stays far above what is sent — an application cap, the grade stays excellent.
  @Test func bitrateCapIsAnApplicationCapNotANetworkGrade() throws {
    let capture = try DiagnosedCapture(TestData.sample("captures/bitrate-cap"), "sender.jsonl")
    let caps = capture.findings("applicationLimitedEncoder")
    #expect(caps.contains { capture.seconds($0.start) <= 11 && capture.seconds($0.end) >= 20 })
    #expect(capture.findings("bandwidthLimitedEncoder").isEmpty)
    #expect(capture.findings("lowAvailableBandwidth").isEmpty)
    let send = try #require(capture.condition()?.send)
    #expect(send.grade == .excellent)
    // The evidence: the estimate was at least 1.5× what was sent (raw counters).
    let reference = try ReferenceCapture(jsonl: TestData.sample("captures/bitrate-cap/sender.jsonl"))
    let pair = try #require(
      reference.ids(type: "candidate-pair").first { id in
        reference.series(id).contains { ReferenceCapture.number($0, "availableOutgoingBitrate") != nil }
      })
    let estimates = reference.series(pair).compactMap {
      ReferenceCapture.number($0, "availableOutgoingBitrate")
    }
    #expect((estimates.dropFirst().min() ?? 0) > 1.5 * 200_000)
  }

  /// Every UDP packet dropped from 12 to 20 s: media stops (receiver), checks go unanswered
  /// (both), ICE goes disconnected, and the grade is critical over the cut.
  @Test(.enabled(if: TestData.isSharedAvailable), arguments: ["receiver.jsonl", "sender.jsonl"])
  func outageIsCriticalWithStoppedMediaAndICEDisconnected(_ file: String) throws {
    let capture = try DiagnosedCapture(TestData.sharedPath("capture/out/outage"), file)
    let cut = try #require(capture.windows.first)
    #expect(cut.start == 12 && cut.end == 20)
    func covers(_ finding: Diagnostic, slack: Double = 1.5) -> Bool {
      capture.seconds(finding.start) <= cut.start + slack && capture.seconds(finding.end) >= cut.end - slack
    }
    let stopped = capture.findings(file == "receiver.jsonl" ? "mediaStopped" : "feedbackStopped")
    #expect(
      stopped.contains { covers($0) && $0.severity == .critical },
      "\(stopped.map { capture.seconds($0.start) })")
    #expect(capture.findings("connectivityLost").contains { covers($0) })
    let ice = try #require(capture.findings("iceDisconnected").first)
    #expect(capture.seconds(ice.start) >= cut.start && capture.seconds(ice.end) <= cut.end + 1)
    let condition = try #require(capture.condition())
    #expect(condition.overall.grade == .critical && condition.overall.reason == .networkConditionChange)
    let critical = DiagnosedCapture.degradedSeconds(condition.overall, atLeast: .critical, t0: capture.t0)
    #expect(Set(14...20).isSubset(of: critical), "\(critical.sorted())")
    #expect(critical.allSatisfy { (12...21).contains($0) })
  }

  /// Firefox has no STUN counters: the sender sees the cut as receiver reports that stop.
  @Test(.enabled(if: TestData.isSharedAvailable))
  func firefoxOutageIsCriticalFromBothSides() throws {
    let folder = TestData.sharedPath("capture/out-firefox/outage")
    let receiver = try DiagnosedCapture(folder, "receiver.jsonl")
    #expect(receiver.condition()?.receive.grade == .critical)
    #expect(receiver.findings("mediaStopped").contains { abs(receiver.seconds($0.start) - 12) <= 1.5 })
    let sender = try DiagnosedCapture(folder, "sender.jsonl")
    #expect(sender.condition()?.send.grade == .critical)
    let feedback = try #require(sender.findings("feedbackStopped").first)
    #expect(abs(sender.seconds(feedback.start) - 12) <= 1.5 && abs(sender.seconds(feedback.end) - 20) <= 1.5)
  }

  /// 350 kbit/s from 12 to 26 s: the send grade's reason is bandwidth over the bottleneck, the
  /// encoder is network-limited, the estimate low, the RTT high, the frame rate down and the
  /// received video freezes — each starting within the bottleneck.
  @Test(.enabled(if: TestData.isSharedAvailable))
  func bandwidthBottleneckIsGradedBandwidthWithItsSymptoms() throws {
    let folder = TestData.sharedPath("capture/out/bandwidth")
    let sender = try DiagnosedCapture(folder, "sender.jsonl")
    let bottleneck = try #require(sender.rateWindows.first)
    #expect(bottleneck == (12, 26))
    let send = try #require(sender.condition()?.send)
    #expect(send.reason == .bandwidth && send.grade.isDegraded)
    let degraded = send.timeline.filter(\.grade.isDegraded)
    #expect(degraded.allSatisfy { $0.reason == .bandwidth || $0.reason == .packetLoss })
    #expect(
      DiagnosedCapture.degradedSeconds(send, atLeast: .warning, t0: sender.t0).isSuperset(of: Set(14...19)))
    func startsInside(_ code: String, _ capture: DiagnosedCapture, kind: MediaKind? = nil) -> Bool {
      capture.findings(code, kind: kind).contains {
        (bottleneck.0...bottleneck.1).contains(capture.seconds($0.start))
      }
    }
    #expect(startsInside("bandwidthLimitedEncoder", sender))
    #expect(startsInside("lowAvailableBandwidth", sender))
    #expect(startsInside("highRoundTripTime", sender))
    #expect(startsInside("lowFrameRate", sender, kind: .video))
    #expect(
      sender.findings("applicationLimitedEncoder").allSatisfy { sender.seconds($0.end) <= bottleneck.0 + 1.5 }
    )
    let rtt = try #require(sender.findings("highRoundTripTime").first)
    guard case .number(let peak) = rtt.evidence["peakRoundTripTime"] else { return }
    let reference = try ReferenceCapture(jsonl: folder + "/sender.jsonl")
    let measured =
      reference.ids(type: "candidate-pair").flatMap { reference.series($0) }
      .compactMap { ReferenceCapture.number($0, "currentRoundTripTime") }.max() ?? 0
    #expect(peak >= measured * 1000 - 1)
    let receiver = try DiagnosedCapture(folder, "receiver.jsonl")
    #expect(startsInside("videoFreezes", receiver))
    #expect(startsInside("highJitter", receiver, kind: .video))
    #expect(startsInside("jitterBufferStress", receiver, kind: .audio))
    #expect(receiver.condition()?.receive.reason == .bandwidth)
  }
}
